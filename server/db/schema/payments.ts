/** @module server/db/schema/payments: Payments: what the embedded test provider keeps of the charges made to it. */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The embedded test provider's own ledger (server/payments/test-provider.ts): it stands where Stripe would, so it
 * keeps what Stripe would keep for us (one charge per idempotency key, a card token paying once) in its own table,
 * apart from the shop's orders and payment records.
 */
export const testProviderCharges = pgTable(
  'test_provider_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of what was asked (amount, currency, source): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The card token's id (or wallet nonce): each pays once. */
    sourceRef: text('source_ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'succeeded' | 'requires_action' | 'declined'>().notNull(),
    declineCode: text('decline_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('test_provider_charges_key_idx').on(t.idempotencyKey), uniqueIndex('test_provider_charges_source_idx').on(t.sourceRef)],
);
