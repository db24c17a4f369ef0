import './rating-scale.css';
import type { CompiledOption, OptionValue } from '#engine';
import { RATING_SKIP } from '#engine';
import { OptionList } from '../parts/option-list';
import { optionMatches } from '../parts/option-match';

export interface RatingScaleProps {
  /** The inputs' name: the answer field. */
  name: string;
  /** The scale with its skip (spec 002 §9.2: 0 "I haven't used it enough", 1-5). */
  options: readonly CompiledOption[];
  value: OptionValue | undefined;
  onPick(option: CompiledOption): void;
  /** The id of the heading that names the question. */
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  /** A choice moves on by itself: arrow keys browse without choosing, choosing the chosen one again goes on. */
  advances?: boolean;
}

/**
 * The five labelled choices of spec 002 §9.2, then, apart, "I haven't used it enough" (value 0): native radios, the
 * skip in a group of its own so the keyboard reaches it with Tab, not only by arrowing through the scale.
 */
export function RatingScale(props: RatingScaleProps) {
  const scale = props.options.filter((o) => o.value !== RATING_SKIP);
  const skip = props.options.filter((o) => o.value === RATING_SKIP);
  const isChecked = (o: CompiledOption) => optionMatches(o, props.value);
  return (
    <div className="rating">
      <div className="rating__scale">
        <OptionList
          type="radio"
          name={props.name}
          options={scale}
          isChecked={isChecked}
          onToggle={props.onPick}
          onConfirm={props.advances ? props.onPick : undefined}
          labelledBy={props.labelledBy}
          describedBy={props.describedBy}
          busy={props.busy}
          browseWithoutChoosing={props.advances}
        />
      </div>
      {skip.length > 0 ? (
        <div className="rating__skip">
          <OptionList
            type="radio"
            name={`${props.name}-skip`}
            options={skip}
            isChecked={isChecked}
            onToggle={props.onPick}
            onConfirm={props.advances ? props.onPick : undefined}
            labelledBy={props.labelledBy}
            describedBy={props.describedBy}
            busy={props.busy}
          />
        </div>
      ) : null}
    </div>
  );
}
