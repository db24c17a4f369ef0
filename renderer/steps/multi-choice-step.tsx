import type { StepProps } from '../step-props';
import { CheckboxStep } from '../parts/checkbox-step';

/** Several answers as checkboxes, listed under their group headings; exclusive options clear the rest (spec 000 §5.1). */
export function MultiChoiceStep(props: StepProps<'multi'>) {
  return <CheckboxStep {...props} />;
}
