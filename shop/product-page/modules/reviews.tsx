import type { ModuleOf } from './module-types.ts';

/** Shoppers' reviews; the stars are read out as "4 out of 5 stars". */
export function Reviews({ module }: { module: ModuleOf<'reviews'> }) {
  return (
    <section className="pp-reviews">
      <h2>{module.title}</h2>
      {module.description ? <p>{module.description}</p> : null}
      <ul>
        {module.reviews.map((r) => (
          <li key={`${r.name}-${r.date}`}>
            <p role="img" aria-label={`${r.stars} out of 5 stars`}>
              {'★'.repeat(r.stars)}
            </p>
            <blockquote>{r.text}</blockquote>
            <p>
              {r.name}, {r.location}, {r.date}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
