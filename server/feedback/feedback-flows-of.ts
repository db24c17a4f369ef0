import type { Services } from '../services';
import { feedbackFlows, type FeedbackFlows } from './feedback-flows';

/** Without feedback flows (tests with made-up consultations) no answer field is known, so every answer is refused. */
const NO_FLOWS = feedbackFlows([]);

/** The feedback flows the shop was started with (flows/feedback/, loaded with the consultations). */
export const feedbackFlowsOf = (services: Services): FeedbackFlows => services.flows.feedback ?? NO_FLOWS;
