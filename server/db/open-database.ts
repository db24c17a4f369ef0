import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { Database, DatabaseHandle, SqlResult } from './database';
import { logger } from '../log/logger';
import { lockDataDir } from './data-dir-lock';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate-database';
import { NamedStatements } from './named-statements';
import { TurnTakingQueue } from './turn-taking-queue';

/** Where the data lives: PostgreSQL when a URL is given, else PGlite in a directory, else PGlite in memory. */
export interface DatabaseOptions {
  databaseUrl?: string;
  /** Embedded database directory; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * Tests only: an in-memory PGlite starts from this `dumpDataDir()` snapshot instead of an empty cluster (a migrated
   * database made once per test run, tests/server/support/databases.ts), which skips initdb; pending migrations still run.
   */
  snapshot?: Blob;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.snapshot);
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
    // Without values pg sends the simple protocol, which takes several statements; a failed one is rolled back with its connection.
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      return { rows: flattenRows(result) };
    },
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  const lock = dataDir === undefined ? null : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    if (dataDir !== undefined && snapshot) throw new Error('A PGlite snapshot opens in memory only, not in a data directory.');
    client = dataDir === undefined ? new PGlite(snapshot ? { loadDataDir: snapshot } : {}) : new PGlite(path.join(path.resolve(dataDir), 'pgdata'));
    await client.waitReady;
    await migratePgliteDatabase(client);
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const queue = new TurnTakingQueue();
  const db: Database = drizzlePglite({ client: takingTurns(client, queue), schema });
  const opened = client;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    executeSql: (text, values) => queue.run(() => pgliteSql(opened, text, values)),
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

/**
 * The PGlite client Drizzle gets: its queries and transactions wait for their turn in `queue`, which gives the
 * event loop back every few operations (turn-taking-queue.ts says why: the burst stall of issue 10).
 */
function takingTurns(client: PGlite, queue: TurnTakingQueue): PGlite {
  // Repeated statements are kept parsed and planned (./named-statements.ts), in and out of transactions.
  const statements = new NamedStatements(client);
  const query: PGlite['query'] = (text, params, options) => queue.run(() => statements.query(text, params, options));
  const exec: PGlite['exec'] = (text, options) => queue.run(() => client.exec(text, options));
  const transaction: PGlite['transaction'] = (callback) =>
    queue.run(() =>
      client.transaction((tx) => {
        // The transaction as PGlite gives it (its `closed` a getter), but for its statements.
        const query: Transaction['query'] = (text, params, options) => statements.queryIn(tx, text, params, options);
        return callback(Object.create(tx, { query: { value: query } }) as Transaction);
      }),
    );
  const own = new Map<PropertyKey, unknown>([
    ['query', query],
    ['exec', exec],
    ['transaction', transaction],
  ]);
  return new Proxy(client, {
    get(target, property) {
      if (own.has(property)) return own.get(property);
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** One SQL text on PGlite: `query` for one statement with values, `exec` (simple protocol) for text without them. */
async function pgliteSql(client: PGlite, text: string, values: unknown[] | undefined): Promise<SqlResult> {
  if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
  try {
    return { rows: (await client.exec(text)).flatMap((result) => result.rows as Record<string, unknown>[]) };
  } catch (error) {
    // A statement that failed between BEGIN and COMMIT leaves the only connection in an aborted transaction:
    // end it, as a pool would by discarding the connection. (Outside a transaction ROLLBACK only warns.)
    await client.exec('rollback').catch(() => undefined);
    throw error;
  }
}

/** pg answers several statements with one result each. */
function flattenRows(result: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[] {
  return Array.isArray(result) ? result.flatMap((each) => each.rows as Record<string, unknown>[]) : (result.rows as Record<string, unknown>[]);
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
