import type { ReactNode } from 'react';

/** The step's h1 (focused by StepView when the step changes) and its subtitle. */
export function StepHeading(props: { id?: string; title: string; subtitle?: string; subtitleId?: string; eyebrow?: ReactNode }) {
  return (
    <header className="step__header">
      <h1 id={props.id} className="step__title" tabIndex={-1}>
        {props.eyebrow ? <span className="step__eyebrow">{props.eyebrow}</span> : null}
        {props.eyebrow ? ' ' : null}
        {props.title}
      </h1>
      {props.subtitle ? (
        <p id={props.subtitleId} className="step__subtitle">
          {props.subtitle}
        </p>
      ) : null}
    </header>
  );
}

/** Body copy: blank lines separate paragraphs. */
export function StepBody(props: { body?: string; id?: string }) {
  if (!props.body) return null;
  return (
    <div id={props.id} className="step__body">
      {props.body.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>{paragraph.trim()}</p>
      ))}
    </div>
  );
}

/** The heading text of a screen: the resolved title, else the step's own, else a neutral word (never an empty h1). */
export function titleOf(screen: { text: { title?: string }; step: { title?: string } }): string {
  return screen.text.title ?? screen.step.title ?? 'Question';
}
