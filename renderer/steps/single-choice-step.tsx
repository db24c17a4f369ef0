import { useId } from 'react';
import type { CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { useFollowUp } from '../parts/follow-up';

/**
 * One answer among options; choosing reports it at once and the engine moves on after 300 ms
 * (spec 000 §2.3). Choosing the option already chosen reports it again, so a pre-filled step can go on.
 */
export function SingleChoiceStep({ screen, onChange, busy }: StepProps<'single'>) {
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
    <div className="step step--choice step--single">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <p id={hintId} className="visually-hidden">
        Choosing an answer takes you to the next question.
      </p>
      <OptionList
        type="radio"
        name={step.field ?? step.name}
        options={screen.options}
        isChecked={(o) => optionMatches(o, value)}
        onToggle={choose}
        onConfirm={choose}
        labelledBy={titleId}
        describedBy={hintId}
        busy={busy}
        browseWithoutChoosing
      />
      {followUp.modal}
    </div>
  );
}
