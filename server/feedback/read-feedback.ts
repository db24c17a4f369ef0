import { and, asc, desc, eq } from 'drizzle-orm';
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
  const [latest] = await db
    .select({ orderId: orders.id, pubkey: orders.pubkey, answers: orderFeedback.answers, completedAt: orderFeedback.completedAt })
    .from(orderFeedback)
    .innerJoin(orders, eq(orders.id, orderFeedback.orderId))
    .where(and(eq(orders.userId, userId), eq(orderFeedback.category, category), eq(orderFeedback.status, 'completed')))
    .orderBy(desc(orderFeedback.completedAt), desc(orderFeedback.id))
    .limit(1);
  if (!latest?.completedAt) return null;
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, latest.orderId)).orderBy(asc(orderItems.position));
  return {
    orderPubkey: latest.pubkey,
    category,
    answers: latest.answers,
    completedAt: latest.completedAt,
    items: lines
      .filter((line) => feedbackCategoryOfItem(line) === category)
      .map((line) => ({
        type: line.type,
        product: line.product,
        label: line.label,
        fragrance: line.formula?.fragrance?.slug ?? null,
        ingredients: (line.formula?.ingredients ?? []).flatMap((ingredient) => (ingredient.slug ? [ingredient.slug] : [])),
      })),
  };
}
