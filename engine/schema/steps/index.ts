import { z } from 'zod';
import { cancelSteps } from './cancel.ts';
import { checkoutSteps } from './checkout.ts';
import { feedbackSteps } from './feedback.ts';
import { questionSteps } from './question.ts';

export type { QuestionStepKind } from './question.ts';
export type { CheckoutStepKind } from './checkout.ts';
export type { FeedbackStepKind } from './feedback.ts';
export type { CancelStepKind } from './cancel.ts';

/**
 * The step families, each in its own file: its step schemas, and the flow kinds that may use it (none listed: any).
 * A new family is a new file here and one line below; its kinds then need components in the renderer's tables.
 */
export const stepFamilies = {
  question: { steps: questionSteps, flowKinds: undefined },
  checkout: { steps: checkoutSteps, flowKinds: ['checkout'] },
  feedback: { steps: feedbackSteps, flowKinds: ['feedback'] },
  cancel: { steps: cancelSteps, flowKinds: ['cancellation'] },
} as const;

/** Every step kind of every family, discriminated by `kind`. */
export const stepSchema = z.discriminatedUnion('kind', [...questionSteps, ...checkoutSteps, ...feedbackSteps, ...cancelSteps]);
export type StepInput = z.input<typeof stepSchema>;
export type StepDefinition = z.infer<typeof stepSchema>;
export type StepKind = StepDefinition['kind'];
export const stepKinds = stepSchema.options.map((o) => o.shape.kind.value) as StepKind[];

/** The flow kinds a step kind is limited to, or undefined when any flow may use it. */
export function flowKindsOf(kind: string): readonly string[] | undefined {
  for (const family of Object.values(stepFamilies)) {
    if (family.steps.some((s) => s.shape.kind.value === kind)) return family.flowKinds;
  }
  return undefined;
}
