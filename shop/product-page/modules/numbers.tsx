import type { ModuleOf } from './module-types.ts';

/** Study results: each figure with its label, and the study it comes from. */
export function Numbers({ module }: { module: ModuleOf<'numbers'> }) {
  return (
    <section className="pp-numbers">
      {module.title ? <h2>{module.title}</h2> : null}
      <ul>
        {module.items.map((item) => (
          <li key={item.label}>
            <strong>
              {item.number}
              {item.unit}
            </strong>{' '}
            {item.label}
            {item.disclaimer ? <small> {item.disclaimer}</small> : null}
          </li>
        ))}
      </ul>
      {module.disclaimer ? <p className="pp-disclaimer">{module.disclaimer}</p> : null}
    </section>
  );
}
