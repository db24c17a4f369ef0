import { and, desc, eq, ne } from 'drizzle-orm';
import type { Order, OrderFeedbackFacts } from '#api';
import type { Services } from '../services';
import { hairProfiles, orders } from '../db/schema';
import { orderViews } from '../orders/order-view';
import { FEEDBACK_ORDER_STATUSES } from './feedback-order';
import { orderFacts } from './order-facts';

/**
 * The order's feedback facts (spec 002 §3.1, §3.6, §5.1-5.3) for its owner, sent with GET /v2/orders/{id}/ as
 * `feedback_facts`; undefined for an order that takes no feedback (not paid, canceled). The consultation answers are
 * the order's survey over the hair profile's, with the profile's is_fragrance_soldout; the days since an item was made
 * count by the shop's clock; a supplement's months count the shopper's orders (those GET /v2/orders/ lists).
 */
export async function orderFeedbackFacts(services: Services, userId: number, view: Order): Promise<OrderFeedbackFacts | undefined> {
  if (!FEEDBACK_ORDER_STATUSES.includes(view.status)) return undefined;
  const [profile] = await services.db
    .select({ answers: hairProfiles.answers, soldOut: hairProfiles.isFragranceSoldout })
    .from(hairProfiles)
    .where(eq(hairProfiles.userId, userId))
    .limit(1);
  const answers = { ...(profile?.answers ?? {}), ...view.formulaset.survey, is_fragrance_soldout: profile?.soldOut ?? false };
  const others = view.items.some((item) => item.variant.product.type === 'supplement_core') ? await shopperOrders(services, userId) : [];
  const facts = orderFacts({ order: view, profile: answers, now: services.clock.now(), orders: others });
  return { flows: facts.flows, order: facts.order, context: facts.context, text: facts.text, products: facts.products, fragrance_names: facts.fragranceNames };
}

/** The shopper's orders as GET /v2/orders/ lists them (all but refused attempts, newest first, at most 100). */
async function shopperOrders(services: Services, userId: number): Promise<Order[]> {
  const rows = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'payment_failed')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  return orderViews(services.db, rows);
}
