import { useId } from 'react';
import type { Formula, FormulaActive } from '#api';
import { TunedFromFeedback } from '../../../shop/cart/tuned-from-feedback';
import { sentence } from './sentence';

/** How much of an active: the supplement's amount per daily serving, else its % of the finished product. */
function dose(active: FormulaActive): string {
  return active.amount ? `${active.amount.value} ${active.amount.unit}` : `${active.percent}%`;
}

/**
 * One formula made for the shopper (issue 4 point 8): its key ingredients, each with why, its scent or why it has
 * none, what it leaves out, and the full INCI list in the server's order (descending concentration), folded away
 * so that a phone shows the key ingredients first. `headingLevel` fits its heading under the page's.
 */
export function FormulaCard({ formula, headingLevel = 3 }: { formula: Formula; headingLevel?: 2 | 3 | 4 | 5 }) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const supplement = formula.category === 'supplement';
  return (
    <div className={`formula formula--${formula.category}`}>
      <Heading className="formula__title">What's in your {formula.label}</Heading>
      <p className="formula__made-for">
        Made for {formula.made_for.season} {formula.made_for.date.slice(0, 4)}.
      </p>
      <TunedFromFeedback changes={formula.feedback_changes} />
      {formula.actives.length > 0 ? (
        <>
          <p className="formula__caption" id={`${id}-actives`}>
            {supplement ? 'Key ingredients, per daily serving' : 'Key ingredients'}
          </p>
          <ul className="formula__actives" aria-labelledby={`${id}-actives`}>
            {formula.actives.map((active) => (
              <li key={active.slug} className="formula__active">
                <span className="formula__active-name">{active.name}</span> <span className="formula__dose">{dose(active)}</span>{' '}
                <span className="formula__why">{sentence(active.because)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {formula.fragrance ? (
        <p className="formula__scent">
          <span className="formula__scent-name">Scent: {formula.fragrance.name}</span>{' '}
          <span className="formula__why">{sentence(formula.fragrance.because)}</span>
        </p>
      ) : formula.fragrance_free_because ? (
        <p className="formula__scent">
          <span className="formula__scent-name">Fragrance-free</span> <span className="formula__why">{sentence(formula.fragrance_free_because)}</span>
        </p>
      ) : null}
      {formula.free_of.length > 0 ? (
        <ul className="formula__free-of">
          {formula.free_of.map((rule) => (
            <li key={`${rule.rule}-${rule.label}`}>
              <span className="formula__free-of-label">Free of {rule.label}</span> <span className="formula__why">{sentence(rule.because)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="formula__inci">
        <summary>Full ingredient list</summary>
        <p className="formula__inci-note">Highest concentration first, as on the label.</p>
        {/* role="list": Safari drops the list role of an unstyled list. Never re-sorted: the order is the label's. */}
        <ol className="formula__inci-list" role="list">
          {formula.inci.map((name, i) => (
            <li key={`${i}-${name}`}>{name}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}
