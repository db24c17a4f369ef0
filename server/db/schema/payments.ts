/** @module server/db/schema/payments: Payments: what the embedded test provider keeps of the charges made to it, and customers' saved payment methods. */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';

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
    /** canceled: voided while it waited for the bank (a newer attempt replaced it); a late approval then takes nothing. */
    status: text('status').$type<'succeeded' | 'requires_action' | 'declined' | 'canceled'>().notNull(),
    declineCode: text('decline_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * The saved method's reference the charge hands back once it succeeds, when the shopper asked to keep the card
     * (ChargeRequest.saveFor), as Stripe keeps `setup_future_usage` and the Customer on the PaymentIntent; null
     * otherwise. Kept here because a charge that waits for authentication is read back by its id alone.
     */
    saveRef: text('save_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('test_provider_charges_key_idx').on(t.idempotencyKey), uniqueIndex('test_provider_charges_source_idx').on(t.sourceRef)],
);

/**
 * A customer's saved payment methods (spec 001 §3 Payment method, §7 Payment methods): a card or a wallet kept with
 * the provider, which this table names by the provider's own reference (never a card number). One is the default;
 * a deleted one is kept, marked, for the orders it paid.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    /** The wallet-type provider, or a card. */
    service: text('service').$type<'card' | 'wallet'>().notNull(),
    /** The provider's reference to charge it again with. */
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** The provider's mark of the card's number (SavedMethod.fingerprint): a card saved again is kept once. */
    fingerprint: text('fingerprint'),
    isDefault: boolean('is_default').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId), uniqueIndex('payment_methods_ref_idx').on(t.userId, t.providerRef)],
);
