/**
 * Spec 002 §3.9 "Feedback analytics event", sent per answer: feedback_name, feedback_question_topic,
 * feedback_question_num, feedback_question_answer. The feedback save writes them (server/feedback/feedback-events.ts)
 * and they go to the one tracking interface in the same transaction; free text is "(text)", never the words. They
 * follow the consent of the feedback's request (consent.ts; the customer's last known one outside a request).
 */
import type { Database } from '../db/database';
import type { feedbackEvents } from '../db/schema';
import type { Services } from '../services';
import { serverEventsAllowedFor } from './consent';
import { trackingOf } from './event-sink';

export async function feedbackTrackedEvents(tx: Database, services: Services, rows: readonly (typeof feedbackEvents.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  if (!(await serverEventsAllowedFor(tx, rows[0]!.userId, services.clock.now(), () => true, services.requestConsent))) return;
  await trackingOf(services).record(
    tx,
    rows.map((row) => ({
      at: row.createdAt ?? services.clock.now(),
      visitorId: null,
      userId: row.userId,
      kind: 'server' as const,
      name: 'feedback_question_answered',
      data: {
        feedback_name: row.feedbackName,
        feedback_question_topic: row.topic,
        feedback_question_num: row.questionNum ?? 0,
        feedback_question_answer: row.answer,
      },
    })),
  );
}
