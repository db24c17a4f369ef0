import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../ui/notice';
import type { ShipNowError } from './ship-now-machine';

export type ShipNowState = { status: 'idle' } | { status: 'loading' } | { status: 'success'; orderPubkey: string } | { status: 'error'; error: ShipNowError };

/** A ship-now failure in words: a payment's refusal says to update the card (spec 001 §8 payment errors flagged). */
function ShipNowProblem({ error }: { error: ShipNowError }) {
  if (error.paymentError)
    return (
      <Notice tone="error" focus>
        <p>Your payment did not go through, so nothing was shipped. {error.detail}</p>
        <Link to="/account/payments">Update your card</Link>
      </Notice>
    );
  return (
    <Notice tone="error" focus>
      We couldn’t ship your box now: {error.detail}
    </Notice>
  );
}

/**
 * Ship now (spec 001 §4, §5, §8): asked first, then the next box is ordered and charged at once; the page then goes to
 * the order (/account/orders/{pubkey}).
 */
export function SubscriptionShipNow({
  state,
  cardLabel,
  onShip,
  onReset,
}: {
  state: ShipNowState;
  cardLabel: string | null;
  onShip: () => void;
  onReset: () => void;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const busy = state.status === 'loading' || state.status === 'success';
  return (
    <section className="card subscription-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ship now</h2>
      <p>Can’t wait? Get your next box now. The products after it then follow their own schedule from today.</p>
      {state.status === 'error' ? <ShipNowProblem error={state.error} /> : null}
      {asking || busy ? (
        <div className="subscription-ship-now__confirm" role="group" aria-labelledby={`${id}-ask`}>
          <p id={`${id}-ask`}>
            <strong>Ship your next box now?</strong> {cardLabel ? `It is charged today to ${cardLabel}.` : 'It is charged today.'}
          </p>
          <p className="subscription-section__actions">
            <button
              type="button"
              className="button button--primary"
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={() => !busy && onShip()}
            >
              {busy ? 'Placing your order…' : 'Yes, ship it now'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                onReset();
              }}
            >
              Not now
            </button>
          </p>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          Ship now
        </button>
      )}
    </section>
  );
}
