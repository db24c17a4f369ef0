import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import type { StepKind } from '#engine';
import type { StepFacts, StepProps } from './step-props';
import { ProgressTracker } from './progress-tracker';
import { Tip } from './tip';
import { InlineError } from './parts/inline-error';

export interface StepViewProps<K extends StepKind = StepKind, F extends StepFacts = StepFacts> extends StepProps<K, F> {
  /** Move focus to the step's heading when the step first shows, not only when it changes (default true). */
  focusOnMount?: boolean;
  /** The flow kind's components, by step kind: its families' tables spread together (`stepComponents` for questions). */
  components: { [P in StepKind]?: ComponentType<StepProps<P, F>> };
  /** Loads the other steps' code once the shopper starts answering (default: every kind a consultation uses). */
  preload?: () => Promise<unknown>;
}

/**
 * The default preload: the consultation's step kinds, imported only when called, so a flow kind with its own table
 * (the checkout) downloads none of the consultation's components with the runner.
 */
function preloadQuestionSteps(): Promise<unknown> {
  return import('./step-components').then((m) => m.preloadStepComponents());
}

/** Focuses the step's h1 now, or as soon as it appears (a step kind still loading); returns a canceller. */
function focusHeadingWhenReady(root: HTMLElement): () => void {
  const focus = () => {
    const heading = root.querySelector<HTMLElement>('h1');
    heading?.focus();
    return heading !== null;
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => focus() && observer.disconnect());
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(() => observer.disconnect(), 10_000);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/**
 * Draws any step: progress tracker, step counter ("Question 3 of 9"), the step's component, its tip and
 * inline error; moves focus to the step's heading whenever the step changes.
 */
/** Kinds that draw their tip's pictures themselves (the texture comparison slider): the tip keeps only its words. */
const drawsOwnSlides = new Set<StepKind>(['textures']);

export function StepView<K extends StepKind, F extends StepFacts = StepFacts>(props: StepViewProps<K, F>) {
  const { focusOnMount = true, components, preload = preloadQuestionSteps, ...stepProps } = props;
  const { screen, error } = stepProps;
  const { progress, step } = screen;
  const root = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // The table is checked kind by kind (satisfies); here the kind of `screen` picks its own entry.
  const Step = components[step.kind] as ComponentType<StepProps<K, F>> | undefined;
  if (!Step) throw new Error(`No component draws a step of kind ${step.kind} in this flow kind.`);

  // Once the shopper starts answering, the other step kinds load in the background.
  useEffect(() => {
    const start = () => void preload().catch(() => undefined);
    window.addEventListener('pointerdown', start, { once: true, passive: true });
    window.addEventListener('keydown', start, { once: true });
    return () => {
      window.removeEventListener('pointerdown', start);
      window.removeEventListener('keydown', start);
    };
  }, [preload]);

  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if ((first && !focusOnMount) || !root.current) return;
    return focusHeadingWhenReady(root.current);
  }, [step.route, focusOnMount]);

  return (
    <div ref={root} className={`step-view step-view--${step.kind}`} data-step={step.name}>
      {progress.tracker && progress.sections.length > 0 ? <ProgressTracker sections={progress.sections} /> : null}
      {progress.counter && progress.total > 0 ? (
        <p className="step-view__counter">
          Question {progress.position} of {progress.total}
        </p>
      ) : null}
      <div className={`step-view__body${screen.tip ? ' step-view__body--with-tip' : ''}`}>
        <div className="step-view__main">
          <Suspense fallback={<div className="step step--loading" aria-busy="true" />}>
            <Step key={step.route} {...stepProps} />
          </Suspense>
          <InlineError message={error} />
        </div>
        {screen.tip ? <Tip key={step.route} tip={drawsOwnSlides.has(step.kind) ? { ...screen.tip, slides: undefined } : screen.tip} /> : null}
      </div>
    </div>
  );
}
