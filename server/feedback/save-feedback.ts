import { and, eq } from 'drizzle-orm';
import type { FeedbackPatch, FeedbackRecord } from '#api';
import type { Logger } from '../log/logger';
import { feedbackEvents, orderFeedback, type FeedbackCategory, type FeedbackValue } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { feedbackEventRows } from './feedback-events';
import { feedbackTrackedEvents } from '../tracking/feedback-event';
import { feedbackFlowsOf } from './feedback-flows-of';
import { holdsStarterSet, loadFeedbackOrder } from './feedback-order';
import { feedbackView } from './feedback-view';

/** The parsed body of a feedback PATCH: origin, status, and answer fields. */
export type FeedbackSave = Omit<FeedbackPatch, 'origin' | 'status'> & { origin?: string | null; status?: 'completed' };

const COMPLETED = 'This feedback is completed and can no longer change.';

/**
 * Saves answers to one category's feedback on the caller's order (spec 002 §4.3, §4.4, §5.4, §7): checked against the
 * category's flows first (400 `invalid_answers`, nothing saved); the record made at the first save with its origin
 * (null is logged as invalid, and the save goes on); a rating of 0 clears its follow-ups; `status: "completed"`
 * completes it at the shop's clock; a completed record is final (409 `feedback_completed`), except the public review
 * asked after the results, written once. One event per answer written (§3.9). One transaction.
 */
export async function saveFeedback(
  services: Services,
  log: Logger,
  user: UserRow,
  pubkey: string,
  category: FeedbackCategory,
  body: FeedbackSave,
): Promise<FeedbackRecord> {
  const flows = feedbackFlowsOf(services);
  const { order, items } = await loadFeedbackOrder(services.db, user.id, pubkey, category);
  const { origin, status, ...fields } = body;
  const check = flows.checkAnswers(category, fields);
  if (!check.ok) throw new ApiError(400, 'invalid_answers', 'Some answers are not valid.', check.fields);
  const answers: Record<string, FeedbackValue> = { ...(fields as Record<string, FeedbackValue>) };
  // Spec 002 §4.4: "I haven't used it enough" also clears that product's follow-ups.
  for (const [field, value] of Object.entries(fields)) {
    if (value === 0) for (const cleared of flows.clearedBySkip(category, field)) answers[cleared] = null;
  }
  const now = services.clock.now();
  const outcome = await services.db.transaction(async (tx) => {
    const made = await tx
      .insert(orderFeedback)
      .values({ orderId: order.id, category, answers: {}, status: 'started', origin: origin ?? null, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: orderFeedback.id });
    const [record] = await tx
      .select()
      .from(orderFeedback)
      .where(and(eq(orderFeedback.orderId, order.id), eq(orderFeedback.category, category)))
      .for('update');
    if (!record) throw new Error('The feedback record vanished while it was saved.');
    if (record.status === 'completed') {
      const names = Object.keys(answers);
      // The public review comes after the results screen (spec 002 §2.1): its texts may be written once, nothing else.
      const review =
        names.length > 0 &&
        names.every((name) => flows.askedAfterResults(category, name) && (!Object.hasOwn(record.answers, name) || record.answers[name] === null));
      if (!review) throw new ApiError(409, 'feedback_completed', COMPLETED);
    }
    const completing = status === 'completed' && record.status !== 'completed';
    const [saved] = await tx
      .update(orderFeedback)
      .set({
        answers: { ...record.answers, ...answers },
        ...(completing ? { status: 'completed' as const, completedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(orderFeedback.id, record.id))
      .returning();
    const events = feedbackEventRows(flows, category, holdsStarterSet(items), answers, { userId: user.id, orderId: order.id, now });
    if (events.length > 0) await tx.insert(feedbackEvents).values(events);
    // The same events go where every tracked event goes (spec 002 §3.9; server/tracking/).
    await feedbackTrackedEvents(tx, services, events);
    return { record: saved!, created: made.length > 0 };
  });
  // Spec 002 §4.3, §8: a feedback started without saying where from is logged as invalid; the save stands.
  if (outcome.created && outcome.record.origin === null) {
    log.warn({ event: 'feedback_origin_invalid', order: order.id, category }, 'Feedback started without an origin (null): invalid');
  }
  return feedbackView(outcome.record);
}
