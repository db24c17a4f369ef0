/**
 * The purchase event (spec 001 §9 Tracking), recorded with a paid order's outcome (server/money/settle-payment.ts),
 * so exactly once whichever request writes it:
 * - revenue in integer cents and its currency: a trial-offer purchase (a cart loaded with a trial kit's origin,
 *   trial_kit_a/b/c, spec 001 §3 Cart) reports the fixed 59.02 CAD, or 42.79 USD for any other currency (the USD
 *   fallback); any other order its total_amount;
 * - shipping tier "Ground";
 * - supplement analytics, when the customer has a paid order holding supplement core (its type `supplement_core`):
 *   whole months since the first such order, and whether more than one order holds it.
 * The event is the customer's (user id), with no visitor. It follows consent (consent.ts): an order paid in a
 * shopper's request (the checkout), that request's; one paid with no browser behind it (a renewal, a reconciliation),
 * the customer's last known consent, or, when none was ever kept, the region's default by the order's currency
 * (CAD: Canada, analytics denied until chosen; any other: granted).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { carts, orderItems, orders, type OrderStatus } from '../db/schema';
import type { Services } from '../services';
import { serverEventsAllowedFor } from './consent';
import { trackingOf } from './event-sink';

/** §9: a trial offer's fixed revenue, cents, by currency (USD when the currency is neither). */
export const TRIAL_OFFER_REVENUE = { CAD: 5902, USD: 4279 } as const;
/** §9: the shipping tier every purchase reports. */
export const SHIPPING_TIER = 'Ground';

/** Orders that were paid (and anything that follows payment). */
const PAID: OrderStatus[] = ['paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered'];

type PaidOrder = typeof orders.$inferSelect;

/** Whole calendar months from `from` to `to` (a day of the month not yet reached does not count). */
export function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/** The purchase event's figures for a paid order. */
export async function purchaseFigures(tx: Database, order: PaidOrder, now: Date) {
  const [cart] = order.cartId === null ? [] : await tx.select({ origin: carts.origin }).from(carts).where(eq(carts.id, order.cartId));
  const trialOffer = cart?.origin?.startsWith('trial_kit_') ?? false;
  const currency = trialOffer ? (order.currency === 'CAD' ? 'CAD' : 'USD') : order.currency;
  const revenueCents = trialOffer ? TRIAL_OFFER_REVENUE[currency === 'CAD' ? 'CAD' : 'USD'] : order.totalAmount;
  const supplementOrders = await tx
    .selectDistinct({ id: orders.id, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, order.userId), eq(orderItems.type, 'supplement_core'), inArray(orders.status, PAID)))
    .orderBy(asc(orders.paidAt));
  const first = supplementOrders[0];
  const firstAt = first ? (first.paidAt ?? first.createdAt) : null;
  return {
    trial_offer: trialOffer,
    revenue_cents: revenueCents,
    currency,
    shipping_tier: SHIPPING_TIER,
    supplement_months_since_first: firstAt ? wholeMonthsBetween(firstAt, now) : null,
    supplement_repeat: firstAt ? supplementOrders.length > 1 : null,
  };
}

/** Records the purchase event of an order written paid, in that transaction. */
export async function onOrderPaidTracking(
  tx: Database,
  services: Pick<Services, 'clock'> & Partial<Pick<Services, 'eventSink' | 'referralTracking' | 'requestConsent'>>,
  order: PaidOrder,
): Promise<void> {
  const now = services.clock.now();
  if (!(await serverEventsAllowedFor(tx, order.userId, now, () => order.currency !== 'CAD', services.requestConsent))) return;
  const data = { order: order.pubkey, cart_kind: order.cartKind, ...(await purchaseFigures(tx, order, now)) };
  await trackingOf(services).record(tx, [{ at: now, visitorId: null, userId: order.userId, kind: 'server', name: 'purchase', data }]);
}
