/** @module renderer/cancel: the cancellation family's step components, their facts, and their preload. */
export { cancelStepComponents, preloadCancelSteps } from './cancel-steps';
export type { CancelFacts, CancelReason, RetentionOffer } from './cancel-facts';
