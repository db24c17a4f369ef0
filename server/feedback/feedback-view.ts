import { inArray } from 'drizzle-orm';
import type { FeedbackRecord } from '#api';
import type { Database } from '../db/database';
import { orderFeedback, type FeedbackCategory } from '../db/schema';

export type FeedbackRow = typeof orderFeedback.$inferSelect;

/** A feedback record as the API shows it (spec 002 §3.2): status, origin, the answers so far. */
export function feedbackView(row: Pick<FeedbackRow, 'status' | 'origin' | 'answers'>): FeedbackRecord {
  return { status: row.status, origin: row.origin, answers: row.answers };
}

/** The order view's three records (spec 002 §3.1 feedback, skincare_feedback, supplements_feedback), null where none was saved. */
export function orderFeedbackFields(rows: readonly FeedbackRow[]): {
  feedback: FeedbackRecord | null;
  skincare_feedback: FeedbackRecord | null;
  supplements_feedback: FeedbackRecord | null;
} {
  const of = (category: FeedbackCategory) => {
    const row = rows.find((r) => r.category === category);
    return row ? feedbackView(row) : null;
  };
  return { feedback: of('haircare'), skincare_feedback: of('skincare'), supplements_feedback: of('supplements') };
}

/** The feedback records of some orders, in one query. */
export async function feedbackOfOrders(db: Database, orderIds: readonly number[]): Promise<FeedbackRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderFeedback)
    .where(inArray(orderFeedback.orderId, [...orderIds]));
}
