import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { StepImage } from '../parts/step-image';
import { ActionButton } from '../parts/action-button';

/** The consultation's welcome: picture, title, subtitle, body, "Begin", and an optional "Resume here" link to /signin. */
export function WelcomeStep({ screen, onNext, busy }: StepProps<'welcome'>) {
  const { step } = screen;
  return (
    <div className="step step--welcome">
      {screen.image ? (
        <div className="step__media">
          <StepImage image={screen.image} priority />
        </div>
      ) : null}
      <div className="step__content">
        <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
        <StepBody body={screen.text.body} />
        <div className="step__actions">
          <ActionButton busy={busy} onClick={onNext}>
            {step.button ?? 'Begin'}
          </ActionButton>
          {step.resumeLink ? (
            <a className="step__link" href="/signin">
              {step.resumeLink}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
