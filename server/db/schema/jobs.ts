/** @module server/db/schema/jobs: Jobs due at a time of the shop's clock, waiting to go onto the job queue (server/jobs/). */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * A job to run once the shop's clock passes `dueAt` (a subscription's renewal, a gift e-mail at 10 AM on its date).
 * `runDue(now)` moves the due ones onto the queue (pg-boss's tables, schema `pgboss`) in one transaction; one row
 * per job name and key, so scheduling the same thing again moves it instead of adding a second one.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] }), index('scheduled_jobs_due_idx').on(t.dueAt)],
);
