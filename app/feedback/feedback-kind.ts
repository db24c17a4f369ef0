import type { FeedbackStepKind, QuestionStepKind } from '#engine';
import { preloadStepComponents, stepComponents } from '../../renderer/index';
import { feedbackStepComponents, preloadFeedbackSteps, type FeedbackFacts } from '../../renderer/feedback/index';
import type { FlowKind } from '../flow/flow-kind';
import { feedbackFlows } from './feedback-data';

/**
 * "Review & Refine" (spec 002): flows/feedback/*.yaml, drawn with the question family's components (intros,
 * transitions, single choices) and the feedback family's (ratings, textures, fragrances, the public review, the results).
 */
export const feedbackKind: FlowKind<FeedbackFacts, QuestionStepKind | FeedbackStepKind> = {
  name: 'feedback',
  flows: feedbackFlows,
  components: { ...stepComponents, ...feedbackStepComponents },
  preload: () => Promise.all([preloadStepComponents(), preloadFeedbackSteps()]),
  leaveOnNextStepError: true,
  words: {
    loadingStep: 'Loading your feedback…',
    loadingResults: 'Saving your feedback…',
    loadFailed: 'We couldn’t load this part of your feedback. Please check your connection and try again.',
  },
};
