import type { CancelStepKind } from '#engine';
import { cancelStepComponents, preloadCancelSteps, type CancelFacts } from '../../renderer/cancel/index';
import type { FlowKind } from '../flow/flow-kind';
import { cancelFlows } from './cancel-data';

/**
 * The cancel and retention path (spec 001 §4 Subscriptions, §7): flows/subscription-cancel/*.yaml, drawn with the
 * cancellation family's components (the reason, the retention offers, the confirmation).
 */
export const cancelKind: FlowKind<CancelFacts, CancelStepKind> = {
  name: 'cancellation',
  flows: cancelFlows,
  components: cancelStepComponents,
  preload: preloadCancelSteps,
  words: {
    loadingStep: 'Loading…',
    loadingResults: 'Saving your choice…',
    loadFailed: 'We couldn’t load this page. Please check your connection and try again.',
  },
};
