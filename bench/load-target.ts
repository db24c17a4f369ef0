/** The server a load run drives: the real `server/main.ts` as a child process, on PGlite or on PostgreSQL. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../scripts/start-server';

export type LoadDatabase = 'pglite' | 'postgres';

/** The PostgreSQL server a run creates its scratch database on (the machine's PostgreSQL 15 by default). */
export const POSTGRES_ADMIN_URL = process.env.LOAD_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A started server and how to stop it and clean up what it used. */
export interface LoadTarget {
  url: string;
  /** The PostgreSQL database the server runs on (none on the embedded database). */
  databaseUrl?: string;
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * Starts the shop on a free loopback port with rate limits and the access log off:
 * PGlite in a fresh temporary DATA_DIR, or PostgreSQL in a fresh `shop_load_<random>` database dropped by stop().
 */
export async function startLoadTarget(database: LoadDatabase, nodeArgs: string[] = [], workers = 1): Promise<LoadTarget> {
  // WORKERS: server processes on PostgreSQL (server/main.ts); the embedded database is one process.
  const env: Record<string, string> = { HOST: '127.0.0.1', RATE_LIMITS: 'off', ACCESS_LOG: 'off', WORKERS: String(workers) };
  let drop: (() => Promise<void>) | null = null;
  if (database === 'postgres') {
    const name = `shop_load_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  let server: RunningServer;
  try {
    server = await startServer({ env, nodeArgs });
    // /healthz answered from the first worker: wait until every worker says it listens (an upper bound, not a pause).
    const deadline = Date.now() + 120_000;
    while ((server.output().match(/Shop listening on/g)?.length ?? 0) < workers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  } catch (error) {
    await drop?.();
    throw error;
  }
  return {
    url: server.url,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    server,
    stop: async () => {
      try {
        await server.stop();
      } finally {
        await drop?.();
      }
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
