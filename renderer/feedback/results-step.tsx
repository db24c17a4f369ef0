import './feedback-steps.css';
import { useId, type ReactNode } from 'react';
import { fragranceName, type SummaryFragrance } from '#engine';
import type { StepProps } from '../step-props';
import type { FeedbackFacts } from './feedback-facts';
import { StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';

const readable = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/[_-]+/g, ' ');

/** A part of the summary: a card with its heading, drawn only when it has something to say. */
function Part({ heading, className, children }: { heading: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`card feedback-results__part${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="feedback-results__heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * The results screen (spec 002 §2.7): what improved and what concerns the shopper, the new fragrances chosen, each
 * product's fragrance intensity to reduce or reinforce, the textures chosen, and for supplements the progress phases
 * (§9.6). Showing it completes the feedback (the engine saves it once); its button goes on to the public review.
 */
export function FeedbackResultsStep({ screen, onNext, busy, facts }: StepProps<'feedback-results', FeedbackFacts>) {
  const { step } = screen;
  const summary = facts.summary;
  const headings = step.headings ?? {};
  // A label starts with a capital: the facts name products as a sentence says them ("hair oil", "haircare").
  const productName = (product: string) => {
    const name = facts.products?.[product]?.name ?? readable(product);
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
  // A new fragrance by its option's name, else the catalogue's; an unknown slug by its raw name (§8).
  const fragranceLabel = (f: SummaryFragrance) => (f.fragranceFree ? 'Fragrance-free' : (f.label ?? fragranceName(f.value, facts.fragranceNames)));
  return (
    <div className="step step--feedback-results">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {screen.text.body ? <p className="step__body">{screen.text.body}</p> : null}
      {summary ? (
        <div className="feedback-results">
          {summary.improvements.length > 0 ? (
            <Part heading={headings.improvements ?? 'What’s working'} className="feedback-results__part--improvements">
              <ul className="feedback-results__list">
                {summary.improvements.map((t) => (
                  <li key={t.field}>{t.label}</li>
                ))}
              </ul>
            </Part>
          ) : null}
          {summary.concerns.length > 0 ? (
            <Part heading={headings.concerns ?? 'What we’ll refine'} className="feedback-results__part--concerns">
              <ul className="feedback-results__list">
                {summary.concerns.map((t) => (
                  <li key={t.field}>{t.label}</li>
                ))}
              </ul>
            </Part>
          ) : null}
          {summary.fragrances.length > 0 ? (
            <Part heading={headings.fragrances ?? 'Your fragrance'}>
              <dl className="feedback-results__pairs">
                {summary.fragrances.map((f) => (
                  <div key={f.field} className="feedback-results__pair">
                    <dt>{f.product ? productName(f.product) : 'Your next order'}</dt>
                    <dd>{fragranceLabel(f)}</dd>
                  </div>
                ))}
              </dl>
            </Part>
          ) : null}
          {summary.intensity.length > 0 ? (
            <Part heading={headings.intensity ?? 'Fragrance intensity'}>
              <dl className="feedback-results__pairs">
                {summary.intensity.map((i) => (
                  <div key={i.field} className="feedback-results__pair">
                    <dt>{productName(i.product)}</dt>
                    <dd>{i.change === 'reduce' ? 'We’ll make the fragrance lighter' : 'We’ll make the fragrance stronger'}</dd>
                  </div>
                ))}
              </dl>
            </Part>
          ) : null}
          {summary.textures.length > 0 ? (
            <Part heading={headings.textures ?? 'Your textures'}>
              <dl className="feedback-results__pairs">
                {summary.textures.map((t) => (
                  <div key={t.field} className="feedback-results__pair">
                    <dt>{productName(t.product)}</dt>
                    <dd>{t.label ?? readable(String(t.value))}</dd>
                  </div>
                ))}
              </dl>
            </Part>
          ) : null}
          {summary.phases ? <Phases heading={headings.phases ?? 'Your progress'} phases={summary.phases} /> : null}
        </div>
      ) : null}
      <div className="step__actions">
        <ActionButton busy={busy} onClick={onNext}>
          {step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </div>
  );
}

/** The three supplement phases of spec 002 §9.6, each a labelled progress bar with its percent in words. */
function Phases({ heading, phases }: { heading: string; phases: NonNullable<NonNullable<FeedbackFacts['summary']>['phases']> }) {
  const baseId = useId();
  return (
    <Part heading={heading} className="feedback-results__part--phases">
      <ol className="feedback-phases">
        {phases.phases.map((percent, i) => (
          <li key={i} className={`feedback-phases__phase${percent >= 100 ? ' feedback-phases__phase--done' : ''}`}>
            <span id={`${baseId}-${i}`} className="feedback-phases__label">
              {phases.labels[i]}
            </span>
            <progress className="feedback-phases__bar" value={percent} max={100} aria-labelledby={`${baseId}-${i}`} />
            <span className="feedback-phases__percent">{percent}%</span>
          </li>
        ))}
      </ol>
    </Part>
  );
}
