/** @module server/db/schema/stylists: stylists, the referrers customers can be linked to (spec 000 §3.10). */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
