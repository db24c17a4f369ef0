import type { ModuleOf } from './module-types.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/** Sections of titled text: "how it does custom", scientific results, exclusive fragrances. */
export function Accordion({ module }: { module: ModuleOf<'accordion'> }) {
  return (
    <section className="pp-accordion">
      {module.items.map((item) => (
        <details key={item.id}>
          <summary>{item.title}</summary>
          <dl>
            {item.content.map((c) => (
              <div key={c.title}>
                <dt>{c.title}</dt>
                <dd>{c.description}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </section>
  );
}

/** What the formulas are made without. */
export function NoList({ module }: { module: ModuleOf<'no-list'> }) {
  return (
    <section className="pp-no-list">
      <h2>{module.title}</h2>
      <p>{module.description}</p>
    </section>
  );
}

/** A tip with its number (or question) on a coloured background. */
export function ProTip({ module }: { module: ModuleOf<'pro-tip'> }) {
  return (
    <aside className={`pp-pro-tip pp-pro-tip--${module.background}`}>
      <p className="pp-pro-tip__number">{module.number}</p>
      <p>{module.description}</p>
    </aside>
  );
}

/** A text-and-image block: the image is the desktop, tablet or mobile one by breakpoint. */
export function TextImage({ module }: { module: ModuleOf<'text-image'> }) {
  return (
    <section className="pp-text-image">
      <h2>{module.title}</h2>
      <p>{module.description}</p>
      <ResponsivePicture image={module.image} alt={module.alt} />
    </section>
  );
}
