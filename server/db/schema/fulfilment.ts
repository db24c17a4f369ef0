/**
 * @module server/db/schema/fulfilment: what happened to an order after it was paid (spec 001 §4 Orders): each move
 * an operator made, and the feedback invitations it led to (server/orders/fulfilment.ts).
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders, type OrderStatus } from './orders';

/** One move of an order from a status to another, in the order it was made; never changed afterwards. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>().notNull(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** Set on the move to shipped. */
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** Who moved it: "shop command (<login>)". */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** A feedback invitation mailed for one category of a delivered order: one row, so it is never mailed twice. */
export const feedbackInvitations = pgTable(
  'feedback_invitations',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** haircare, skincare or supplements (spec 002 §1). */
    category: text('category').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.category] })],
);
