/**
 * @module server/db/schema/gifts: digital gift cards (spec 001 §3 "Gifts and promotions", §5, §9 "Gift cards and gift
 * sets") and the shop credit they turn into (server/gifts/README.md, server/money/README.md "Credit ledger").
 * - `gifts`: one gift card bought by a gifter, from its form to its order, its e-mail and its redemption. Its code is
 *   kept only as a sha256 (`codeHash`), made when its e-mail is written, so only the giftee's mail ever shows it.
 * - `credit_ledger`: every movement of a customer's credit, in integer cents of one currency, signed (+ credit,
 *   − spent). A balance is the sum of its rows; unique keys make each movement writable once (one credit per gift,
 *   one spend and one return per order, one row per `source` for the rest).
 */
import type { Country, Currency } from '#api/money';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { orders } from './orders';

/**
 * A gift's life: ordered but not paid (awaiting_payment); paid, its e-mail waiting for its day (scheduled); its e-mail
 * written (sent); credited to a giftee's account (redeemed); an unpaid gift replaced by a newer one of the same
 * gifter before it was paid (replaced: never listed, never sent).
 */
export const GIFT_STATUSES = ['awaiting_payment', 'scheduled', 'sent', 'redeemed', 'replaced'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
/** Spec 001 §3 "Gifts and promotions": the occasions, each with its default message. */
export const GIFT_OCCASIONS = ['holidays', 'birthday', 'just_because', 'graduation'] as const;
export type GiftOccasion = (typeof GIFT_OCCASIONS)[number];

/** Kinds of credit movement: a redeemed gift card (+), an order paying with credit (−), that spend given back (+), a referral's reward (+). */
export const CREDIT_KINDS = ['gift_card', 'order_spent', 'order_returned', 'referral'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    /** Who bought it (a guest or a customer). */
    gifterId: integer('gifter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<GiftStatus>().notNull(),
    /** What it is worth, in integer cents of `currency`, the currency of `country`, where it was bought and is redeemable (§5). */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    country: text('country').$type<Country>().notNull(),
    occasion: text('occasion').$type<GiftOccasion>().notNull(),
    message: text('message').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    /** The day the gifter chose, in US Eastern time, and the instant its e-mail is due (10 AM Eastern that day, or at payment when that day is today). */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** The order that pays for it (set when that order is recorded). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** sha256 (hex) of its code, written with its e-mail; the code itself is never stored. */
    codeHash: text('code_hash').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    redeemedById: integer('redeemed_by_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gifts_gifter_idx').on(t.gifterId, t.createdAt),
    index('gifts_order_idx').on(t.orderId),
    check('gifts_status_check', sql.raw(`status in (${list(GIFT_STATUSES)})`)),
    check('gifts_occasion_check', sql.raw(`occasion in (${list(GIFT_OCCASIONS)})`)),
    check('gifts_amount_check', sql`${t.amount} > 0`),
  ],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    /** Integer cents, signed: + credit, − spent. Never 0. */
    amount: integer('amount').notNull(),
    kind: text('kind').$type<CreditKind>().notNull(),
    /** The gift card redeemed (gift_card). */
    giftId: integer('gift_id').references(() => gifts.id, { onDelete: 'restrict' }),
    /** The order that spent the credit, or whose spend is given back (order_spent, order_returned). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** A movement's own key when it has no gift or order (a referral's reward: `referral:<pubkey>`): written once. */
    source: text('source').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.currency),
    uniqueIndex('credit_ledger_gift_card_idx')
      .on(t.giftId)
      .where(sql`kind = 'gift_card'`),
    uniqueIndex('credit_ledger_order_spent_idx')
      .on(t.orderId)
      .where(sql`kind = 'order_spent'`),
    uniqueIndex('credit_ledger_order_returned_idx')
      .on(t.orderId)
      .where(sql`kind = 'order_returned'`),
    check('credit_ledger_kind_check', sql.raw(`kind in (${list(CREDIT_KINDS)})`)),
    check('credit_ledger_currency_check', sql.raw(`currency in ('USD', 'CAD')`)),
    check('credit_ledger_sign_check', sql.raw(`(kind = 'order_spent' and amount < 0) or (kind <> 'order_spent' and amount > 0)`)),
    check('credit_ledger_gift_card_check', sql.raw(`kind <> 'gift_card' or gift_id is not null`)),
    check('credit_ledger_referral_check', sql.raw(`kind <> 'referral' or source is not null`)),
    check('credit_ledger_order_check', sql.raw(`kind not in ('order_spent', 'order_returned') or order_id is not null`)),
  ],
);
