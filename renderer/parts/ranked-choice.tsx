import '../styles/ranked.css';
import { useId, useMemo, type ReactNode } from 'react';
import type { CompiledOption, OptionValue, StepScreen } from '#engine';
import type { RankingFacts } from '../step-props';
import { rankOptions } from '../ranking';
import { OptionList } from './option-list';
import { optionMatches } from './option-match';
import { StepBody, StepHeading, titleOf } from './step-heading';
import { useSelection } from './use-selection';
import { useFollowUp } from './follow-up';

export interface RankedChoiceProps {
  screen: StepScreen<'ranked-fragrance'> | StepScreen<'textures'>;
  onChange(selection: OptionValue): void;
  busy: boolean;
  ranking: RankingFacts | undefined;
  /** More about an option under its description (scent intensity and notes). */
  details?(option: CompiledOption): ReactNode;
  /** Drawn between the heading and the options (the texture comparison slider). */
  children?: ReactNode;
}

/**
 * One answer among options ordered by the server's ranking (spec 000 §2.5, §3.5, §3.6), the best labelled
 * "Your top recommendation", the unranked "Not recommended at this time", a reason line where the server
 * gives one. Choosing reports the answer and the engine moves on after 300 ms, as on a single choice.
 */
export function RankedChoice({ screen, onChange, busy, ranking, details, children }: RankedChoiceProps) {
  const { step } = screen;
  const titleId = useId();
  const hintId = useId();
  const [value, setValue] = useSelection(screen.selection);
  const followUp = useFollowUp(step.followUp);
  // Ranked once per ranking: unknown slugs are logged once, not on every render.
  const ranked = useMemo(() => rankOptions(screen.options, ranking, step.ranking), [screen.options, ranking, step.ranking]);
  const byOption = new Map(ranked.map((r) => [r.option, r]));
  const labels = { top: step.ranking.top, 'not-recommended': step.ranking.notRecommended };
  const choose = (option: CompiledOption) => {
    setValue(option.value);
    followUp.guard([option.value], () => onChange(option.value));
  };
  return (
    <div className={`step step--choice step--ranked step--${step.kind}`}>
      <StepHeading id={titleId} title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      {children}
      <p id={hintId} className="visually-hidden">
        Choosing an answer takes you to the next question.
      </p>
      <OptionList
        type="radio"
        name={step.field ?? step.name}
        options={ranked.map((r) => r.option)}
        isChecked={(o) => optionMatches(o, value)}
        onToggle={choose}
        onConfirm={choose}
        labelledBy={titleId}
        describedBy={hintId}
        busy={busy || ranking?.status === 'loading'}
        browseWithoutChoosing
        optionClass={(o) => {
          const label = byOption.get(o)?.label;
          return label ? `option--${label}` : undefined;
        }}
        badge={(o) => {
          const label = byOption.get(o)?.label;
          return label ? labels[label] : undefined;
        }}
        details={(o) => {
          const more = details?.(o);
          const reason = byOption.get(o)?.reason;
          if (!more && !reason) return undefined;
          return (
            <>
              {more}
              {reason ? <p className="option__reason">{reason}</p> : null}
            </>
          );
        }}
      />
      {followUp.modal}
    </div>
  );
}
