import { useId } from 'react';
import type { CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import { OptionList } from '../parts/option-list';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { useFollowUp } from '../parts/follow-up';

const yesNo: CompiledOption[] = [
  { value: true, label: 'Yes', exclusive: false, retired: false },
  { value: false, label: 'No', exclusive: false, retired: false },
];

/** A Yes/No question answered with two radios (values "true" and "false"); moves on like a single choice. */
export function BooleanStep({ screen, onChange, busy }: StepProps<'boolean'>) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const followUp = useFollowUp(step.followUp);
  // The flow may relabel Yes and No; the stored values are always the booleans.
  const options = yesNo.map((o) => ({ ...o, ...screen.options.find((custom) => custom.value === o.value), value: o.value }));
  const choose = (option: CompiledOption) => {
    const answer = option.value === true;
    setValue(answer);
    followUp.guard([answer], () => onChange(answer));
  };
  return (
    <div className="step step--choice step--boolean">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <p id={hintId} className="visually-hidden">
        Choosing an answer takes you to the next question.
      </p>
      <OptionList
        type="radio"
        name={step.field ?? step.name}
        options={options}
        isChecked={(o) => o.value === value}
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
