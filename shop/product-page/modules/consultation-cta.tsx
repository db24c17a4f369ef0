import { Link } from 'react-router';
import type { ModuleOf } from './module-types.ts';

/** The way into the consultation that formulates the product, with the first-order guarantee. */
export function ConsultationCta({ module }: { module: ModuleOf<'consultation-cta'> }) {
  return (
    <section className="pp-cta">
      <h2>{module.title}</h2>
      <Link className="button" to={module.to}>
        {module.label}
      </Link>
      <p>Love your first order (or it's on us)</p>
    </section>
  );
}
