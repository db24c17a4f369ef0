import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { FEEDBACK_CATEGORIES, orderFeedback, type FeedbackCategory } from '../db/schema';

export { FEEDBACK_CATEGORIES, type FeedbackCategory };

/**
 * How long after delivery the shop asks how a formula works (server/jobs/README.md): a week of washes for haircare and
 * of mornings and evenings for skincare; a month for supplements, which take weeks of daily use to show anything.
 */
export const INVITATION_DELAY_DAYS: Record<FeedbackCategory, number> = { haircare: 7, skincare: 7, supplements: 30 };

/** Which feedback category a line belongs to, and which an order holds: the feedback's own rule (server/feedback/feedback-order.ts). */
export { feedbackCategoryOfItem as feedbackCategoryOf, feedbackCategoriesOf, FEEDBACK_ORDER_STATUSES } from '../feedback/feedback-order';

/** Where a shopper gives an order's feedback for a category (the flows' intro), saying where they came from (spec 002 §4.3 origin). */
export const feedbackPath = (category: FeedbackCategory, orderPubkey: string, origin: 'email' | 'account') =>
  `/feedback/${category}?order=${encodeURIComponent(orderPubkey)}&origin=${origin}`;

/** A category's feedback record as far as fulfilment cares: started or completed, and when completed. */
export interface FeedbackState {
  status: 'started' | 'completed';
  completedAt: Date | null;
}

/** The feedback records of these orders (table order_feedback, server/db/schema/feedback.ts), by order id and category. */
export async function feedbackStates(db: Database, orderIds: readonly number[]): Promise<Map<number, Map<FeedbackCategory, FeedbackState>>> {
  const states = new Map<number, Map<FeedbackCategory, FeedbackState>>();
  if (orderIds.length === 0) return states;
  const rows = await db
    .select({ orderId: orderFeedback.orderId, category: orderFeedback.category, status: orderFeedback.status, completedAt: orderFeedback.completedAt })
    .from(orderFeedback)
    .where(inArray(orderFeedback.orderId, [...orderIds]));
  for (const row of rows) {
    const byCategory = states.get(row.orderId) ?? new Map<FeedbackCategory, FeedbackState>();
    byCategory.set(row.category, { status: row.status, completedAt: row.completedAt });
    states.set(row.orderId, byCategory);
  }
  return states;
}
