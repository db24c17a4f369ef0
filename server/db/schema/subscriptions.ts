/**
 * @module server/db/schema/subscriptions: a shopper's subscriptions (spec 001 §3 Subscription, §4 Subscriptions). A
 * subscription is one per category (haircare, skincare) and sub-category (topicals, supplements) while it is current
 * (active or onhold: a partial unique index); each of its products keeps its own schedule (frequency in weeks, its
 * next date, skipped for the next delivery or not). A renewal is logged once per subscription and due date (a unique
 * key), so no retry, second process or restart renews it twice (server/subscriptions/README.md).
 */
import type { Currency } from '#api/money';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { paymentMethods } from './payments';
import { orders, type ShippingAddress } from './orders';

export const SUBSCRIPTION_STATUSES = ['active', 'onhold', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Why a subscription is on hold (spec 001 §4; the misspelt uncaugth_error is read as uncaught_error, never written). */
export const ONHOLD_REASONS = ['payment_error', 'invalid_fragrance', 'uncaught_error', 'other'] as const;
export type OnholdReason = (typeof ONHOLD_REASONS)[number];
export type SubscriptionCategory = 'haircare' | 'skincare';
export type SubscriptionSubCategory = 'topicals' | 'supplements';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    category: text('category').$type<SubscriptionCategory>().notNull(),
    subCategory: text('sub_category').$type<SubscriptionSubCategory>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** Why it is on hold; null when active or canceled. */
    statusReason: text('status_reason').$type<OnholdReason>(),
    /** Where its boxes ship, as kept (the checkout's address; the account may later change or drop the address it came from). */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /** The saved method its renewals charge; null when there is none (a renewal then holds it with payment_error). */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The saving on its renewals, in percent (spec 001 §9: 15). */
    discountPercentage: integer('discount_percentage').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    mustHaveJars: boolean('must_have_jars').notNull().default(true),
    /** Declined renewal charges in a row (the retries of server/subscriptions/README.md); back to 0 once one is paid. */
    failedCharges: integer('failed_charges').notNull().default(0),
    /** Bumped by every change, for the account's updates to come (two tabs lose no change). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_current_idx')
      .on(t.userId, t.category, t.subCategory)
      .where(sql`status in ('active', 'onhold')`),
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_status_check', sql.raw(`status in (${list(SUBSCRIPTION_STATUSES)})`)),
    check('subscriptions_reason_check', sql.raw(`status_reason is null or status_reason in (${list(ONHOLD_REASONS)})`)),
    check('subscriptions_category_check', sql`${t.category} in ('haircare', 'skincare') and ${t.subCategory} in ('topicals', 'supplements')`),
    check('subscriptions_discount_check', sql`${t.discountPercentage} between 0 and 100`),
  ],
);

/** A product of a subscription (spec 001 §3 regular_products) on its own schedule. */
export const subscriptionProducts = pgTable(
  'subscription_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The catalogue product (variant) type, as the cart names it. */
    type: text('type').notNull(),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
    /** Every so many weeks (4, 8 or 12; supplements 4: "every 25 days"). */
    frequency: integer('frequency').notNull(),
    /** The date of its next delivery (the shop's calendar, UTC). */
    nextStart: date('next_start', { mode: 'string' }).notNull(),
    /** Left out of the next delivery (then moved by its frequency, and un-skipped). */
    skipped: boolean('skipped').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_products_type_idx').on(t.subscriptionId, t.type),
    check('subscription_products_quantity_check', sql`${t.quantity} > 0`),
    check('subscription_products_frequency_check', sql`${t.frequency} > 0`),
  ],
);

/** The checkout orders a subscription was made or added to from: each paid order counts once (server/subscriptions/from-order.ts). */
export const subscriptionOrigins = pgTable(
  'subscription_origins',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.subscriptionId] }), index('subscription_origins_subscription_idx').on(t.subscriptionId)],
);

export const RENEWAL_STATUSES = ['pending', 'paid', 'declined', 'held'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/**
 * A renewal of a subscription on one due date: one row per (subscription, due date), whatever retries, processes or
 * restarts ask (server/subscriptions/renew.ts). Its order, its outcome, and how many charges were tried.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** pending: recorded, not yet settled; paid; declined: its charge failed (retried); held: nothing charged (no method, sold out). */
    status: text('status').$type<RenewalStatus>().notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** Why it is declined or held (the decline code, no_payment_method, invalid_fragrance). */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_renewals_due_idx').on(t.subscriptionId, t.dueOn),
    check('subscription_renewals_status_check', sql.raw(`status in (${list(RENEWAL_STATUSES)})`)),
  ],
);
