/**
 * The unit project's globalSetup (vitest.config.ts): one migrated database of each driver, made once per test run,
 * that every suite copies instead of creating and migrating its own (tests/README.md "Test databases").
 *
 * - PGlite: a fresh in-memory database, migrated, dumped with `dumpDataDir()` to a tar file that each suite loads
 *   (`openDatabase({ snapshot })`: no initdb, which is most of a fresh PGlite's cost).
 * - PostgreSQL: a database shop_template_<random>, migrated, then closed (a template must have no connection), that
 *   each suite copies with `CREATE DATABASE ... TEMPLATE`; dropped at the end of the run.
 *
 * Either may be missing (PostgreSQL down, say): createTestDatabase then makes a fresh database as before.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/open-database';
import { migratePgliteDatabase } from '../../../server/db/migrate-database';
import { adminQuery, postgresUrlOf } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot's file (a tar of its data directory), or '' when there is none. */
    pgliteSnapshotFile: string;
    /** The migrated PostgreSQL template database's name, or '' when there is none. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [snapshotFile, template] = await Promise.all([makePgliteSnapshot(), makePostgresTemplate()]);
  project.provide('pgliteSnapshotFile', snapshotFile);
  project.provide('postgresTemplate', template);
  return async () => {
    if (snapshotFile) rmSync(snapshotFile, { force: true });
    if (template) await adminQuery(`drop database if exists ${template} with (force)`).catch(() => undefined);
  };
}

async function makePgliteSnapshot(): Promise<string> {
  const client = new PGlite();
  try {
    await client.waitReady;
    await migratePgliteDatabase(client);
    const tarball = await client.dumpDataDir('none');
    const file = path.join(tmpdir(), `shop-pglite-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

async function makePostgresTemplate(): Promise<string> {
  const name = `shop_template_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(`create database ${name}`);
  } catch (error) {
    console.warn(`No PostgreSQL template database (each suite migrates its own): ${error instanceof Error ? error.message : String(error)}`);
    return '';
  }
  try {
    const handle = await openDatabase({ databaseUrl: postgresUrlOf(name) });
    await handle.close();
    return name;
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
    throw error;
  }
}
