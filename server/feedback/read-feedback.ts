import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orderFeedback, orderItems, orders, type FeedbackCategory, type FeedbackValue } from '../db/schema';
import { feedbackCategoryOfItem } from './feedback-order';

/** One line of the order a feedback is about: what the shopper was using. */
export interface ReviewedItem {
  type: string;
  product: string;
  label: string;
  /** The fragrance's slug as ordered (arcadia, blanca…); null without one. */
  fragrance: string | null;
  /** The catalogue ids of its actives; empty for an order placed before they were kept. */
  ingredients: string[];
}

/** A completed feedback, for the formulation (spec 002 §1 "used to tailor the next formulas"). */
export interface CompletedFeedback {
  orderPubkey: string;
  category: FeedbackCategory;
  answers: Record<string, FeedbackValue>;
  completedAt: Date;
  /** The order's lines of that category. */
  items: ReviewedItem[];
}

/**
 * The user's most recently completed feedback of a category, with the order lines it is about; null when they have
 * completed none. A started feedback is not read: it is not final, and may stop halfway.
 * @example const haircare = await latestCompletedFeedback(db, user.id, 'haircare'); // haircare?.answers.product_shampoo_impact
 */
export async function latestCompletedFeedback(db: Database, userId: number, category: FeedbackCategory): Promise<CompletedFeedback | null> {
  return (await latestCompletedFeedbacks(db, userId, [category]))[0] ?? null;
}

/**
 * The user's most recently completed feedback of each of `categories` (those they completed one of), in one query for
 * the feedback and one for their orders' lines: a renewal or a cart reads every category's at once.
 */
export async function latestCompletedFeedbacks(db: Database, userId: number, categories: readonly FeedbackCategory[]): Promise<CompletedFeedback[]> {
  const latest = await db
    .selectDistinctOn([orderFeedback.category], {
      category: orderFeedback.category,
      orderId: orders.id,
      pubkey: orders.pubkey,
      answers: orderFeedback.answers,
      completedAt: orderFeedback.completedAt,
    })
    .from(orderFeedback)
    .innerJoin(orders, eq(orders.id, orderFeedback.orderId))
    .where(and(eq(orders.userId, userId), inArray(orderFeedback.category, [...categories]), eq(orderFeedback.status, 'completed')))
    .orderBy(orderFeedback.category, desc(orderFeedback.completedAt), desc(orderFeedback.id));
  const found = latest.filter((row) => row.completedAt !== null);
  if (found.length === 0) return [];
  const orderIds = [...new Set(found.map((row) => row.orderId))];
  const lines = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.position));
  return categories.flatMap((category) => {
    const row = found.find((f) => f.category === category);
    if (!row) return [];
    return [
      {
        orderPubkey: row.pubkey,
        category,
        answers: row.answers,
        completedAt: row.completedAt!,
        items: lines
          .filter((line) => line.orderId === row.orderId && feedbackCategoryOfItem(line) === category)
          .map((line) => ({
            type: line.type,
            product: line.product,
            label: line.label,
            fragrance: line.formula?.fragrance?.slug ?? null,
            ingredients: (line.formula?.ingredients ?? []).flatMap((ingredient) => (ingredient.slug ? [ingredient.slug] : [])),
          })),
      },
    ];
  });
}
