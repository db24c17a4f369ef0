import { useId } from 'react';
import { toggleOption } from '#engine';
import type { OptionValue, StepScreen } from '#engine';
import { OptionList } from './option-list';
import { chosenValues } from './option-match';
import { StepBody, StepHeading, titleOf } from './step-heading';
import { useSelection } from './use-selection';
import { useFollowUp } from './follow-up';
import { ActionButton } from './action-button';

/** "Pick at least one answer to continue." */
export function minimumText(min: number): string {
  return min === 1 ? 'Pick at least one answer to continue.' : `Pick at least ${min} answers to continue.`;
}

/** Checkboxes and a Next button that waits for the minimum; exclusive options clear the rest (spec 000 §5.1). */
export interface CheckboxStepProps {
  screen: StepScreen<'multi'> | StepScreen<'goals'> | StepScreen<'routine-products'>;
  onChange(selection: OptionValue[]): void;
  onNext(): void;
  busy: boolean;
}

export function CheckboxStep({ screen, onChange, onNext, busy }: CheckboxStepProps) {
  const { step } = screen;
  const titleId = useId();
  const minimumId = useId();
  const [selection, setSelection] = useSelection(chosenValues(screen.options, screen.selection ?? []));
  const followUp = useFollowUp(step.followUp);
  const enough = selection.length >= step.min;
  return (
    <div className={`step step--choice step--${step.kind}`}>
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <OptionList
        type="checkbox"
        name={step.field ?? step.name}
        options={screen.options}
        groups={'groups' in step ? step.groups : undefined}
        isChecked={(o) => selection.includes(o.value)}
        onToggle={(o) => {
          const next = toggleOption(screen.options, selection, o.value);
          setSelection(next);
          onChange(next);
        }}
        labelledBy={titleId}
        busy={busy}
      />
      <div className="step__actions">
        <ActionButton busy={busy} disabled={!enough} describedBy={enough ? undefined : minimumId} onClick={() => followUp.guard(selection, onNext)}>
          {step.button ?? 'Next'}
        </ActionButton>
        {enough ? null : (
          <p id={minimumId} className="step__hint">
            {minimumText(step.min)}
          </p>
        )}
      </div>
      {followUp.modal}
    </div>
  );
}
