import { asc, eq, sql } from 'drizzle-orm';
import type { OpenTextFeedbackList, OpenTextFeedbackPatch } from '#api';
import type { Database } from '../db/database';
import { orderFeedback, orderOpenTextFeedback } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import type { Services } from '../services';
import { feedbackCategoryOfItem, loadFeedbackOrder } from './feedback-order';

/** Every product's open text of an order, as GET and PATCH answer it (spec 002 §3.3). */
async function openTexts(db: Database, orderId: number): Promise<OpenTextFeedbackList> {
  const rows = await db.select().from(orderOpenTextFeedback).where(eq(orderOpenTextFeedback.orderId, orderId)).orderBy(asc(orderOpenTextFeedback.id));
  return rows.map((row) => ({ product: row.product, open_text_feedback: { feedback_text: row.feedbackText } }));
}

/**
 * Saves the caller's open text per product of their order (spec 002 §4.3, §5.4, §8): a product the order does not hold
 * is 400 naming it and nothing is saved; an empty text is not saved (no error); a text is stored as typed (it is
 * escaped where it is shown); a product whose category's feedback is completed is final (409). One transaction.
 */
export async function saveOpenTexts(services: Services, userId: number, pubkey: string, body: OpenTextFeedbackPatch): Promise<OpenTextFeedbackList> {
  const { order, items } = await loadFeedbackOrder(services.db, userId, pubkey);
  const list = Array.isArray(body) ? body : [body];
  const held = new Map(items.flatMap((item) => [item.type, item.product].map((product) => [product, feedbackCategoryOfItem(item)] as const)));
  const problems = new Map<string, string[]>();
  list.forEach((entry, index) => {
    if (!held.has(entry.product)) problems.set(Array.isArray(body) ? `${index}.product` : 'product', [`This order holds no "${entry.product}".`]);
  });
  if (problems.size > 0) throw validationError(Object.fromEntries(problems), 'Give feedback on the products of this order.');
  // The last text given for a product wins; an empty one is not saved (spec 002 §5.4).
  const texts = new Map(
    list.filter((entry) => entry.open_text_feedback.feedback_text.trim() !== '').map((e) => [e.product, e.open_text_feedback.feedback_text]),
  );
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    // Locked, so a completion saved meanwhile is seen.
    const records = await tx
      .select({ category: orderFeedback.category, status: orderFeedback.status })
      .from(orderFeedback)
      .where(eq(orderFeedback.orderId, order.id))
      .for('update');
    const done = new Set(records.filter((r) => r.status === 'completed').map((r) => r.category));
    for (const product of texts.keys()) {
      const category = held.get(product);
      if (category && done.has(category))
        throw new ApiError(409, 'feedback_completed', `The ${category} feedback on this order is completed and can no longer change.`);
    }
    for (const [product, text] of texts) {
      await tx
        .insert(orderOpenTextFeedback)
        .values({ orderId: order.id, product, feedbackText: text, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [orderOpenTextFeedback.orderId, orderOpenTextFeedback.product],
          set: { feedbackText: sql`excluded.feedback_text`, updatedAt: now },
        });
    }
    return openTexts(tx, order.id);
  });
}

const NOT_FOUND = 'not_found: no such paid order of theirs';

/** GET /v2/orders/{id}/open_text_feedback/: the open text given on each product of the caller's order. */
export const getOpenTextFeedback = defineOperation(
  'getOpenTextFeedback',
  { summary: 'The open text feedback on an order’s products', tag: 'feedback', responses: { 200: 'Each product’s open text', 404: NOT_FOUND } },
  async ({ c, params, auth, services }) => {
    const { order } = await loadFeedbackOrder(services.db, auth.user.id, params.pubkey ?? '');
    return c.json(await openTexts(services.db, order.id), 200);
  },
);

/** PATCH /v2/orders/{id}/open_text_feedback/: one product's open text, or several. */
export const patchOpenTextFeedback = defineOperation(
  'patchOpenTextFeedback',
  {
    summary: 'Save open text feedback on an order’s products',
    tag: 'feedback',
    responses: {
      200: 'Each product’s open text, as now saved',
      400: 'validation_error: a product the order does not hold, or a text too long (nothing is saved)',
      404: NOT_FOUND,
      409: 'feedback_completed: the feedback of that product’s category is completed (nothing changes)',
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await saveOpenTexts(services, auth.user.id, params.pubkey ?? '', body), 200),
);
