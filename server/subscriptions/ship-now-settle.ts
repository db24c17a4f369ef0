/**
 * @module server/subscriptions/ship-now-settle: a ship-now's outcome written once (ship-now.ts step 3): paid moves the
 * box's products to the order's day plus their own frequency, un-skipped, spends a retention coupon it applied, bumps
 * the version and moves the renewal job; declined marks it failed. Also run by a renewal (renew.ts) for a ship-now
 * whose request died after its charge, so its products move before the renewal makes its box.
 */
import { and, eq } from 'drizzle-orm';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { orderItems, orders, subscriptionEvents, subscriptionProducts, subscriptions } from '../db/schema';
import type { OrderRow } from '../orders/order-view';
import { spendCoupon } from './coupons';
import { addWeeks, dayOf, productsOf, scheduleRenewal } from './schedule';

/** The outcome written once: paid moves the box's products by their frequency from today. */
export async function concludeShipNow(tx: Database, userId: number, order: OrderRow, now: Date): Promise<OrderRow> {
  await lockUser(tx, userId);
  const [event] = await tx
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.orderId, order.id), eq(subscriptionEvents.kind, 'ship_now')))
    .for('update');
  if (!event || event.state !== 'pending' || order.status === 'pending_payment') return order;
  if (order.status === 'payment_failed') {
    await tx.update(subscriptionEvents).set({ state: 'failed', updatedAt: now }).where(eq(subscriptionEvents.id, event.id));
    return order;
  }
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, event.subscriptionId)).for('update');
  const types = (await tx.select({ type: orderItems.type }).from(orderItems).where(eq(orderItems.orderId, order.id))).map((i) => i.type);
  // From the day the order was made (a conclusion left to a later renewal run moves them as the request would have).
  const today = dayOf(order.createdAt);
  for (const product of await productsOf(tx, event.subscriptionId))
    if (types.includes(product.type))
      await tx
        .update(subscriptionProducts)
        .set({ nextStart: addWeeks(today, product.frequency), skipped: false, updatedAt: now })
        .where(eq(subscriptionProducts.id, product.id));
  await spendCoupon(tx, order.id, now);
  await tx.update(subscriptionEvents).set({ state: 'done', updatedAt: now }).where(eq(subscriptionEvents.id, event.id));
  await tx
    .update(subscriptions)
    .set({ version: row!.version + 1, updatedAt: now })
    .where(eq(subscriptions.id, row!.id));
  if (row!.status === 'active') await scheduleRenewal(tx, row!.id);
  return order;
}

/** A ship-now stuck longer than this (its process died mid-charge) no longer holds a renewal back. */
const SHIP_NOW_STALE_MS = 60 * 60_000;

/**
 * Run by a renewal under the customer's and the subscription's locks: concludes the subscription's ship-nows whose
 * charge has an outcome but that were never concluded (their request died after the charge), so their products move
 * before the renewal makes its box; answers true when one is still being charged (within the last hour), and the
 * renewal then waits.
 */
export async function settleShipNows(tx: Database, subscriptionId: number, userId: number, now: Date): Promise<boolean> {
  const pending = await tx
    .select({ event: subscriptionEvents, order: orders })
    .from(subscriptionEvents)
    .innerJoin(orders, eq(orders.id, subscriptionEvents.orderId))
    .where(and(eq(subscriptionEvents.subscriptionId, subscriptionId), eq(subscriptionEvents.kind, 'ship_now'), eq(subscriptionEvents.state, 'pending')));
  let inFlight = false;
  for (const { event, order } of pending) {
    if (order.status !== 'pending_payment') await concludeShipNow(tx, userId, order as OrderRow, now);
    else if (event.createdAt.getTime() > now.getTime() - SHIP_NOW_STALE_MS) inFlight = true;
  }
  return inFlight;
}
