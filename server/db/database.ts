import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database both drivers give (PGlite and node-postgres), or a transaction inside it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine holds the data. */
export type Driver = 'pglite' | 'postgres';

/** An open database: the Drizzle handle, a reachability probe and an idempotent close. */
export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  /** `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Closes connections and releases the data directory lock. */
  close(): Promise<void>;
}
