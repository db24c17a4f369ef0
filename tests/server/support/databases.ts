import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { DatabaseHandle, Driver } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/open-database';
import { adminQuery, POSTGRES_ADMIN_URL, postgresUrlOf } from './postgres-admin';
import { tempDir } from './temp-dirs';

export { POSTGRES_ADMIN_URL };

/** Both drivers every API test runs on. */
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

/** A migrated, empty database of one driver, and how to get rid of it. */
export interface TestDatabase extends DatabaseHandle {
  /** Closes it and, for PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh database: PGlite in memory, or a new PostgreSQL database shop_test_<random>. Both are copies of the migrated
 * database the run made once (database-templates.ts, the unit project's globalSetup) when there is one, else made
 * and migrated here; either way every pending migration has run.
 */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const snapshot = pgliteSnapshot();
    const handle = await openDatabase(snapshot ? { snapshot } : {});
    return { ...handle, destroy: () => handle.close() };
  }
  const scratch = await createPostgresDatabase({ migrated: true });
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new PostgreSQL database shop_test_<random>: its URL, and how to drop it. Empty by default; `migrated` copies the
 * run's migrated template when there is one (else it is empty, and opening it migrates it).
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? provided('postgresTemplate') : '';
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: postgresUrlOf(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

let snapshotBytes: { file: string; blob: Blob } | undefined;

/** The run's migrated PGlite snapshot, read once per test file; undefined outside the unit project's run. */
function pgliteSnapshot(): Blob | undefined {
  const file = provided('pgliteSnapshotFile');
  if (!file) return undefined;
  if (snapshotBytes?.file !== file) snapshotBytes = { file, blob: new Blob([readFileSync(file)]) };
  return snapshotBytes.blob;
}

/**
 * A new temp directory (removed by `removeTempDirs()`) to be a server's DATA_DIR, holding a copy of the run's migrated
 * embedded database, so the server skips initdb and the migrations (several seconds on disk); an empty directory
 * outside the unit project's run. For tests of something else than a first start on an empty directory.
 */
export function migratedDataDir(prefix: string): string {
  const dir = tempDir(prefix);
  const template = provided('pgliteDataDir');
  if (template) cpSync(path.join(template, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/** A value the globalSetup provided, or '' when this run has none (another project, or no globalSetup). */
function provided(key: 'pgliteSnapshotFile' | 'pgliteDataDir' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
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

/**
 * Ends a pool once its connections have closed. pg-pool's end() answers as soon as it has asked each idle connection
 * to end, not when they have: a database dropped right after (`drop … with (force)`) could terminate one still closing,
 * whose error then reached no listener and failed the run.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
