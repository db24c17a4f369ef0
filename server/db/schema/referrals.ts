/**
 * @module server/db/schema/referrals: referrals (issue 28 item 6; spec 001 §3 "Coupon customer", "Referral visitor
 * status", §6 Stylist, §7 "Gifts, promotions, referrals"; server/referrals/README.md).
 * - `referral_codes`: one code per customer or per stylist (a referrer with a public profile), made once; an operator
 *   may block it (`blocked_at`).
 * - `referrals`: who referred whom, once per referee (unique), and whether the advocate was rewarded for the
 *   referee's first paid order (`rewarded_order_id`).
 * - `referral_events`: what the embedded referral-tracking service received (customer track, sign_up, page views,
 *   visitor-status checks), never a code.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { orders } from './orders';
import { stylists } from './stylists';

export const referralCodes = pgTable(
  'referral_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as shown (XXXXX-XXXXX of Crockford base32); looked up in any case. */
    code: text('code').notNull().unique(),
    /** The customer whose code it is, or null for a stylist's. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The stylist whose code it is, or null for a customer's. */
    stylistId: integer('stylist_id').references(() => stylists.id, { onDelete: 'cascade' }),
    /** Set by an operator: the code no longer refers anyone (referralCodeBlocked). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_codes_user_idx').on(t.userId),
    uniqueIndex('referral_codes_stylist_idx').on(t.stylistId),
    check('referral_codes_owner_check', sql.raw('(user_id is null) <> (stylist_id is null)')),
  ],
);

export const COUPON_SOURCES = ['referral_link', 'referral_code', 'stylist'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The referred customer (or guest): referred once. */
    refereeId: integer('referee_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => referralCodes.id, { onDelete: 'restrict' }),
    couponSource: text('coupon_source').$type<CouponSource>().notNull(),
    /** The referee's first paid order, once the advocate was rewarded for it. */
    rewardedOrderId: integer('rewarded_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The advocate's credit in cents (0 for a stylist's code: stylists are paid outside the shop). */
    rewardCents: integer('reward_cents'),
    rewardCurrency: text('reward_currency'),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('referrals_code_idx').on(t.codeId)],
);

export const REFERRAL_EVENT_KINDS = ['customer', 'sign_up', 'page_view', 'visitor_status'] as const;
export type ReferralEventKind = (typeof REFERRAL_EVENT_KINDS)[number];

export const referralEvents = pgTable(
  'referral_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ReferralEventKind>().notNull(),
    /** The customer it is about, when known. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the service was sent (customer data, a page's path without its query, a status): never a code. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_events_user_idx').on(t.userId, t.kind),
    check('referral_events_kind_check', sql.raw(`kind in (${REFERRAL_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
