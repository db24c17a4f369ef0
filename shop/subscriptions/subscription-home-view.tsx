import type { Ref } from 'react';
import { Link } from 'react-router';
import type { Subscription } from '#api';
import { Notice } from '../../ui/notice';
import { SubscriptionCard, type ForecastState } from './subscription-card';
import { canResubscribe, isCurrent } from './subscription-rules';
import './subscriptions.css';

/**
 * /account/subscription/home (spec 001 §2 "Account and subscriptions"): the banner its status picks (focused, so it
 * is read first), then every subscription, current ones first, each with its products and next charge.
 */
export function SubscriptionHomeView({
  subscriptions,
  forecasts,
  banner,
  headingRef,
  onResubscribe,
  resubscribing,
  problem,
}: {
  subscriptions: readonly Subscription[];
  forecasts: Readonly<Record<string, ForecastState>>;
  banner: { tone: 'success' | 'error'; text: string } | null;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Absent while resubscribing is not offered. */
  onResubscribe?: ((subscription: Subscription) => void) | undefined;
  resubscribing?: string | null;
  /** A resubscribe that failed, in words. */
  problem?: string | null;
}) {
  const ordered = [...subscriptions.filter(isCurrent), ...subscriptions.filter((s) => !isCurrent(s))];
  return (
    <div className="subscriptions">
      <h1 ref={headingRef} tabIndex={-1}>
        Your subscriptions
      </h1>
      {banner ? (
        <Notice tone={banner.tone} focus>
          {banner.text}
        </Notice>
      ) : null}
      {problem ? (
        <Notice tone="error" focus>
          {problem}
        </Notice>
      ) : null}
      {ordered.length === 0 ? (
        <div className="subscriptions__empty">
          <p>You have no subscriptions yet. Subscribe at checkout to save 15% and get free shipping on every box.</p>
          <Link className="button button--primary" to="/consultation">
            Take the consultation
          </Link>
        </div>
      ) : (
        <ul className="subscriptions__list">
          {ordered.map((subscription) => (
            <SubscriptionCard
              key={subscription.pubkey}
              subscription={subscription}
              forecast={forecasts[subscription.pubkey]}
              resubscribe={
                onResubscribe && canResubscribe(subscriptions, subscription)
                  ? { onClick: () => onResubscribe(subscription), busy: resubscribing === subscription.pubkey }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
