import { useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionPreview, UpsellOffer } from '#api';
import { frequencyText } from '#api/shared';
import { Notice } from '../../ui/notice';
import { formatMoney } from '../catalog/money';
import { dayInWords } from '../orders/order-views';
import type { UpsellKey } from './upsells';

const TITLES: Record<UpsellKey, string> = { haircare: 'Custom haircare', supplements: 'Hair supplements', skincare: 'Custom skincare' };

/** Which upsell an offer is. */
export const upsellKeyOf = (offer: Pick<UpsellOffer, 'category' | 'sub_category'>): UpsellKey =>
  offer.sub_category === 'supplements' ? 'supplements' : offer.category;

/** What the card can ask of its owner. */
export interface UpsellActions {
  /** The shopper picks an offer whose consultation is not answered: recorded, then the link leads there (§4). */
  missingConsultation(): void;
  /** POST /v2/subscriptions/preview-upsell: what the subscription would charge with these products. */
  preview(): Promise<SubscriptionPreview>;
  /** POST /v2/subscriptions/add-products; rejects with the words to show. */
  confirm(): Promise<void>;
}

type Step =
  { kind: 'offer' } | { kind: 'previewing' } | { kind: 'preview'; preview: SubscriptionPreview } | { kind: 'confirming'; preview: SubscriptionPreview };

/**
 * One upsell offer on the account overview (spec 001 §2 "Account overview shows the haircare and skincare upsell
 * offers", §4 Upsells): the products of the shopper's routine with their subscribed price and frequency. Without the
 * consultation answered it leads to the consultation (and records it as missing); else "Add to my subscription" shows
 * the preview (first charge, its day and total, free shipping) and Confirm adds the products.
 */
export function UpsellOfferCard({ offer, actions }: { offer: UpsellOffer; actions: UpsellActions }) {
  const key = upsellKeyOf(offer);
  const [step, setStep] = useState<Step>({ kind: 'offer' });
  const [failure, setFailure] = useState<string | null>(null);
  const supplements = offer.sub_category === 'supplements';
  const titleId = `upsell-${key}-title`;

  const preview = async () => {
    setFailure(null);
    setStep({ kind: 'previewing' });
    try {
      setStep({ kind: 'preview', preview: await actions.preview() });
    } catch (error) {
      setStep({ kind: 'offer' });
      setFailure(error instanceof Error ? error.message : 'An unexpected error occurred.');
    }
  };
  const confirm = async (shown: SubscriptionPreview) => {
    setFailure(null);
    setStep({ kind: 'confirming', preview: shown });
    try {
      await actions.confirm();
    } catch (error) {
      setStep({ kind: 'preview', preview: shown });
      setFailure(error instanceof Error ? error.message : 'An unexpected error occurred.');
    }
  };
  const shown = step.kind === 'preview' || step.kind === 'confirming' ? step.preview : null;
  const charge = shown?.forecast.forecast[0];

  return (
    <li className="card upsell-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="upsell-offer__title">
        {TITLES[key]}
      </h3>
      <ul className="upsell-offer__products">
        {offer.products.map((product) => (
          <li key={product.type}>
            <span>{product.label}</span>{' '}
            <span className="account-overview__muted">
              {formatMoney(product.subscribed_price, offer.currency)} {frequencyText(product.frequency, { supplements })}
              {product.price > product.subscribed_price ? (
                <>
                  {' '}
                  <s aria-label={`instead of ${formatMoney(product.price, offer.currency)}`}>{formatMoney(product.price, offer.currency)}</s>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {charge ? (
        <div className="upsell-offer__preview" role="status">
          <p>
            First delivery charged {dayInWords(charge.next_charge)}: <strong>{formatMoney(charge.total_amount, shown.forecast.currency)}</strong>, shipping
            free. Nothing is charged today.
          </p>
        </div>
      ) : null}
      {failure ? (
        <Notice tone="error" focus>
          {failure}
        </Notice>
      ) : null}
      <div className="upsell-offer__actions">
        {!offer.consultation_answered ? (
          <Link className="button button--secondary" to={`/consultation/${offer.category}`} onClick={actions.missingConsultation}>
            Take the {offer.category} consultation
          </Link>
        ) : shown ? (
          <>
            <button
              type="button"
              className="button button--primary"
              aria-disabled={step.kind === 'confirming' || undefined}
              aria-busy={step.kind === 'confirming' || undefined}
              onClick={() => step.kind === 'preview' && void confirm(shown)}
            >
              {step.kind === 'confirming' ? 'Adding…' : 'Confirm'}
            </button>
            <button type="button" className="button button--quiet" onClick={() => (setStep({ kind: 'offer' }), setFailure(null))}>
              Not now
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            aria-busy={step.kind === 'previewing' || undefined}
            aria-disabled={step.kind === 'previewing' || undefined}
            aria-describedby={titleId}
            onClick={() => step.kind === 'offer' && void preview()}
          >
            {step.kind === 'previewing' ? 'Loading…' : 'Add to my subscription'}
          </button>
        )}
      </div>
    </li>
  );
}
