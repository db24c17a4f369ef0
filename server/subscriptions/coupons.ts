/**
 * @module server/subscriptions/coupons: a retention coupon on a subscription's next charge (retention.ts; README.md
 * "Retention offers"), as the renewal and ship-now apply it: the order that applies it reserves it, and the coupon is
 * used once that order is paid (a declined attempt leaves it for the retry).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { subscriptionCoupons } from '../db/schema';
import type { RenewalCoupon } from './renew';

/** The origin of a retention coupon (spec 001 §4 "a coupon from the cancellation-flow provider"). */
export const CANCELLATION_FLOW = 'cancellation_flow';

/** How long a renewal waits for a ship-now being charged before it looks again. */
export const SHIP_NOW_WAIT_MS = 10 * 60_000;

/** The subscription's coupon not used yet, if any. */
export async function unusedCoupon(tx: Database, subscriptionId: number): Promise<RenewalCoupon | null> {
  const [row] = await tx
    .select({ id: subscriptionCoupons.id, percentOff: subscriptionCoupons.percentOff, label: subscriptionCoupons.label })
    .from(subscriptionCoupons)
    .where(and(eq(subscriptionCoupons.subscriptionId, subscriptionId), isNull(subscriptionCoupons.usedAt)));
  return row ?? null;
}

/** The order now applying the coupon (a retry's order replaces a declined one's). */
export async function reserveCoupon(tx: Database, couponId: number, orderId: number): Promise<void> {
  await tx.update(subscriptionCoupons).set({ orderId }).where(eq(subscriptionCoupons.id, couponId));
}

/** The coupon the order applied is used: it is paid. */
export async function spendCoupon(tx: Database, orderId: number, now: Date): Promise<void> {
  await tx
    .update(subscriptionCoupons)
    .set({ usedAt: now })
    .where(and(eq(subscriptionCoupons.orderId, orderId), isNull(subscriptionCoupons.usedAt)));
}
