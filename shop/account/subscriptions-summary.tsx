import { Link } from 'react-router';
import type { Subscription } from '#api';
import { dayInWords } from '../orders/order-views';

/** A subscription's name as the shopper reads it. */
export const subscriptionName = (s: Pick<Subscription, 'category' | 'sub_category'>) =>
  s.sub_category === 'supplements' ? 'Hair supplements' : s.category === 'skincare' ? 'Skincare' : 'Haircare';

/** A subscription is current when active or on hold (spec 001 §4 Subscriptions). */
export const isCurrent = (s: Pick<Subscription, 'status'>) => s.status === 'active' || s.status === 'onhold';

/**
 * The subscriptions part of the account overview (spec 001 §2, §4): each current subscription with its next delivery
 * (or why it is on hold) and the way to manage it (/account/subscription/{category}), then the way to all of them
 * (/account/subscription/home).
 */
export function SubscriptionsSummary({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  const current = subscriptions.filter(isCurrent);
  return (
    <>
      {current.length === 0 ? (
        <p>{subscriptions.length > 0 ? 'You have no active subscription.' : 'No subscription yet: subscribe at checkout and save on every delivery.'}</p>
      ) : (
        <ul className="account-overview__rows">
          {current.map((s) => (
            <li key={s.pubkey} className="account-overview__row">
              <Link to={`/account/subscription/${s.category}`} aria-label={`Manage your ${subscriptionName(s).toLowerCase()} subscription`}>
                {subscriptionName(s)}
              </Link>
              <span className="account-overview__muted">{nextDelivery(s)}</span>
              {s.status === 'onhold' ? <span className="badge badge--sold-out">On hold</span> : null}
            </li>
          ))}
        </ul>
      )}
      {subscriptions.length > 0 ? (
        <p>
          <Link to="/account/subscription/home">All your subscriptions</Link>
        </p>
      ) : null}
    </>
  );
}

function nextDelivery(s: Subscription): string {
  if (s.status === 'onhold')
    return s.status_reason === 'payment_error'
      ? 'Paused: your payment did not go through'
      : s.status_reason === 'invalid_fragrance'
        ? 'Paused: your fragrance is sold out'
        : 'Paused';
  return s.next_start ? `Next delivery ${dayInWords(s.next_start)}` : 'No delivery planned';
}
