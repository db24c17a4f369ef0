/**
 * @module server/db/schema/subscription-upsells: the upsell offers a shopper was shown (spec 001 §3 "Upsell offer:
 * transaction_id", §4 Upsells, §5 "Upsell response counts only if it has transaction_id"): one row per offer, its
 * server-issued transaction id, what it offered, whether the shopper had answered that consultation, until when it
 * holds, and once used, the subscription it added to and the request that used it (a retry adds nothing twice).
 */
import { sql } from 'drizzle-orm';
import type { Currency } from '#api/money';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { subscriptions, type SubscriptionCategory, type SubscriptionSubCategory } from './subscriptions';

/** A product as an offer listed it. */
export interface OfferedProduct {
  type: string;
  quantity: number;
  frequency: number;
}

export const subscriptionUpsells = pgTable(
  'subscription_upsells',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The opaque id the offer answers with and add-products presents. */
    transactionId: text('transaction_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<SubscriptionCategory>().notNull(),
    subCategory: text('sub_category').$type<SubscriptionSubCategory>().notNull(),
    /** The shopper had answered that consultation when offered it (false: offered with a missing consultation). */
    consultationAnswered: boolean('consultation_answered').notNull(),
    products: jsonb('products').$type<OfferedProduct[]>().notNull(),
    nextStart: date('next_start', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When add-products used it (once); null while it is open. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** A fingerprint of the add-products request that used it: the same request again answers the same subscription. */
    requestHash: text('request_hash'),
  },
  (t) => [
    index('subscription_upsells_user_idx').on(t.userId, t.category, t.subCategory),
    check('subscription_upsells_category_check', sql`${t.category} in ('haircare', 'skincare') and ${t.subCategory} in ('topicals', 'supplements')`),
  ],
);
