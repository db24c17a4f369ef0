import { Link } from 'react-router';
import type { Subscription, SubscriptionForecast, SubscriptionProduct } from '#api';
import { frequencyText } from '#api/commerce';
import { ProductPicture } from '../../ui/product-picture';
import { NextChargeLine } from './forecast-view';
import { subscriptionSlug } from './subscription-rules';
import { categoryTitle, categoryWords, dayWords, fragranceStep, holdReasonWords, statusWords } from './subscription-words';

/** A product's card picture (public/media/card-<type>.svg, drawn by `npm run artwork`), decorative beside its name. */
export function ProductThumb({ type }: { type: string }) {
  return (
    <span className="thumbnail subscription-product__thumb" aria-hidden="true">
      <ProductPicture src={`/media/card-${type.replaceAll('_', '-')}.svg`} alt="" width={600} height={600} sizes="56px" />
    </span>
  );
}

/** A product's schedule in words: quantity, frequency, its own next delivery, or skipped. */
export function productSchedule(product: SubscriptionProduct, subscription: Pick<Subscription, 'sub_category' | 'status'>): string {
  const every = frequencyText(product.frequency, { supplements: subscription.sub_category === 'supplements' });
  const when =
    subscription.status === 'canceled'
      ? ''
      : product.skipped
        ? ` · Skipped, next delivery ${dayWords(product.next_start)}`
        : ` · Next delivery ${dayWords(product.next_start)}`;
  return `Quantity ${product.quantity} · ${every}${when}`;
}

/** Why it is on hold, and what the shopper can do about it (spec 001 §4 onhold reasons). */
function HoldReason({ subscription }: { subscription: Subscription }) {
  const reason = subscription.status_reason;
  return (
    <div className="notice notice--info subscription-card__hold">
      <p>{holdReasonWords(reason)}</p>
      {reason === 'payment_error' ? <Link to="/account/payments">Update your card</Link> : null}
      {reason === 'invalid_fragrance' ? <Link to={fragranceStep(subscription.category)}>Choose another fragrance</Link> : null}
    </div>
  );
}

export type ForecastState = SubscriptionForecast | 'loading' | 'error' | undefined;

/**
 * One subscription on the subscription home: its category and status (on hold: why, and the way out), its products
 * each with its own schedule, the next charge from the forecast, Edit; a canceled one offers Resubscribe when its
 * category has no current one (spec 001 §4).
 */
export function SubscriptionCard({
  subscription,
  forecast,
  resubscribe,
}: {
  subscription: Subscription;
  forecast: ForecastState;
  /** Offered (spec 001 §4) and possible: the button's action and whether it is under way. */
  resubscribe?: { onClick: () => void; busy: boolean } | undefined;
}) {
  const slug = subscriptionSlug(subscription);
  const titleId = `subscription-${subscription.pubkey}`;
  const canceled = subscription.status === 'canceled';
  return (
    <li className="card subscription-card">
      <section aria-labelledby={titleId}>
        <div className="subscription-card__head">
          <h2 id={titleId}>{categoryTitle[slug]}</h2>
          <span className={`badge subscription-card__status subscription-card__status--${subscription.status}`}>{statusWords[subscription.status]}</span>
        </div>
        {subscription.status === 'onhold' ? <HoldReason subscription={subscription} /> : null}
        {canceled && subscription.canceled_at ? <p className="subscription-card__meta">Canceled {dayWords(subscription.canceled_at)}</p> : null}
        {!canceled && subscription.next_start ? <p className="subscription-card__meta">Next delivery {dayWords(subscription.next_start)}</p> : null}
        <ul className="subscription-products">
          {subscription.regular_products.map((product) => (
            <li key={product.type} className="subscription-product">
              <ProductThumb type={product.type} />
              <span className="subscription-product__text">
                <span className="subscription-product__name">{product.label}</span>
                <span className="subscription-product__schedule">{productSchedule(product, subscription)}</span>
              </span>
            </li>
          ))}
        </ul>
        {canceled ? null : forecast === 'loading' || forecast === undefined ? (
          <p className="subscription-card__charge">Working out your next charge…</p>
        ) : forecast === 'error' ? (
          <p className="subscription-card__charge">Your next charge could not be worked out just now.</p>
        ) : (
          <NextChargeLine forecast={forecast} />
        )}
        <p className="subscription-card__actions">
          {canceled ? null : (
            <Link className="button button--secondary" to={`/account/subscription/${slug}`} aria-label={`Edit your ${categoryWords[slug]} subscription`}>
              Edit
            </Link>
          )}
          {resubscribe ? (
            <button
              type="button"
              className="button button--primary"
              onClick={resubscribe.onClick}
              aria-disabled={resubscribe.busy || undefined}
              aria-busy={resubscribe.busy || undefined}
              aria-label={`Resubscribe to ${categoryWords[slug]}`}
            >
              {resubscribe.busy ? 'Resubscribing…' : 'Resubscribe'}
            </button>
          ) : null}
        </p>
      </section>
    </li>
  );
}
