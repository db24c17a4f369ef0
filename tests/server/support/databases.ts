import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseHandle, Driver } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/open-database';

/** Both drivers every API test runs on. */
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

/** The PostgreSQL server the tests create their databases on (the machine's PostgreSQL 15 by default). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated, empty database of one driver, and how to get rid of it. */
export interface TestDatabase extends DatabaseHandle {
  /** Closes it and, for PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/** A fresh database: PGlite in memory, or a new PostgreSQL database shop_test_<random>. */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await openDatabase({});
    return { ...handle, destroy: () => handle.close() };
  }
  const scratch = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A new, empty PostgreSQL database shop_test_<random>: its URL, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
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

/** Runs a suite once per driver, each with its own fresh database (`database()` inside tests and hooks). */
export function describeEachDatabase(title: string, body: (database: () => TestDatabase) => void): void {
  for (const driver of DRIVERS) {
    describe(`${title} [${driver}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(driver);
      }, 60_000);
      afterAll(async () => {
        await current?.destroy();
      });
      body(() => {
        if (!current) throw new Error('The test database is not open yet.');
        return current;
      });
    });
  }
}
