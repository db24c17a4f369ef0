import '../styles/answers-summary.css';
import '../styles/results.css';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyComponent } from '../../renderer/index';
import { PageStatus } from '../shell/page-status';

/** The derived data loads its code (and the API client) only for a signed-in shopper. */
const derivedSections = lazyComponent(() => import('./results/derived-sections').then((m) => m.default));
const DerivedSections = derivedSections.component;
export const preloadDerivedSections = derivedSections.preload;
import { offeredOptions, selectionFromAnswers, type Answers, type FlowEnvironment, type FlowRuntime, type OptionValue } from '#engine';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { categoryOf } from '#api/shared';

/** The shopper's answers, step by step, in their own words (the options' labels). */
function answerLines(runtime: FlowRuntime, answers: Answers, env: FlowEnvironment): { question: string; answer: string }[] {
  const scope = { answers, env, variants: runtime.variants };
  const lines: { question: string; answer: string }[] = [];
  for (const step of runtime.steps) {
    if (!('options' in step) && step.kind !== 'zipcode') continue;
    if (!runtime.isIncluded(step, scope)) continue;
    const selection = selectionFromAnswers(runtime, step, scope);
    if (selection === undefined || (Array.isArray(selection) && selection.length === 0)) continue;
    let answer: string;
    if (step.kind === 'zipcode') answer = (selection as { zipcode: string }).zipcode;
    else {
      const labels = new Map<OptionValue, string>([...offeredOptions(runtime, step, scope), ...step.options].map((o) => [o.value, o.label]));
      answer = (Array.isArray(selection) ? selection : [selection]).map((v) => labels.get(v as OptionValue) ?? String(v)).join(', ');
    }
    lines.push({ question: step.title ?? step.name, answer });
  }
  return lines;
}

/**
 * The results route (spec 000 §2.1, §4.4): reaching it marks the consultation completed. A signed-in
 * shopper sees what affects them where they live and their needs (the formulation, issue 4), then the
 * answers their formulas are built from, the guarantee and the privacy promise.
 */
export function ConsultationResults({
  runtime,
  answers,
  env,
  name,
}: {
  runtime: FlowRuntime;
  answers: Answers;
  env: FlowEnvironment;
  /** The shopper's first name, written on their products' labels. */
  name?: string | undefined;
}) {
  const heading = usePageHeadingFocus();
  const lines = answerLines(runtime, answers, env);
  const category = categoryOf(runtime.flow.category);
  const signedIn = env.session === 'authenticated';
  // What the shopper told us and our promise: after the derived results, shown once they have loaded.
  const rest = (
    <>
      <section className="results__section" aria-labelledby="results-answers">
        <h2 id="results-answers">What you told us</h2>
        <dl className="answers-summary">
          {lines.map((line) => (
            <div key={line.question} style={{ display: 'contents' }}>
              <dt>{line.question}</dt>
              <dd>{line.answer}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={runtime.flow.routes.base}>Review your answers</Link>
        </p>
      </section>
      <section className="results__section results__promises" aria-labelledby="results-promise">
        <h2 id="results-promise">Our promise</h2>
        <p>
          <strong>Love your first order (or it's on us).</strong> Within 30 days of delivery we adjust your formulas, or take them back for credit, free.
        </p>
        <p>Your health and hormone data is never shared. Our products are not intended for people under 18.</p>
      </section>
    </>
  );
  return (
    <div className="page page--narrow results">
      <h1 ref={heading} tabIndex={-1}>
        Your consultation is complete
      </h1>
      <p>Your formulas are built from your answers, your climate and the season.</p>
      {signedIn ? (
        // The results' call to action: the recommendation cart (spec 001 §7 Cart, issue 13).
        <p>
          <Link className="button-link" to={`/checkout/${category}?origin=results`}>
            Get your routine
          </Link>
        </p>
      ) : null}
      {signedIn ? (
        <Suspense fallback={<PageStatus>Loading your results…</PageStatus>}>
          <DerivedSections category={category} after={rest} name={name} />
        </Suspense>
      ) : (
        <>
          <p>
            <Link to="/signin">Sign in</Link> to save your answers and see your results.
          </p>
          {rest}
        </>
      )}
    </div>
  );
}
