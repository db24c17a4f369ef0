import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { StepImage } from '../parts/step-image';
import { ActionButton } from '../parts/action-button';

/**
 * A page of words between questions, drawn the same way for both kinds (spec 000 §2.2): its picture, title, subtitle,
 * body and one button. The consultation's welcome says "Begin" and may offer "Resume here" (a link to /signin); a
 * section intro (transition) says "Next" and names its section above the title ("Section 2").
 */
function PageStep({ screen, onNext, busy }: StepProps<'welcome' | 'intro'>) {
  const { step } = screen;
  const welcome = step.kind === 'welcome';
  return (
    <div className={`step step--${step.kind}`}>
      {screen.image ? (
        <div className="step__media">
          <StepImage image={screen.image} priority />
        </div>
      ) : null}
      <div className="step__content">
        <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} eyebrow={welcome ? undefined : step.eyebrow} />
        <StepBody body={screen.text.body} />
        <div className="step__actions">
          <ActionButton busy={busy} onClick={onNext}>
            {step.button ?? (welcome ? 'Begin' : 'Next')}
          </ActionButton>
          {welcome && step.resumeLink ? (
            <a className="step__link" href="/signin">
              {step.resumeLink}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The consultation's welcome. */
export const WelcomeStep = PageStep as (props: StepProps<'welcome'>) => React.JSX.Element;
/** A section intro / transition page. */
export const IntroStep = PageStep as (props: StepProps<'intro'>) => React.JSX.Element;
