import { useEffect, useRef, type ComponentType } from 'react';
import type { StepKind } from '#engine';
import type { StepProps } from './step-props';
import { stepComponents } from './step-components';
import { ProgressTracker } from './progress-tracker';
import { Tip } from './tip';
import { InlineError } from './parts/inline-error';

export interface StepViewProps<K extends StepKind = StepKind> extends StepProps<K> {
  /** Move focus to the step's heading when the step first shows, not only when it changes (default true). */
  focusOnMount?: boolean;
}

/**
 * Draws any step: progress tracker, step counter ("Question 3 of 9"), the step's component, its tip and
 * inline error; moves focus to the step's heading whenever the step changes.
 */
export function StepView<K extends StepKind>(props: StepViewProps<K>) {
  const { focusOnMount = true, ...stepProps } = props;
  const { screen, error } = stepProps;
  const { progress, step } = screen;
  const root = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // The table is checked kind by kind (satisfies); here the kind of `screen` picks its own entry.
  const Step = stepComponents[step.kind] as unknown as ComponentType<StepProps<K>>;

  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && !focusOnMount) return;
    root.current?.querySelector<HTMLElement>('h1')?.focus();
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
          <Step key={step.route} {...stepProps} />
          <InlineError message={error} />
        </div>
        {screen.tip ? <Tip key={step.route} tip={screen.tip} /> : null}
      </div>
    </div>
  );
}
