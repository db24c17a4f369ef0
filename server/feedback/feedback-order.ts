import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orderItems, orders, type FeedbackCategory, type OrderStatus } from '../db/schema';
import { notFound } from '../http/api-error';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * The order statuses feedback is given on: paid and every later one but canceled (API.md: any paid order accepts
 * feedback). An order waiting for its payment, a refused attempt and a canceled order take none: 404, as for an
 * order that is not the caller's (server/feedback/README.md).
 */
export const FEEDBACK_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered'];

/** The supplements products (a haircare sub-category reviewed on its own, spec 002 §2.4): the supplement and its refill. */
export const SUPPLEMENT_PRODUCTS: readonly string[] = ['supplement_core', 'supplements_pouch'];

/** The Skincare Starter Set's minis: an order holding one is reviewed with the Starter Set flow (spec 002 §2.3, §5.2). */
export const STARTER_SET_TYPES: readonly string[] = ['cleanser_mini', 'serum_mini', 'moisturizer_mini'];

/** The feedback category an order line belongs to: supplements, other haircare, skincare; none for accessories. */
export function feedbackCategoryOfItem(item: Pick<ItemRow, 'product' | 'productCategory'>): FeedbackCategory | null {
  if (SUPPLEMENT_PRODUCTS.includes(item.product)) return 'supplements';
  if (item.productCategory === 'haircare' || item.productCategory === 'skincare') return item.productCategory;
  return null;
}

/** The feedback categories an order's lines hold, in the order haircare, skincare, supplements. */
export function feedbackCategoriesOf(items: readonly Pick<ItemRow, 'product' | 'productCategory'>[]): FeedbackCategory[] {
  const held = new Set(items.map(feedbackCategoryOfItem));
  return (['haircare', 'skincare', 'supplements'] as const).filter((category) => held.has(category));
}

/** Whether the order is reviewed with the Skincare Starter Set's flow. */
export const holdsStarterSet = (items: readonly Pick<ItemRow, 'type' | 'product'>[]) =>
  items.some((item) => STARTER_SET_TYPES.includes(item.type) || STARTER_SET_TYPES.includes(item.product));

/** An order the caller may give feedback on, with its lines. */
export interface FeedbackOrder {
  order: OrderRow;
  items: ItemRow[];
  categories: FeedbackCategory[];
}

const NO_ORDER = 'There is no such order to give feedback on.';

/**
 * The caller's own order `pubkey`, paid or later, holding `category` when one is given; else 404 `not_found`, the same
 * answer for another shopper's order, an unknown one, one not paid, a canceled one, and one without that category.
 */
export async function loadFeedbackOrder(db: Database, userId: number, pubkey: string, category?: FeedbackCategory): Promise<FeedbackOrder> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.pubkey, pubkey), eq(orders.userId, userId)))
    .limit(1);
  if (!order || !FEEDBACK_ORDER_STATUSES.includes(order.status)) throw notFound('not_found', NO_ORDER);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  const categories = feedbackCategoriesOf(items);
  if (category && !categories.includes(category)) throw notFound('not_found', `This order holds no ${category} to give feedback on.`);
  return { order, items, categories };
}
