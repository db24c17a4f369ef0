import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { StepImage } from '../parts/step-image';
import { ActionButton } from '../parts/action-button';

/** A section intro / transition page: "Section 2" and its title, subtitle, body and picture (spec 000 §2.2). */
export function IntroStep({ screen, onNext, busy }: StepProps<'intro'>) {
  const { step } = screen;
  return (
    <div className="step step--intro">
      {screen.image ? (
        <div className="step__media">
          <StepImage image={screen.image} priority />
        </div>
      ) : null}
      <div className="step__content">
        <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} eyebrow={step.eyebrow} />
        <StepBody body={screen.text.body} />
        <div className="step__actions">
          <ActionButton busy={busy} onClick={onNext}>
            {step.button ?? 'Next'}
          </ActionButton>
        </div>
      </div>
    </div>
  );
}
