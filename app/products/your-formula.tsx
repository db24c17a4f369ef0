import '../styles/results.css';
import { useEffect, useId } from 'react';
import { FormulaCard } from '../consultation/results/formula-card';
import { loadAppServices } from '../app-services';
import { useLoad } from '../use-load';

/**
 * On a custom product's page, the shopper's own formula of it (issue 12 point 6), from the formulation service: drawn
 * only when they have one; otherwise nothing, and the page's own call to start the consultation stands. Loaded
 * lazily, and only for a visitor with a session, so a first visit downloads none of it. `onSettled` is called once the
 * formulation service has answered (the page holds its modules after the hero until then).
 */
export default function YourFormula({ product, onSettled }: { product: string; onSettled?: () => void }) {
  const id = useId();
  const prescription = useLoad(() => loadAppServices().then(({ api }) => api.getPrescription()), []);
  const formula = prescription.value?.formulas.find((f) => f.product === product);
  // Answered (a formula, none, or an error): the page's modules after the hero may follow.
  const settled = prescription.status !== 'loading';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (!formula) return null;
  return (
    <section className="pp-your-formula" aria-labelledby={id}>
      <h2 id={id}>Your formula</h2>
      <p>Made from your consultation answers{prescription.value ? `, as of ${prescription.value.date}` : ''}.</p>
      <FormulaCard formula={formula} headingLevel={3} />
    </section>
  );
}
