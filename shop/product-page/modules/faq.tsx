import type { ModuleOf } from './module-types.ts';
import { RichText } from './rich-text.tsx';

/** Questions as native disclosure widgets: keyboard and screen readers work without script. */
export function Faq({ module }: { module: ModuleOf<'faq'> }) {
  return (
    <section className="pp-faq">
      <h2>{module.title}</h2>
      {module.questions.map((q) => (
        <details key={q.question}>
          <summary>{q.question}</summary>
          <p>
            <RichText text={q.answer} />
          </p>
        </details>
      ))}
    </section>
  );
}
