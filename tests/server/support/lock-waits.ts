/** Races forced, not hoped for (STYLE.md 7): on PostgreSQL, how many of the test database's sessions wait for a row lock. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';

/** The sessions of this database now waiting for a lock (another transaction holds the row they want). */
export async function lockWaiters(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}

/** Waits until `count` sessions wait for a lock, polling (2 minutes at most, as the tests' polls: a busy machine is slower, not failed). */
export async function untilLockWaiters(db: Database, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await lockWaiters(db)) < count) {
    if (Date.now() > deadline) throw new Error(`Fewer than ${count} sessions came to wait for the lock.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
