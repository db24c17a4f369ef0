/**
 * @module server/db/schema/subscription-life: what happens to a subscription after checkout (server/subscriptions/
 * README.md "Cancel, retention, resubscribe, ship now"): its events (a cancel with its reason and comment, an offer
 * accepted, a resubscribe, a ship-now order, an upcoming-renewal mail sent) and the retention coupons on its next
 * charge. An upcoming-renewal mail is logged once per subscription and due date, a ship-now once per order (unique
 * keys), and a subscription holds at most one coupon not yet used (no stacking).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { subscriptions } from './subscriptions';

export const SUBSCRIPTION_EVENT_KINDS = ['canceled', 'offer_accepted', 'resubscribed', 'ship_now', 'renewal_reminder'] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];
/** A ship-now's progress: its order recorded (pending), paid and the dates moved (done), or declined (failed). */
export const SHIP_NOW_STATES = ['pending', 'done', 'failed'] as const;
export type ShipNowState = (typeof SHIP_NOW_STATES)[number];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** The log of a subscription's life: who did what, why (a cancel's reason and comment), with which offer or order. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionEventKind>().notNull(),
    /** A cancel's reason (a slug of GET /v1/subscription_log_reasons). */
    reason: text('reason'),
    /** The shopper's own words with a cancel. */
    comment: text('comment'),
    /** The retention offer accepted (its id). */
    offer: text('offer'),
    /** The renewal date an upcoming-renewal mail was about. */
    dueOn: date('due_on', { mode: 'string' }),
    /** A ship-now's order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    state: text('state').$type<ShipNowState>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscription_events_subscription_idx').on(t.subscriptionId),
    uniqueIndex('subscription_events_reminder_idx')
      .on(t.subscriptionId, t.dueOn)
      .where(sql`kind = 'renewal_reminder'`),
    uniqueIndex('subscription_events_ship_now_idx')
      .on(t.orderId)
      .where(sql`kind = 'ship_now'`),
    check('subscription_events_kind_check', sql.raw(`kind in (${list(SUBSCRIPTION_EVENT_KINDS)})`)),
    check('subscription_events_state_check', sql.raw(`state is null or state in (${list(SHIP_NOW_STATES)})`)),
  ],
);

/**
 * A coupon on a subscription's next charge (a retention offer: `origin` cancellation_flow): a percent off the box,
 * reserved by the order that applies it (`orderId`) and used once that order is paid (`usedAt`). One not yet used per
 * subscription at most.
 */
export const subscriptionCoupons = pgTable(
  'subscription_coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    percentOff: integer('percent_off').notNull(),
    label: text('label').notNull(),
    origin: text('origin').notNull(),
    /** The order that last applied it (a renewal or ship-now attempt); it is used when that order is paid. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_coupons_unused_idx')
      .on(t.subscriptionId)
      .where(sql`used_at is null`),
    check('subscription_coupons_percent_check', sql`${t.percentOff} between 1 and 100`),
  ],
);
