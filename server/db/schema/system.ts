/** @module server/db/schema/system: The server's own state: rate-limit windows and kept settings. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

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
