/**
 * @module server/subscriptions/coupons: a retention coupon on a subscription's next charge (retention.ts; README.md
 * "Retention offers"), as the renewal and ship-now apply it: the order that applies it reserves it, and the coupon is
 * used once that order is paid (a declined attempt leaves it for the retry). Also whether a ship-now is being charged
 * right now, which the renewal waits for.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { subscriptionCoupons, subscriptionEvents } from '../db/schema';
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

/** A ship-now stuck longer than this (its process died mid-charge) no longer holds the renewal back. */
const SHIP_NOW_STALE_MS = 60 * 60_000;

/** A ship-now of the subscription recorded within the last hour and not yet settled. */
export async function shipNowInFlight(tx: Database, subscriptionId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        eq(subscriptionEvents.kind, 'ship_now'),
        eq(subscriptionEvents.state, 'pending'),
        gt(subscriptionEvents.createdAt, new Date(now.getTime() - SHIP_NOW_STALE_MS)),
      ),
    )
    .limit(1);
  return !!row;
}
