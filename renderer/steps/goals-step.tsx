import type { StepProps } from '../step-props';
import { CheckboxStep } from '../parts/checkbox-step';

/** The goals the shopper wants, as checkboxes (the engine stores each goal as 3 or 0, spec 000 §5.3). */
export function GoalsStep(props: StepProps<'goals'>) {
  return <CheckboxStep {...props} />;
}
