import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database both drivers give (PGlite and node-postgres), or a transaction inside it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine holds the data. */
export type Driver = 'pglite' | 'postgres';

/** Rows of a query run outside Drizzle (`DatabaseHandle.executeSql`). */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** An open database: the Drizzle handle, a raw SQL door, a reachability probe and an idempotent close. */
export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  /**
   * Runs SQL text with `$1`-style parameters outside Drizzle (the job queue, server/jobs/, runs pg-boss through it).
   * Text without values may hold several statements; their rows come back together. On PGlite it takes its turn
   * like every other query (turn-taking-queue.ts), and a statement that fails inside BEGIN ... COMMIT leaves no
   * aborted transaction behind (the one connection would refuse every later query).
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Closes connections and releases the data directory lock. */
  close(): Promise<void>;
}
