import './cancel-steps.css';
import type { MouseEvent } from 'react';
import { fillPlaceholders } from '#engine';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import type { CancelFacts } from './cancel-facts';

/**
 * What cancelling means (the next delivery not sent, the saving lost, resubscribing later), the final button that
 * cancels the subscription (spec 001 §7 cancel), and the way back to keep it.
 */
export function CancelConfirmStep({ screen, onChange, onNext, busy, facts }: StepProps<'cancel-confirm', CancelFacts>) {
  const { step } = screen;
  const words = { category: facts.category, date: facts.date, discount: facts.discount };
  const cancel = () => {
    if (busy) return;
    onChange({ confirmed: true });
    onNext();
  };
  const keep = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the page; a click asking for a new tab or window goes by the link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    facts.onKeep();
  };
  return (
    <div className="step step--cancel-confirm">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      {step.points.length > 0 ? (
        <ul className="card cancel-points">
          {step.points.map((point) => (
            <li key={point}>{fillPlaceholders(point, words)}</li>
          ))}
        </ul>
      ) : null}
      <div className="step__actions cancel-actions">
        <ActionButton busy={busy} onClick={cancel}>
          {step.button ?? 'Cancel subscription'}
        </ActionButton>
        <a className="button button--quiet" href={facts.keepPath} onClick={keep}>
          {step.keep}
        </a>
      </div>
    </div>
  );
}
