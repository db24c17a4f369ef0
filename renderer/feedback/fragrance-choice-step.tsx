import './feedback-steps.css';
import { useId } from 'react';
import { isFragranceFree, type CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import type { FeedbackFacts } from './feedback-facts';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { useSelection } from '../parts/use-selection';

const soldOut = (option: CompiledOption, slugs: ReadonlySet<string>) =>
  slugs.has(String(option.value).toLowerCase()) || (option.slug !== undefined && slugs.has(option.slug.toLowerCase()));

/**
 * A new fragrance (spec 002 §2.6, §3.8): each with its description and notes, the fragrance-free choice (NONE, saved
 * as frag_free or FRAGRANCE_FREE, §5.4) set apart. A sold-out fragrance is not offered (§5.1). Choosing reports it at
 * once and the engine moves on after 300 ms (§2.8).
 */
export function FragranceChoiceStep({ screen, onChange, busy, facts }: StepProps<'fragrance-choice', FeedbackFacts>) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const slugs = new Set((facts.soldOutFragrances ?? []).map((s) => s.toLowerCase()));
  const options = screen.options.filter((o) => !soldOut(o, slugs));
  const choose = (option: CompiledOption) => {
    setValue(option.value);
    onChange(option.value);
  };
  return (
    <div className="step step--choice step--fragrance-choice">
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <p id={hintId} className="visually-hidden">
        Choosing a fragrance takes you to the next question.
      </p>
      <div className="feedback-choices">
        <OptionList
          type="radio"
          name={step.field}
          options={options}
          isChecked={(o) => optionMatches(o, value)}
          onToggle={choose}
          onConfirm={choose}
          labelledBy={titleId}
          describedBy={hintId}
          busy={busy}
          browseWithoutChoosing
          optionClass={(o) => (isFragranceFree(o.value) ? 'option--fragrance-free' : undefined)}
          details={(o) => (o.notes && o.notes.length > 0 ? <p className="feedback-notes">Notes: {o.notes.join(', ')}</p> : null)}
        />
      </div>
    </div>
  );
}
