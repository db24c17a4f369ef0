/**
 * The unit project's globalSetup (vitest.config.ts): one migrated database of each driver, made once per test run,
 * that every suite copies instead of creating and migrating its own (tests/README.md "Test databases").
 *
 * - PGlite: a database in a data directory, migrated, and dumped with `dumpDataDir()` to a tar file that each suite
 *   loads in memory (`openDatabase({ snapshot })`: no initdb, which is most of a fresh PGlite's cost); tests that start
 *   a server on a DATA_DIR copy the directory instead (`migratedDataDir`: initdb on disk takes several seconds).
 * - PostgreSQL: a database shop_template_<random>, migrated, then closed (a template must have no connection), that
 *   each suite copies with `CREATE DATABASE ... TEMPLATE`; dropped at the end of the run.
 *
 * Both also hold what a server's start makes in a new database (`prepareForStarts`): the shop's knowledge base
 * (shop/help/content/) with its fingerprint, so a start on a copy writes nothing (server/help/seed-knowledge-base.ts),
 * and the job queue's schema and the shop's queues, with no job in them.
 *
 * Either may be missing (PostgreSQL down, say): createTestDatabase then makes a fresh database as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/open-database';
import { serverClock } from '../../../server/clock';
import type { DatabaseHandle } from '../../../server/db/database';
import { defineShopJobs } from '../../../server/jobs/shop-jobs';
import { startJobQueue } from '../../../server/jobs/queue';
import { createLogger } from '../../../server/log/logger';
import { createOutboxDispatcher } from '../../../server/mail/outbox-dispatcher';
import { createTestProvider } from '../../../server/payments/test-provider';
import { loadKnowledgeBase, type KnowledgeBase } from '../../../server/help/load-knowledge-base';
import { seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { adminQuery, POSTGRES_ADMIN_URL, postgresUrlOf } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot's file (a tar of its data directory), or '' when there is none. */
    pgliteSnapshotFile: string;
    /** A DATA_DIR holding that migrated PGlite database (its pgdata/), to copy, or '' when there is none. */
    pgliteDataDir: string;
    /** The migrated PostgreSQL template database's name, or '' when there is none. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await removeLeftovers();
  const runDir = mkdtempSync(path.join(tmpdir(), `shop-test-databases-${process.pid}-`));
  const knowledgeBase = loadKnowledgeBase();
  const [snapshot, template] = await Promise.all([makePgliteSnapshot(runDir, knowledgeBase), makePostgresTemplate(knowledgeBase)]);
  project.provide('pgliteSnapshotFile', snapshot.file);
  project.provide('pgliteDataDir', snapshot.dataDir);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(runDir, { recursive: true, force: true });
    if (template) await adminQuery(`drop database if exists ${template} with (force)`).catch(() => undefined);
  };
}

async function makePgliteSnapshot(runDir: string, knowledgeBase: KnowledgeBase): Promise<{ file: string; dataDir: string }> {
  const dataDir = path.join(runDir, 'data');
  mkdirSync(dataDir);
  const handle = await openDatabase({ dataDir });
  try {
    await prepareForStarts(handle, knowledgeBase);
  } finally {
    await handle.close();
  }
  const client = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    await client.waitReady;
    const tarball = await client.dumpDataDir('none');
    const file = path.join(runDir, 'pglite.tar');
    writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
    return { file, dataDir };
  } finally {
    await client.close();
  }
}

/**
 * What every start does to a new database and finds done on a used one, done once here: the knowledge base written
 * (with its fingerprint), and the job queue's schema and the shop's queues made (pg-boss; the subscriptions' queues
 * are made by the suites that run them). The jobs that start sent, and the cron schedules, are then removed: a copy
 * holds no job.
 */
async function prepareForStarts(handle: DatabaseHandle, knowledgeBase: KnowledgeBase): Promise<void> {
  await seedKnowledgeBase(handle.db, knowledgeBase);
  const clock = serverClock(undefined, false);
  const logger = createLogger({ stream: { write: () => undefined }, level: 'silent' });
  const queue = await startJobQueue({ database: handle, clock, logger, pollingIntervalSeconds: 600 });
  const mailer = createOutboxDispatcher({ queue, db: handle.db, transport: null, clock, from: 'shop@shop.test', log: () => undefined });
  try {
    const payments = createTestProvider({ db: handle.db, secret: randomBytes(32).toString('hex'), clock, actionUrl: (id) => id });
    await defineShopJobs(queue, { db: handle.db, clock, mailer, orders: { payments, config: { publicUrl: 'https://shop.test' } }, logger });
  } finally {
    await mailer.close();
    await queue.close();
  }
  await handle.executeSql('delete from pgboss.job; delete from pgboss.archive; delete from pgboss.schedule');
}

async function makePostgresTemplate(knowledgeBase: KnowledgeBase): Promise<string> {
  const name = `shop_template_${process.pid}_${randomBytes(6).toString('hex')}`;
  try {
    await adminQuery(`create database ${name}`);
  } catch (error) {
    console.warn(`No PostgreSQL template database (each suite migrates its own): ${error instanceof Error ? error.message : String(error)}`);
    return '';
  }
  try {
    const handle = await openDatabase({ databaseUrl: postgresUrlOf(name) });
    try {
      await prepareForStarts(handle, knowledgeBase);
    } finally {
      await handle.close();
    }
    return name;
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
    throw error;
  }
}

/**
 * What runs that were killed before their teardown left (`timeout` stops a run so): the templates and temp directories
 * whose run's process (its PID is in their names) has gone. A template still copied or open is left alone.
 */
async function removeLeftovers(): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    const pid = /^shop-test-databases-(\d+)-/.exec(entry)?.[1];
    if (pid && !isAlive(Number(pid))) rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'shop\\_template\\_%'");
    for (const { datname } of rows) {
      const pid = /^shop_template_(\d+)_[0-9a-f]+$/.exec(datname)?.[1];
      if (pid && !isAlive(Number(pid))) await client.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
  } catch {
    // No PostgreSQL: makePostgresTemplate says so.
  } finally {
    await client.end().catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
