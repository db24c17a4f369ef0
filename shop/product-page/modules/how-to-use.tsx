import type { ModuleOf } from './module-types.ts';

/** How to use the product: the amount and the steps in order, beside a poster image. */
export function HowToUse({ module }: { module: ModuleOf<'how-to-use'> }) {
  const { poster } = module;
  return (
    <section className="pp-how-to-use">
      <p className="pp-label">{module.label}</p>
      <h2>{module.title}</h2>
      <p>{module.description}</p>
      <p>{module.amount}</p>
      <ol>
        {module.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <img src={poster.src} alt={poster.alt} width={poster.width} height={poster.height} loading="lazy" />
    </section>
  );
}
