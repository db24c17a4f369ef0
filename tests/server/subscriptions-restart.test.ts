/**
 * A server killed in the middle of its renewals, then started again (issue 27 item 7: "kill the server in the middle of
 * a renewal and restart: no renewal lost or doubled"). The real `server/main.ts` on PostgreSQL renews subscribers all
 * due at once; it is killed (SIGKILL: no shutdown of any kind) while renewals are running, and a new process is started
 * on the same database. Every subscription is then renewed exactly once: one paid renewal, one order, one charge each,
 * each product moved by its own frequency. The runs the dead process left are sent again by the new one's start
 * (server/subscriptions/renewal-sweep.ts) instead of waiting for the queue's 15-minute expiry.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_START, DUE_DAY, seedDueSubscribers } from '../../bench/renewal-bench';
import { openDatabase } from '../../server/db/open-database';
import { createPostgresDatabase, endPool } from './support/databases';
import { exitOf, startServerProcess, type ServerProcess } from './support/server-process';
import { removeTempDirs, tempDir } from './support/temp-dirs';

const SUBSCRIBERS = 40;

/** Checks again every 25 ms until `check` holds; the test's timeout is the only limit. */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('a server killed while renewing, then started again (issue 27 item 7; spec 001 §4 Subscriptions)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sql: pg.Pool;
  const servers: ServerProcess[] = [];
  const secret = randomBytes(24).toString('hex');
  const webRoot = tempDir('shop-web');
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');

  beforeAll(async () => {
    // A copy of the run's migrated database: this test is about the restart, not the migrations.
    database = await createPostgresDatabase({ migrated: true });
    const seeding = await openDatabase({ databaseUrl: database.url });
    await seedDueSubscribers(seeding.db, SUBSCRIBERS, secret);
    await seeding.close();
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    if (sql) await endPool(sql);
    await database?.drop();
    removeTempDirs();
  });

  const count = async (query: string) => Number((await sql.query(query)).rows[0].n);
  const paid = () => count(`select count(*) as n from subscription_renewals where status = 'paid'`);
  const running = () => count(`select count(*) as n from pgboss.job where name = 'renew-subscription' and state = 'active'`);

  it('no renewal is lost or made twice: one paid renewal, one order and one charge per subscription', async () => {
    const env = {
      DATABASE_URL: database.url,
      WEB_ROOT: webRoot,
      PUBLIC_URL: 'https://shop.test',
      SECRET_KEY: secret,
      PAYMENTS: 'test',
      CLOCK_START,
      // Two at a time, so that the kill finds renewals under way and others not started.
      RENEWAL_CONCURRENCY: '2',
    };
    const first = await startServerProcess(env);
    servers.push(first);
    // Killed once some renewals are paid and others are running.
    let seen = { paid: 0, running: 0 };
    await waitFor(async () => {
      seen = { paid: await paid(), running: await running() };
      return seen.paid >= 3 && seen.running > 0;
    });
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    const paidAtKill = await paid();
    expect(paidAtKill).toBeLessThan(SUBSCRIBERS);

    const second = await startServerProcess(env);
    servers.push(second);
    await waitFor(async () => (await paid()) === SUBSCRIBERS);

    expect(await count(`select count(distinct subscription_id) as n from subscription_renewals where status = 'paid' and due_on = '${DUE_DAY}'`)).toBe(
      SUBSCRIBERS,
    );
    expect(await count(`select count(*) as n from subscription_renewals`)).toBe(SUBSCRIBERS);
    expect(await count(`select count(*) as n from orders where idempotency_key like 'renewal:%'`)).toBe(SUBSCRIBERS);
    expect(await count(`select count(*) as n from test_provider_charges`)).toBe(SUBSCRIBERS);
    // Every product moved by its own frequency from the due day: the shampoo 4 weeks, the conditioner 8.
    expect(
      (await sql.query(`select type, next_start::text as day, count(*)::int as n from subscription_products group by type, next_start order by type`)).rows,
    ).toEqual([
      { type: 'conditioner', day: '2027-04-26', n: SUBSCRIBERS },
      { type: 'shampoo', day: '2027-03-29', n: SUBSCRIBERS },
    ]);
  }, 600_000);
});
