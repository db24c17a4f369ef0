/** @module server/db/schema/identity: Customers, guests and how they prove who they are (server/identity/README.md). */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { stylists } from './stylists';

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
