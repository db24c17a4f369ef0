import type { StepProps } from '../step-props';
import { CheckboxStep } from '../parts/checkbox-step';

/**
 * The products the shopper uses, as checkboxes under their groups (Cleansers, Treatments and moisturizers,
 * Makeup; spec 000 §3.3); exclusive options clear the rest (§5.1); the follow-up opens on Next (§2.8).
 */
export function RoutineProductsStep(props: StepProps<'routine-products'>) {
  return <CheckboxStep {...props} />;
}
