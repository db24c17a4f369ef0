import type { ReactNode } from 'react';
import type { Category, Formula } from '#api';
import { AggressorList } from '../../../renderer/parts/aggressor-list';
import { FormulaCard } from './formula-card';
import { loadCatalogue } from '../../products/catalogue';
import { useLoad } from '../../use-load';
import { RoutineList } from './routine-list';
import { ScoreList } from './score-list';
import { useDerivedData } from './use-derived-data';

const subject = { haircare: 'hair', skincare: 'skin' } as const;

/**
 * The results a signed-in shopper's answers give (issue 4 point 8): what affects them where they live,
 * their needs and their routine with what is in each formula, each section with its loading and error states
 * (spec 000 §4.7). Until every call has answered it shows one loading line, then everything at once, and only
 * then `after` (the rest of the page): nothing on screen moves as the answers arrive (no layout shift).
 */
export default function DerivedSections({ category, after, name }: { category: Category; after?: ReactNode; name?: string | undefined }) {
  const { aggressors, scoring, routine, prescription, retry, status } = useDerivedData(category);
  const place = aggressors.value;
  // Each routine product shows its formula (the supplement's too); the routine waits for them, so nothing jumps in later.
  // The products' pages, from the catalogue; without it the names are shown without links.
  const catalogue = useLoad(() => loadCatalogue().catch(() => null), []);
  const pages = new Map(catalogue.value?.products.map((p) => [p.type, p.page_url]));
  const pictures = new Map(catalogue.value?.products.map((p) => [p.type, p.picture]));
  const formulas = new Map<string, Formula>(prescription.value?.formulas.map((f) => [f.product, f]));
  const routineLoading = routine.status === 'loading' || prescription.status === 'loading';
  const formulaOf = (product: { product: string }) => {
    const formula = formulas.get(product.product);
    return formula ? <FormulaCard formula={formula} headingLevel={5} /> : null;
  };
  if (status === 'loading') {
    return (
      // Placed as the first section will be (its top margin), so the sections take its place without moving it.
      <div aria-busy="true">
        <p className="results__section results__loading" role="status">
          Putting your results together…
        </p>
      </div>
    );
  }
  return (
    <div>
      <section className="results__section" aria-labelledby="results-place">
        <h2 id="results-place">{place ? `What affects your ${subject[category]} in ${place.city}` : `What affects your ${subject[category]}`}</h2>
        {aggressors.status === 'loading' ? <p className="results__loading">Looking at your climate…</p> : null}
        {aggressors.status === 'success' && place && place.aggressors.length > 0 ? <AggressorList aggressors={place.aggressors} /> : null}
        {aggressors.status === 'success' && place && place.aggressors.length === 0 ? (
          <p>Nothing in {place.city}'s climate needs special care right now.</p>
        ) : null}
        {aggressors.status === 'success' && !place ? <p>Add your zip code to see what your climate does to your {subject[category]}.</p> : null}
      </section>
      <section className="results__section" aria-labelledby="results-needs">
        <h2 id="results-needs">What your {subject[category]} needs</h2>
        {scoring.status === 'loading' ? <p className="results__loading">Scoring your answers…</p> : null}
        {scoring.status === 'success' && scoring.value ? <ScoreList scores={scoring.value.scores} /> : null}
      </section>
      <section className="results__section" aria-labelledby="results-routine">
        <h2 id="results-routine">Your formulas</h2>
        {routineLoading ? <p className="results__loading">Putting your routine together…</p> : null}
        {!routineLoading && routine.status === 'success' && routine.value ? (
          <RoutineList
            recommendations={routine.value.recommendations}
            details={formulaOf}
            pageOf={(type) => pages.get(type)}
            pictureOf={(type) => pictures.get(type)}
            name={name || undefined}
          />
        ) : null}
      </section>
      {status === 'error' ? (
        <div role="alert" className="results__error">
          <p>We couldn't load all of your results. Please check your connection.</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {after}
    </div>
  );
}
