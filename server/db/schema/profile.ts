/** @module server/db/schema/profile: The consultation: answers and profile fields (spec 000 §3.2-3.4). */
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';

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
