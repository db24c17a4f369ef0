import { useId } from 'react';
import type { CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { useFollowUp } from '../parts/follow-up';
import { RatingScale } from './rating-scale';

/**
 * A satisfaction rating (spec 002 §2.6, §9.2): five labelled choices and, apart, "I haven't used it enough" (0, which
 * clears the product's follow-ups, §4.4). Choosing reports it at once and the engine moves on after 300 ms (§2.8).
 */
export function RatingStep({ screen, onChange, busy }: StepProps<'rating'>) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const followUp = useFollowUp(step.followUp);
  const choose = (option: CompiledOption) => {
    setValue(option.value);
    followUp.guard([option.value], () => onChange(option.value));
  };
  return (
    <div className="step step--choice step--rating">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <p id={hintId} className="visually-hidden">
        Choosing an answer takes you to the next question.
      </p>
      <RatingScale name={step.field} options={screen.options} value={value} onPick={choose} labelledBy={titleId} describedBy={hintId} busy={busy} advances />
      {followUp.modal}
    </div>
  );
}
