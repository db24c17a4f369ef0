import '../styles/matrix.css';
import { useId } from 'react';
import type { CompiledOption, CompiledStepOf, OptionValue } from '#engine';
import type { StepProps } from '../step-props';
import { inputValue, optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';
import { ActionButton } from '../parts/action-button';

type Row = CompiledStepOf<'matrix'>['rows'][number];

/**
 * One answer on a shared scale for each row (the skincare diet, spec 000 §2.5 step 11): each row is a radio
 * group writing its own field; Next waits until every row is answered (§5.1).
 */
export function MatrixStep({ screen, onChange, onNext, busy }: StepProps<'matrix'>) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [selection, setSelection] = useSelection<Record<string, OptionValue>>(screen.selection ?? {});
  const scale = screen.options.filter((o) => !o.retired);
  const missing = step.rows.filter((row) => selection[row.field] === undefined).length;
  const choose = (row: Row, option: CompiledOption) => {
    const next = { ...selection, [row.field]: option.value };
    setSelection(next);
    onChange(next);
  };
  return (
    <div className="step step--matrix">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <div className="matrix" role="group" aria-labelledby={titleId} aria-busy={busy || undefined}>
        {step.rows.map((row) => (
          <MatrixRow key={row.field} row={row} scale={scale} value={selection[row.field]} onChoose={(o) => choose(row, o)} />
        ))}
      </div>
      <div className="step__actions">
        <ActionButton busy={busy} disabled={missing > 0} describedBy={missing > 0 ? hintId : undefined} onClick={onNext}>
          {step.button ?? 'Next'}
        </ActionButton>
        {missing > 0 ? (
          <p id={hintId} className="step__hint">
            Choose an answer in every row to continue.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function MatrixRow({
  row,
  scale,
  value,
  onChoose,
}: {
  row: Row;
  scale: CompiledOption[];
  value: OptionValue | undefined;
  onChoose(option: CompiledOption): void;
}) {
  const baseId = useId();
  const descriptionId = row.description ? `${baseId}-description` : undefined;
  return (
    <fieldset className="matrix__row" aria-describedby={descriptionId}>
      <legend className="matrix__label">{row.label}</legend>
      {row.description ? (
        <p id={descriptionId} className="matrix__description">
          {row.description}
        </p>
      ) : null}
      <div className="matrix__scale">
        {scale.map((option) => {
          const id = `${baseId}-${inputValue(option).replace(/[^\w-]/g, '_')}`;
          const checked = optionMatches(option, value);
          return (
            <div key={id} className={checked ? 'matrix__choice matrix__choice--checked' : 'matrix__choice'}>
              <input
                id={id}
                className="matrix__input"
                type="radio"
                name={row.field}
                value={inputValue(option)}
                checked={checked}
                onChange={() => onChoose(option)}
              />
              <label className="matrix__text" htmlFor={id}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
