import '../styles/answers-summary.css';
import { Link } from 'react-router';
import { offeredOptions, selectionFromAnswers, type Answers, type FlowEnvironment, type FlowRuntime, type OptionValue } from '#engine';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

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
 * The results route (spec 000 §2.1, §4.4): reaching it marks the consultation completed. Until
 * formulation exists it shows a summary of the answers the formulas will be built from.
 */
export function ConsultationResults({ runtime, answers, env }: { runtime: FlowRuntime; answers: Answers; env: FlowEnvironment }) {
  const heading = usePageHeadingFocus();
  const lines = answerLines(runtime, answers, env);
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Your consultation is complete
      </h1>
      <p>Here is what you told us. Your formulas are built from these answers, your climate and the season.</p>
      {env.session !== 'authenticated' ? (
        <p>
          <Link to="/signin">Sign in</Link> to save your answers.
        </p>
      ) : null}
      <dl className="answers-summary" aria-label="Your answers">
        {lines.map((line) => (
          <div key={line.question} style={{ display: 'contents' }}>
            <dt>{line.question}</dt>
            <dd>{line.answer}</dd>
          </div>
        ))}
      </dl>
      <p>Health and hormone data is never shared.</p>
      <p>
        <Link to={runtime.flow.routes.base}>Review your answers</Link>
      </p>
    </div>
  );
}
