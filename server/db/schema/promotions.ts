/**
 * @module server/db/schema/promotions: coupons as they are used (spec 001 §3 Cart display_coupons, §9 "Coupons and
 * referrals"). The coupons themselves are data (server/promotions/coupons.yaml, checked at start); the database keeps
 * which coupon each cart carries, every use of a code by an order (the limits count them), and a row per code limited
 * in all that orders claiming it lock (server/promotions/README.md).
 */
import type { Currency } from '#api/money';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { carts } from './carts';
import { orders } from './orders';

/**
 * The coupon a cart carries: its code (lowercase, the file's key), or null when the shopper removed it (so the
 * account's sign-up coupon is not put back). No row: none chosen yet.
 */
export const cartCoupons = pgTable('cart_coupons', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  code: text('code'),
  updatedAt: updatedAt(),
});

/**
 * One row per code limited in all (`uses_in_all`), made at its first claim: an order claiming the code locks it before
 * counting the code's live uses (coupon_uses), so two shoppers racing for its last use take turns. Codes without that
 * limit take no lock shared by all shoppers (a popular code does not make orders wait for each other).
 */
export const couponCounters = pgTable('coupon_counters', {
  code: text('code').primaryKey(),
});

export const COUPON_USE_STATUSES = ['reserved', 'used', 'released'] as const;
export type CouponUseStatus = (typeof COUPON_USE_STATUSES)[number];

/**
 * A use of a code by an order, written in the transaction that records the order: reserved while it waits for its
 * payment, used once paid, released (no longer counted) when the payment failed. At most one per order.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What it took off the order, in cents of the order's currency. */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<CouponUseStatus>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_idx').on(t.orderId),
    index('coupon_uses_code_user_idx').on(t.code, t.userId),
    check('coupon_uses_amount_check', sql`${t.amount} >= 0`),
    check('coupon_uses_status_check', sql.raw(`status in (${COUPON_USE_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
