import type { StepProps } from '../step-props';
import { AggressorList } from '../parts/aggressor-list';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';

/** "Here's what affects your hair in New York.": the aggressors where the shopper lives, then Next. */
export function GeoAggressorsStep({ screen, onNext, busy, facts }: StepProps<'geo-aggressors'>) {
  const aggressors = facts.aggressors ?? [];
  return (
    <div className="step step--geo-aggressors">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      {aggressors.length > 0 ? <AggressorList aggressors={aggressors} /> : null}
      <div className="step__actions">
        <ActionButton busy={busy} onClick={onNext}>
          {screen.step.button ?? 'Next'}
        </ActionButton>
      </div>
    </div>
  );
}
