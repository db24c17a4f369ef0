import type { EndpointName } from '#api';
import type { FeedbackCategory } from '../db/schema';
import { defineOperation, type Operation } from '../http/operation';
import { saveFeedback } from './save-feedback';
import { requestLogger } from '../log/request-log';

const RESPONSES = {
  200: 'The feedback record as saved (status, origin, answers)',
  400: 'validation_error: not an object, a value of the wrong type or a text too long; invalid_answers: a field or value the feedback flows do not ask (nothing is saved)',
  404: 'not_found: no such paid order of theirs, or it holds nothing of this category',
  409: 'feedback_completed: this feedback is completed and final (nothing changes)',
} as const;

/** PATCH /v2/orders/{id}/<call>/: saves the caller's answers to one category's feedback on their order (spec 002 §7). */
function patchFeedbackOperation(
  name: EndpointName & ('patchFeedback' | 'patchSkincareFeedback' | 'patchSupplementsFeedback'),
  category: FeedbackCategory,
): Operation {
  return defineOperation(
    name,
    { summary: `Save ${category} feedback on an order`, tag: 'feedback', responses: RESPONSES },
    async ({ c, body, params, auth, services }) =>
      c.json(await saveFeedback(services, requestLogger(c, services.config.logger), auth.user, params.pubkey ?? '', category, body), 200),
  );
}

/** PATCH /v2/orders/{id}/feedback/: the haircare feedback. */
export const patchHaircareFeedback = patchFeedbackOperation('patchFeedback', 'haircare');
/** PATCH /v2/orders/{id}/skincare_feedback/: the skincare feedback (full-size or Starter Set). */
export const patchSkincareFeedback = patchFeedbackOperation('patchSkincareFeedback', 'skincare');
/** PATCH /v2/orders/{id}/supplements_feedback/: the supplements feedback. */
export const patchSupplementsFeedback = patchFeedbackOperation('patchSupplementsFeedback', 'supplements');
