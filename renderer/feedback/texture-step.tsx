import './feedback-steps.css';
import { useId } from 'react';
import type { CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';

/**
 * The texture preferred for one product (spec 002 §2.6: cleanser or moisturizer), each with its description and
 * picture; choosing reports it at once and the engine moves on after 300 ms (§2.8).
 */
export function TextureStep({ screen, onChange, busy }: StepProps<'texture'>) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const choose = (option: CompiledOption) => {
    setValue(option.value);
    onChange(option.value);
  };
  return (
    <div className={`step step--choice step--texture step--texture-${step.product}`}>
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <p id={hintId} className="visually-hidden">
        Choosing a texture takes you to the next question.
      </p>
      <div className="feedback-choices">
        <OptionList
          type="radio"
          name={step.field}
          options={screen.options}
          isChecked={(o) => optionMatches(o, value)}
          onToggle={choose}
          onConfirm={choose}
          labelledBy={titleId}
          describedBy={hintId}
          busy={busy}
          browseWithoutChoosing
        />
      </div>
    </div>
  );
}
