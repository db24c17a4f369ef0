/**
 * @module server/promotions/coupon-store: coupons in the database (server/db/schema/promotions.ts): the coupon a cart
 * carries, the facts its rules read (coupon-rules.ts), and each use by an order, counted under the code's row lock.
 *   - An order claims its coupon in the transaction that records it (`claimCoupon`, after `lockCouponCode` and the
 *     customer's row lock): the use is reserved and counted, so a code with one use left goes to exactly one of two
 *     shoppers racing for it, and a code good once per customer to one of a shopper's two carts.
 *   - Paid: the use is kept (`spendCouponUse`); the payment failed or was voided: it is released and no longer
 *     counted (`releaseCouponUse`), in the transaction that writes the outcome, once.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Currency } from '#api/money';
import type { Database } from '../db/database';
import { preparedOnce } from '../db/prepared-once';
import { cartCoupons, carts, couponCounters, couponUses, orders, type CartKind } from '../db/schema';
import { findCoupon, type Coupon } from './coupon-book';
import type { CouponFacts } from './coupon-rules';

/** A coupon a cart carries, with the facts its rules read. */
export interface CartCoupon {
  coupon: Coupon;
  facts: CouponFacts;
}

/** The code a cart carries: `code` null when the shopper removed it; `chosen` false when none was ever set. */
export async function cartCouponCode(db: Database, cartId: number): Promise<{ chosen: boolean; code: string | null }> {
  const [row] = await db.select({ code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.cartId, cartId));
  return row ? { chosen: true, code: row.code } : { chosen: false, code: null };
}

/** The code of the cart of this shopper and kind: every cart call reads it, so it is prepared once (db/prepared-once.ts). */
const userCartCoupon = preparedOnce((db) =>
  db
    .select({ cartId: carts.id, code: cartCoupons.code, chosen: sql<boolean>`${cartCoupons.cartId} is not null` })
    .from(carts)
    .leftJoin(cartCoupons, eq(cartCoupons.cartId, carts.id))
    .where(and(eq(carts.userId, sql.placeholder('userId')), eq(carts.kind, sql.placeholder('kind'))))
    .prepare('user_cart_coupon'),
);

/** The code of the cart of this shopper and kind (one query for a cart read before its row is). */
export async function couponOfUserCart(db: Database, userId: number, kind: CartKind): Promise<{ cartId: number | null; chosen: boolean; code: string | null }> {
  const [row] = await userCartCoupon(db).execute({ userId, kind });
  return row ? { cartId: row.cartId, chosen: Boolean(row.chosen), code: row.code } : { cartId: null, chosen: false, code: null };
}

/** Sets the cart's coupon (a lowercase code, or null: removed) and raises the cart's version (its price changed). */
export async function setCartCoupon(tx: Database, cartId: number, code: string | null, now: Date): Promise<void> {
  await tx
    .insert(cartCoupons)
    .values({ cartId, code, updatedAt: now })
    .onConflictDoUpdate({ target: cartCoupons.cartId, set: { code, updatedAt: now } });
  await tx
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: now })
    .where(eq(carts.id, cartId));
}

/** Puts the account's sign-up coupon on a cart that never had one chosen (a no-op when one was set meanwhile). */
export async function adoptCartCoupon(db: Database, cartId: number, code: string, now: Date): Promise<void> {
  await db.insert(cartCoupons).values({ cartId, code, updatedAt: now }).onConflictDoNothing();
}

const LIVE = ['reserved', 'used'] as const;

/** What the rules of `coupon` need to know of this shopper and of the code's uses, now. */
export async function couponFacts(db: Database, userId: number, coupon: Coupon, currency: Currency, now: Date): Promise<CouponFacts> {
  const [[ordered], [mine], [all]] = await Promise.all([
    coupon.firstOrderOnly
      ? db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, userId), ne(orders.status, 'payment_failed')))
          .limit(1)
      : Promise.resolve([]),
    coupon.usesPerCustomer !== null
      ? db
          .select({ n: count() })
          .from(couponUses)
          .where(and(eq(couponUses.code, coupon.key), eq(couponUses.userId, userId), inArray(couponUses.status, [...LIVE])))
      : Promise.resolve([{ n: 0 }]),
    coupon.usesInAll !== null
      ? db
          .select({ n: count() })
          .from(couponUses)
          .where(and(eq(couponUses.code, coupon.key), inArray(couponUses.status, [...LIVE])))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return { now, currency, hasOrdered: ordered !== undefined, usesByCustomer: Number(mine?.n ?? 0), usesInAll: Number(all?.n ?? 0) };
}

/** The coupon with this lowercase code and its facts, or null when the code is not (or no longer) in the book. */
export async function loadCartCoupon(db: Database, userId: number, code: string | null, currency: Currency, now: Date): Promise<CartCoupon | null> {
  const coupon = code ? findCoupon(code) : undefined;
  if (!coupon) return null;
  return { coupon, facts: await couponFacts(db, userId, coupon, currency, now) };
}

/**
 * Before an order claims `coupon`, in its recording transaction: a code limited in all has its row locked (made at its
 * first claim), so the uses counted after it (`couponFacts`) are the ones that count and two orders claiming its last
 * use take turns. A code without that limit locks nothing shared: its other limits are the shopper's own, held by the
 * customer's row lock the order already has.
 */
export async function lockCouponCode(tx: Database, coupon: Pick<Coupon, 'key' | 'usesInAll'>): Promise<void> {
  if (coupon.usesInAll === null) return;
  await tx.insert(couponCounters).values({ code: coupon.key }).onConflictDoNothing();
  await tx.select({ code: couponCounters.code }).from(couponCounters).where(eq(couponCounters.code, coupon.key)).for('update');
}

/** The order's use of the code, reserved (counted by the limits from now on). */
export async function claimCoupon(
  tx: Database,
  use: { code: string; userId: number; orderId: number; amount: number; currency: Currency; now: Date },
): Promise<void> {
  await tx.insert(couponUses).values({
    code: use.code,
    userId: use.userId,
    orderId: use.orderId,
    amount: use.amount,
    currency: use.currency,
    status: 'reserved',
    createdAt: use.now,
    updatedAt: use.now,
  });
}

/** The paid order's use is kept; returns its code (null: the order used none). */
export async function spendCouponUse(tx: Database, orderId: number, now: Date): Promise<string | null> {
  const [use] = await tx
    .update(couponUses)
    .set({ status: 'used', updatedAt: now })
    .where(and(eq(couponUses.orderId, orderId), eq(couponUses.status, 'reserved')))
    .returning({ code: couponUses.code });
  return use?.code ?? null;
}

/** The failed order's use is released and no longer counted, once. */
export async function releaseCouponUse(tx: Database, orderId: number, now: Date): Promise<void> {
  await tx
    .update(couponUses)
    .set({ status: 'released', updatedAt: now, releasedAt: now })
    .where(and(eq(couponUses.orderId, orderId), eq(couponUses.status, 'reserved')));
}

/** After a paid order, its cart no longer carries the code it used (removed, so a sign-up coupon is not put back). */
export async function clearUsedCoupon(tx: Database, cartId: number, code: string, now: Date): Promise<void> {
  await tx
    .update(cartCoupons)
    .set({ code: null, updatedAt: now })
    .where(and(eq(cartCoupons.cartId, cartId), eq(cartCoupons.code, code)));
}
