import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { Database, DatabaseHandle } from './database';
import { logger } from '../log/logger';
import { lockDataDir } from './data-dir-lock';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate-database';

/** Where the data lives: PostgreSQL when a URL is given, else PGlite in a directory, else PGlite in memory. */
export interface DatabaseOptions {
  databaseUrl?: string;
  /** Embedded database directory; omitted means in memory (tests). */
  dataDir?: string;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection dropped by the server must not crash the process; the pool reconnects.
  pool.on('error', (error) => logger.error(`PostgreSQL connection error: ${error.message}`));
  try {
    await migratePostgresDatabase(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db: Database = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const lock = dataDir === undefined ? null : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = dataDir === undefined ? new PGlite() : new PGlite(path.join(path.resolve(dataDir), 'pgdata'));
    await client.waitReady;
    await migratePgliteDatabase(client);
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const db: Database = drizzlePglite({ client, schema });
  const opened = client;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
