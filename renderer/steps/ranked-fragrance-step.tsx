import type { CompiledOption } from '#engine';
import type { StepProps } from '../step-props';
import { RankedChoice } from '../parts/ranked-choice';

/**
 * The skincare fragrances, ranked for the shopper (spec 000 §3.5 SkincareFragrance): each with its family,
 * intensity and notes; fragrance-free first with its reason when the server recommends it. Choosing moves on.
 */
export function RankedFragranceStep({ screen, onChange, busy, facts }: StepProps<'ranked-fragrance'>) {
  return <RankedChoice screen={screen} onChange={onChange} busy={busy} ranking={facts.ranking} details={scentDetails} />;
}

/** "Intensity 75 of 100" with a meter, and "Notes: crisp linen, ambrette, rose". */
function scentDetails(option: CompiledOption) {
  const { intensity, notes } = option;
  if (intensity === undefined && !notes?.length) return undefined;
  return (
    <>
      {intensity !== undefined ? (
        <p className="scent__intensity">
          Intensity <meter className="scent__meter" min={0} max={100} value={intensity} aria-hidden="true" />
          <span className="visually-hidden"> {intensity} of 100</span>
        </p>
      ) : null}
      {notes?.length ? <p className="scent__notes">Notes: {notes.join(', ')}</p> : null}
    </>
  );
}
