import type { feedbackEvents, FeedbackCategory, FeedbackValue } from '../db/schema';
import type { FeedbackFlows } from './feedback-flows';

/** What an event records for free text: never the shopper's words (spec 002 §3.9 feedback_question_answer). */
export const FREE_TEXT_ANSWER = '(text)';

/**
 * Spec 002 §3.9: one analytics event per answer a save wrote: the flow (feedback_name), the question (topic) and its
 * position, and the answer as text. A cleared answer (null) is no answer, so it makes no event; free text is "(text)".
 */
export function feedbackEventRows(
  flows: FeedbackFlows,
  category: FeedbackCategory,
  starter: boolean,
  saved: Record<string, FeedbackValue>,
  ids: { userId: number; orderId: number; now: Date },
): (typeof feedbackEvents.$inferInsert)[] {
  return Object.entries(saved).flatMap(([field, value]) => {
    if (value === null) return [];
    const question = flows.questionOf(category, field, starter);
    return [
      {
        userId: ids.userId,
        orderId: ids.orderId,
        feedbackName: question?.feedbackName ?? `feedback-${category}`,
        topic: question?.topic ?? field,
        field,
        questionNum: question?.questionNum ?? 0,
        answer: flows.isText(category, field) ? FREE_TEXT_ANSWER : String(value),
        createdAt: ids.now,
      },
    ];
  });
}
