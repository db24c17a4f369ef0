import type { ProgressSection } from '#engine';

const stateText: Record<ProgressSection['state'], string> = { done: 'completed', current: 'current section', todo: 'not started' };

/** The consultation's sections as done / current / to do; on phones a section may show its short label. */
export function ProgressTracker({ sections, label = 'Consultation progress' }: { sections: readonly ProgressSection[]; label?: string }) {
  return (
    <ol className="progress" aria-label={label}>
      {sections.map((section) => (
        <li
          key={section.id}
          className={`progress__section progress__section--${section.state}`}
          aria-current={section.state === 'current' ? 'step' : undefined}
        >
          <span className="progress__bar" aria-hidden="true" />
          <span className="progress__label">
            {section.shortLabel ? (
              <>
                <span className="progress__long">{section.label}</span>
                <span className="progress__short" aria-hidden="true">
                  {section.shortLabel}
                </span>
              </>
            ) : (
              section.label
            )}
            <span className="visually-hidden">, {stateText[section.state]}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
