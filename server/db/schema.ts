/** @module server/db/schema: every table, one Drizzle (pg-core) schema for PGlite and PostgreSQL. */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A referrer with a public profile who can be linked to customers (spec 000 §3.10). */
export const stylists = pgTable('stylists', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  pubkey: text('pubkey').notNull().unique(),
  publicSlug: text('public_slug').notNull().unique(),
  publicName: text('public_name').notNull(),
  avatarUrl: text('avatar_url'),
  salons: jsonb('salons').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** Customers and guests. Guests have no e-mail until they sign up. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  pubkey: text('pubkey').notNull().unique(),
  email: text('email').unique(),
  username: text('username').unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
  textOptin: boolean('text_optin').notNull().default(false),
  textMarketingOptin: boolean('text_marketing_optin').notNull().default(false),
  isGuest: boolean('is_guest').notNull(),
  hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
  customerOrigin: text('customer_origin'),
  signupCoupon: text('signup_coupon'),
  stylistId: integer('stylist_id').references(() => stylists.id, { onDelete: 'set null' }),
  /** Set when a guest's answers were moved into an existing account; the guest can no longer sign in. */
  mergedIntoId: integer('merged_into_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One sign-in: a family of rotating refresh tokens. Revoking it ends every token of the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored as sha256 hashes; `usedAt` is set when one is rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId), index('refresh_tokens_expires_idx').on(t.expiresAt)],
);

/** Single-use sign-in links, stored as sha256 hashes. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    nextPath: text('next_path').notNull(),
    coupon: text('coupon'),
    couponSource: text('coupon_source'),
    /**
     * The guest session that asked for the link. Its answers join the account only when that same session
     * follows the link (server/identity/README.md); anyone else using the link just signs in.
     */
    guestSessionId: text('guest_session_id').references(() => authSessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('magic_links_user_idx').on(t.userId), index('magic_links_expires_idx').on(t.expiresAt)],
);

/** A requested change of a customer's e-mail: it takes effect only when the new address confirms it (single use, hashed). */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when confirmed, or when a newer request or a confirmed change replaced it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId), index('email_changes_expires_idx').on(t.expiresAt)],
);

/** The consultation answers and profile fields of one user (spec 000 §3.2-3.4, §4.1). */
export const hairProfiles = pgTable('hair_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status'),
  source: text('source'),
  privacyPolicies: boolean('privacy_policies').notNull().default(false),
  termsConditions: boolean('terms_conditions').notNull().default(false),
  consultationStatuses: jsonb('consultation_statuses').$type<Record<string, string>>().notNull().default({}),
  isFragranceSoldout: boolean('is_fragrance_soldout').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Customers' postal addresses. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    country: text('country').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** Coupon codes (stored lowercase); sign-up refuses an unknown, inactive or expired one. */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every e-mail the shop sends, sent later by the outbox dispatcher. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Fixed-window request counters shared by every server process (sign-in, verify, sign-up). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/** Server settings kept across restarts (e.g. the generated token signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
