import type { FeedbackStepKind, QuestionStepKind, feedbackSummary } from '#engine';
import { lazyQuestionSteps, preloadLazyQuestionSteps } from '../../renderer/lazy-question-steps';
import { feedbackStepComponents, preloadFeedbackSteps, type FeedbackFacts } from '../../renderer/feedback/index';
import type { FlowKind } from '../flow/flow-kind';
import { feedbackFlows } from './feedback-data';

/**
 * "Review & Refine" (spec 002): flows/feedback/*.yaml, drawn with the question family's components (intros,
 * transitions, single choices) and the feedback family's (ratings, textures, fragrances, the public review, the results).
 * The question family's load when first drawn (renderer/lazy-question-steps.ts): a page opened on a rating does without.
 */
export const feedbackKind: FlowKind<FeedbackFacts, QuestionStepKind | FeedbackStepKind> = {
  name: 'feedback',
  flows: feedbackFlows,
  components: { ...lazyQuestionSteps, ...feedbackStepComponents },
  preload: () => Promise.all([preloadLazyQuestionSteps(), preloadFeedbackSteps(), loadResultsSummary()]),
  leaveOnNextStepError: true,
  words: {
    loadingStep: 'Loading your feedback…',
    loadingResults: 'Saving your feedback…',
    loadFailed: 'We couldn’t load this part of your feedback. Please check your connection and try again.',
  },
};

let summary: Promise<typeof feedbackSummary> | undefined;
let summarize: typeof feedbackSummary | undefined;

/**
 * The results screen's summary (the engine's feedbackSummary, app/feedback/results-summary.ts), loaded once: when the
 * flow reaches its results, or ahead with the other steps' code once the shopper starts answering. It is no part of a
 * feedback page's first download.
 */
export function loadResultsSummary(): Promise<typeof feedbackSummary> {
  summary ??= import('./results-summary').then(
    (m) => (summarize = m.feedbackSummary),
    (error: unknown) => {
      summary = undefined; // a failed load (offline) is tried again next time
      throw error;
    },
  );
  return summary;
}

/** The summary's code once loaded, else undefined (the results screen then waits for it). */
export const resultsSummary = (): typeof feedbackSummary | undefined => summarize;
