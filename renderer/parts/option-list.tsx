import { useId, type KeyboardEvent, type ReactNode } from 'react';
import type { CompiledOption } from '#engine';
import { inputValue } from './option-match';

export interface OptionListProps {
  type: 'radio' | 'checkbox';
  /** The inputs' name: the answer field. */
  name: string;
  options: readonly CompiledOption[];
  /** Group headings for options with a `group` (multi-select). */
  groups?: readonly { id: string; label: string }[];
  isChecked(option: CompiledOption): boolean;
  /** The shopper picked or unpicked an option. */
  onToggle(option: CompiledOption): void;
  /** Radios: the shopper chose the option that was already chosen (click, Space or Enter). */
  onConfirm?(option: CompiledOption): void;
  /** The id of the question's heading, which names the group. */
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  /** Extra class per option (the fragrance-free option, say). */
  optionClass?(option: CompiledOption): string | undefined;
  /** A tag above the option's name ("Your top recommendation"), read as part of its description. */
  badge?(option: CompiledOption): ReactNode;
  /** More about the option under its description (scent notes, a reason), read as part of its description. */
  details?(option: CompiledOption): ReactNode;
  /**
   * Radios whose choice moves on by itself: arrow keys move focus without choosing,
   * Space or Enter chooses, so a keyboard user is never carried off by browsing (WCAG 3.2.2).
   */
  browseWithoutChoosing?: boolean;
}

/** Native radio or checkbox inputs in a fieldset, value attributes = stored values, descriptions tied by aria-describedby. */
export function OptionList(props: OptionListProps) {
  const baseId = useId();
  const { groups } = props;
  // Retired options are recognised when stored but never offered again.
  const options = props.options.filter((o) => !o.retired);
  const known = new Set(groups?.map((g) => g.id));
  const ungrouped = groups ? options.filter((o) => !o.group || !known.has(o.group)) : options;
  const item = (option: CompiledOption) => <OptionItem key={inputValue(option)} option={option} list={props} baseId={baseId} />;
  return (
    <fieldset
      className={`options options--${props.type}`}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-busy={props.busy || undefined}
    >
      {ungrouped.length > 0 ? <div className="options__items">{ungrouped.map(item)}</div> : null}
      {groups?.map((group) => {
        const inGroup = options.filter((o) => o.group === group.id);
        if (inGroup.length === 0) return null;
        return (
          <fieldset key={group.id} className="options__group">
            <legend className="options__legend">
              <h2 className="options__group-title">{group.label}</h2>
            </legend>
            <div className="options__items">{inGroup.map(item)}</div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}

function OptionItem({ option, list, baseId }: { option: CompiledOption; list: OptionListProps; baseId: string }) {
  const id = `${baseId}-${inputValue(option).replace(/[^\w-]/g, '_')}`;
  const badge = list.badge?.(option);
  const details = list.details?.(option);
  const described = [badge ? `${id}-badge` : '', option.description ? `${id}-description` : '', details ? `${id}-details` : ''];
  const descriptionId = described.filter(Boolean).join(' ') || undefined;
  const checked = list.isChecked(option);
  const extra = list.optionClass?.(option);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.type !== 'radio') return;
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.click();
      return;
    }
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!list.browseWithoutChoosing || step === undefined) return;
    event.preventDefault();
    moveFocus(event.currentTarget, step);
  };
  let label: ReactNode = <span className="option__label">{option.label}</span>;
  if (option.image) {
    label = (
      <>
        <img
          className="option__image"
          src={option.image.src}
          alt={option.image.alt}
          width={option.image.width}
          height={option.image.height}
          loading="lazy"
          decoding="async"
        />
        {label}
      </>
    );
  }
  return (
    <div className={['option', checked ? 'option--checked' : '', extra ?? ''].filter(Boolean).join(' ')}>
      {badge ? (
        <span id={`${id}-badge`} className="option__badge">
          {badge}
        </span>
      ) : null}
      <input
        id={id}
        className="option__input"
        type={list.type}
        name={list.name}
        value={inputValue(option)}
        checked={checked}
        aria-describedby={descriptionId}
        onChange={() => list.onToggle(option)}
        // A click on the radio that is already chosen fires no change event: it confirms the choice.
        onClick={checked && list.type === 'radio' ? () => list.onConfirm?.(option) : undefined}
        onKeyDown={onKeyDown}
      />
      <label className="option__text" htmlFor={id}>
        {label}
      </label>
      {option.description ? (
        <span id={`${id}-description`} className="option__description">
          {option.description}
        </span>
      ) : null}
      {details ? (
        <div id={`${id}-details`} className="option__details">
          {details}
        </div>
      ) : null}
    </div>
  );
}

function moveFocus(from: HTMLInputElement, step: number) {
  const group = from.closest('fieldset.options');
  if (!group) return;
  const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const at = radios.indexOf(from);
  radios[(at + step + radios.length) % radios.length]?.focus();
}
