import type { CancelStepKind } from '#engine';
import type { StepComponentTable } from '../step-components';
import { lazyComponent } from '../lazy-component';
import type { CancelFacts } from './cancel-facts';
import { CancelReasonStep } from './cancel-reason-step';

/** The steps after the first: each its own small chunk. */
const later = {
  'retention-offer': lazyComponent(() => import('./retention-offer-step').then((m) => m.RetentionOfferStep)),
  'cancel-confirm': lazyComponent(() => import('./cancel-confirm-step').then((m) => m.CancelConfirmStep)),
};

/**
 * The components of the cancellation family's step kinds (engine/schema/steps/cancel.ts), drawn with the cancellation
 * kind's facts: a new kind there fails to compile until it has one here. The reason (where every cancellation opens)
 * is in the page's own code; `preloadCancelSteps` fetches the others once the shopper starts answering.
 */
export const cancelStepComponents = {
  'cancel-reason': CancelReasonStep,
  'retention-offer': later['retention-offer'].component,
  'cancel-confirm': later['cancel-confirm'].component,
} satisfies StepComponentTable<CancelStepKind, CancelFacts>;

let preloading: Promise<unknown> | undefined;

/** Loads the cancellation's other step kinds (once); resolves when they are ready. */
export function preloadCancelSteps(): Promise<unknown> {
  preloading ??= Promise.all(Object.values(later).map((l) => l.preload())).catch((error: unknown) => {
    preloading = undefined;
    throw error;
  });
  return preloading;
}
