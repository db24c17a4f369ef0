/** @module renderer/feedback: the feedback family's step components, their facts, and their preload. */
export { feedbackStepComponents, preloadFeedbackSteps } from './feedback-steps';
export type { FeedbackFacts } from './feedback-facts';
