import { useId } from 'react';
import type { CompiledOption, OptionValue } from '#engine';
import type { StepProps } from '../step-props';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { useFollowUp } from '../parts/follow-up';
import { ActionButton } from '../parts/action-button';

/** Stored codes that mean "no fragrance" (spec 000 §3.5, §5.5). */
const fragranceFree = new Set<OptionValue>(['NONE', 'FRAGRANCE_FREE', 'NO_ADDED_FRAGRANCE', 'frag_free']);

/** Fragrances with their notes ("Arcadia", "Citrusy + Woody"), the fragrance-free choice set apart; Next goes on. */
export function FragranceStep({ screen, onChange, onNext, busy }: StepProps<'fragrance'>) {
  const { step } = screen;
  const titleId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const followUp = useFollowUp(step.followUp);
  const choose = (option: CompiledOption) => {
    setValue(option.value);
    onChange(option.value);
  };
  return (
    <div className="step step--choice step--fragrance">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <OptionList
        type="radio"
        name={step.field ?? step.name}
        options={screen.options}
        isChecked={(o) => optionMatches(o, value)}
        onToggle={choose}
        labelledBy={titleId}
        busy={busy}
        optionClass={(o) => (fragranceFree.has(o.value) ? 'option--fragrance-free' : undefined)}
      />
      <div className="step__actions">
        <ActionButton busy={busy} disabled={value === undefined} onClick={() => followUp.guard(value === undefined ? [] : [value], onNext)}>
          {step.button ?? 'Next'}
        </ActionButton>
      </div>
      {followUp.modal}
    </div>
  );
}
