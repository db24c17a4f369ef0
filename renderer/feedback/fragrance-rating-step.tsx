import './feedback-steps.css';
import { useId } from 'react';
import { RATING_SKIP, type CompiledOption, type Selection } from '#engine';
import type { StepProps } from '../step-props';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { ActionButton } from '../parts/action-button';
import { RatingScale } from './rating-scale';

type Answer = NonNullable<Selection<'fragrance-rating'>>;

/**
 * One product's fragrance on one page (spec 002 §2.6): how satisfied (the §9.2 scale and its skip) and how intense
 * (too strong, too light, just right, §9.4). A fragrance not used enough (0) asks no intensity. Each choice is reported
 * at once; the button moves on (the engine asks for what is missing).
 */
export function FragranceRatingStep({ screen, onChange, onNext, busy }: StepProps<'fragrance-rating'>) {
  const { step } = screen;
  const satisfactionId = useId();
  const intensityId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const answer: Answer = value ?? {};
  const report = (next: Answer) => {
    setValue(next);
    onChange(next);
  };
  const pickSatisfaction = (option: CompiledOption) => {
    const satisfaction = Number(option.value);
    report(satisfaction === RATING_SKIP ? { satisfaction } : { ...answer, satisfaction });
  };
  const pickIntensity = (option: CompiledOption) => report({ ...answer, intensity: String(option.value) });
  const notUsed = answer.satisfaction === RATING_SKIP;
  return (
    <div className="step step--choice step--fragrance-rating">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <section className="feedback-question">
        <h2 id={satisfactionId} className="feedback-question__title">
          {step.satisfactionLabel ?? 'How satisfied are you with the fragrance?'}
        </h2>
        <RatingScale
          name={step.fields.satisfaction}
          options={step.satisfactionOptions}
          value={answer.satisfaction}
          onPick={pickSatisfaction}
          labelledBy={satisfactionId}
          busy={busy}
        />
      </section>
      {notUsed ? null : (
        <section className="feedback-question">
          <h2 id={intensityId} className="feedback-question__title">
            {step.intensityLabel ?? 'How do you find its intensity?'}
          </h2>
          <div className="feedback-intensity">
            <OptionList
              type="radio"
              name={step.fields.intensity}
              options={step.intensityOptions}
              isChecked={(o) => optionMatches(o, answer.intensity)}
              onToggle={pickIntensity}
              labelledBy={intensityId}
              busy={busy}
            />
          </div>
        </section>
      )}
      <div className="step__actions">
        <ActionButton busy={busy} onClick={onNext}>
          {step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </div>
  );
}
