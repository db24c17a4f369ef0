import './cancel-steps.css';
import { useId, useState } from 'react';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import type { CancelFacts } from './cancel-facts';

/**
 * The retention offers for the reason given (spec 001 §7 retention), each a card with its own Accept button, and the
 * way on to cancel ("No thanks, cancel"). Either button reports the choice and moves on; the kind's save applies an
 * accepted offer and checks it took (spec 001 §4 "Retention-action check").
 */
export function RetentionOfferStep({ screen, onChange, onNext, busy, facts }: StepProps<'retention-offer', CancelFacts>) {
  const { step } = screen;
  const id = useId();
  // Which button was pressed, so that only it shows as busy while the offer is applied.
  const [pressed, setPressed] = useState<string | null>(null);
  const choose = (offer: string | null) => {
    if (busy) return;
    setPressed(offer ?? 'decline');
    onChange(offer ? { offer, accepted: true } : { accepted: false });
    onNext();
  };
  return (
    <div className="step step--retention-offer">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      {facts.offers === undefined ? (
        <p className="retention-offers__loading" role="status">
          Loading your offers…
        </p>
      ) : (
        <ul className="retention-offers" aria-label="Offers">
          {facts.offers.map((offer) => (
            <li key={offer.id} className="card retention-offer">
              <h2 id={`${id}-${offer.id}`} className="retention-offer__title">
                {offer.title}
              </h2>
              <p className="retention-offer__detail">{offer.detail}</p>
              {/* Named with the offer, as several offers each have one ("Accept offer: 20% off your next box"). */}
              <button
                type="button"
                className="button button--primary"
                aria-label={`${step.accept}: ${offer.title}`}
                aria-busy={(busy && pressed === offer.id) || undefined}
                aria-disabled={busy || undefined}
                onClick={() => choose(offer.id)}
              >
                {step.accept}
                {busy && pressed === offer.id ? <span className="button__spinner" aria-hidden="true" /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="step__actions">
        <ActionButton variant="secondary" busy={busy && pressed === 'decline'} onClick={() => choose(null)}>
          {step.decline}
        </ActionButton>
      </div>
    </div>
  );
}
