import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Driver } from '../../server/db/database';
import { openDatabase } from '../../server/db/open-database';
import { magicLinks, outbox, scheduledJobs } from '../../server/db/schema';
import { scheduleJob, unscheduleJob } from '../../server/jobs/schedule';
import { defineShopJobs, SHOP_JOBS } from '../../server/jobs/shop-jobs';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { enqueueMail } from '../../server/mail/enqueue-mail';
import { createOutboxDispatcher, type OutboxDispatcher } from '../../server/mail/outbox-dispatcher';
import { flakyTransport } from './support/mail-transport';
import { createTestProvider } from '../../server/payments/test-provider';
import { capturedLog } from './support/captured-log';
import { createPostgresDatabase, createTestDatabase, DRIVERS } from './support/databases';
import { createTestApp, signUpCustomer, TEST_SECRET, testClock, uniqueEmail, type TestClock } from './support/test-app';

/** Checks again every 25 ms until `check` holds, however long that takes; the test's timeout is the only limit. */
async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** A promise and its resolve, to hold a handler until the test lets it go. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * One database seen as two processes see it: on PostgreSQL two handles (two pools) on one database; PGlite has one
 * connection in one process, so its two queues share the handle.
 */
async function openShared(driver: Driver): Promise<{ first: DatabaseHandle; second: DatabaseHandle; destroy(): Promise<void> }> {
  if (driver === 'pglite') {
    const handle = await createTestDatabase('pglite');
    return { first: handle, second: handle, destroy: () => handle.destroy() };
  }
  const scratch = await createPostgresDatabase({ migrated: true });
  const first = await openDatabase({ databaseUrl: scratch.url });
  const second = await openDatabase({ databaseUrl: scratch.url });
  return {
    first,
    second,
    destroy: async () => {
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

for (const driver of DRIVERS) {
  describe(`job queue on pg-boss [${driver}]`, () => {
    let shared: Awaited<ReturnType<typeof openShared>>;
    const open: JobQueue[] = [];
    const log = capturedLog();

    /** A queue as one process starts it, polling every half second (the smallest pg-boss takes). */
    async function queueOn(handle: DatabaseHandle, clock: TestClock = testClock()): Promise<JobQueue> {
      const queue = await startJobQueue({ database: handle, clock, logger: log.logger, pollingIntervalSeconds: 0.5 });
      open.push(queue);
      return queue;
    }

    beforeAll(async () => {
      shared = await openShared(driver);
    });
    // Each test's queues stop with it: a worker left running would take the next test's jobs.
    afterEach(async () => {
      await Promise.all(open.splice(0).map((queue) => queue.close()));
    });
    afterAll(async () => {
      await shared?.destroy();
    });

    it('a job runs once although two workers (two processes) poll for it at the same time', async () => {
      const [a, b] = await Promise.all([queueOn(shared.first), queueOn(shared.second)]);
      const runs: { worker: string; id: string }[] = [];
      // Each worker's first run waits until the other worker has a job too: both are polling and taking work.
      const both = gate();
      const handler =
        (worker: string) =>
        async (_data: object, { id }: { id: string }) => {
          runs.push({ worker, id });
          if (new Set(runs.map((run) => run.worker)).size === 2) both.open();
          await both.promise;
        };
      await a.define({ name: 'count-once', policy: 'standard', handler: handler('a') });
      await b.define({ name: 'count-once', policy: 'standard', handler: handler('b') });
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) ids.push((await (i % 2 ? a : b).send('count-once', { i }))!);
      await waitFor(async () => (await Promise.all(ids.map((id) => a.state('count-once', id)))).every((state) => state === 'completed'));
      expect(runs.map((run) => run.id).sort()).toEqual([...ids].sort());
      expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(['a', 'b']));
    });

    it('a job with concurrency 3 runs three at once in one process on PostgreSQL (one on the embedded database); a worker that has run a job takes the next at once, not after its polling interval', async () => {
      // Polling every ten minutes: only being woken (by a send, or by having just run a job) makes these jobs run.
      const queue = await startJobQueue({ database: shared.first, clock: testClock(), logger: log.logger, pollingIntervalSeconds: 600 });
      open.push(queue);
      const expected = driver === 'postgres' ? 3 : 1;
      let active = 0;
      let most = 0;
      const done: number[] = [];
      const full = gate();
      await queue.define<{ i: number }>({
        name: 'in-parallel',
        policy: 'standard',
        concurrency: 3,
        handler: async ({ i }) => {
          active += 1;
          most = Math.max(most, active);
          if (active === expected) full.open();
          await full.promise;
          active -= 1;
          done.push(i);
        },
      });
      for (let i = 0; i < 9; i += 1) await queue.send('in-parallel', { i });
      await waitFor(() => done.length === 9);
      expect(most).toBe(expected);
      expect([...done].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('a failing job is retried after a growing delay, then succeeds; past its retry limit it fails', async () => {
      const queue = await queueOn(shared.first);
      const attempts: { attempt: number; at: number }[] = [];
      await queue.define({
        name: 'flaky',
        policy: 'standard',
        retryLimit: 3,
        retryDelaySeconds: 1,
        retryBackoff: true,
        handler: async (_data, { attempt }) => {
          attempts.push({ attempt, at: Date.now() });
          if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
        },
      });
      const id = (await queue.send('flaky'))!;
      await waitFor(async () => (await queue.state('flaky', id)) === 'completed');
      expect(attempts.map((each) => each.attempt)).toEqual([1, 2, 3]);
      // pg-boss's backoff: the n-th retry waits retryDelay * 2^(n-1) to twice that. Lower bounds only: a slow machine waits longer.
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1900);
      expect(log.text()).toContain('attempt 1 fails');

      let doomedRuns = 0;
      await queue.define({
        name: 'doomed',
        policy: 'standard',
        retryLimit: 1,
        retryDelaySeconds: 1,
        handler: async () => {
          doomedRuns += 1;
          throw new Error('never works');
        },
      });
      const doomed = (await queue.send('doomed'))!;
      await waitFor(async () => (await queue.state('doomed', doomed)) === 'failed');
      expect(doomedRuns).toBe(2);
    });

    it('a job with batchSize 3 is fetched three at a time on PostgreSQL (one on the embedded database) and run together; one that fails is retried alone, the others complete once', async () => {
      const queue = await queueOn(shared.first);
      const runs: { i: number; attempt: number }[] = [];
      let active = 0;
      let most = 0;
      await queue.define<{ i: number }>({
        name: 'in-batches',
        policy: 'standard',
        batchSize: 3,
        retryLimit: 2,
        retryDelaySeconds: 1,
        retryBackoff: false,
        handler: async ({ i }, { attempt }) => {
          active += 1;
          most = Math.max(most, active);
          runs.push({ i, attempt });
          await new Promise((resolve) => setImmediate(resolve));
          active -= 1;
          if (i === 4 && attempt === 1) throw new Error('job 4 fails once');
        },
      });
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push((await queue.send('in-batches', { i }))!);
      await waitFor(async () => (await Promise.all(ids.map((id) => queue.state('in-batches', id)))).every((state) => state === 'completed'));
      expect(
        runs
          .filter((run) => run.attempt === 1)
          .map((run) => run.i)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4, 5]);
      // Only the failed job ran again.
      expect(runs.filter((run) => run.attempt > 1)).toEqual([{ i: 4, attempt: 2 }]);
      expect(most).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(driver === 'postgres' ? 3 : 1);
      expect(log.text()).toContain('job 4 fails once');
    });

    it("a job scheduled by the shop's clock is sent once the clock passes its time, once across processes", async () => {
      const clock = testClock(new Date('2027-01-15T14:59:00Z'));
      const [a, b] = await Promise.all([queueOn(shared.first, clock), queueOn(shared.second, clock)]);
      const runs: unknown[] = [];
      const handler = async (data: object, { now }: { now: Date }) => {
        runs.push({ data, now: now.toISOString() });
      };
      await a.define({ name: 'renewal', policy: 'standard', handler });
      await b.define({ name: 'renewal', policy: 'standard', handler });
      const db = shared.first.db;
      await scheduleJob(db, { name: 'renewal', key: 'subscription:1', at: new Date('2027-01-15T15:00:00Z'), data: { subscription: 1 } });
      // Scheduled again under its key: moved, not doubled.
      await scheduleJob(db, { name: 'renewal', key: 'subscription:1', at: new Date('2027-01-15T16:00:00Z'), data: { subscription: 1 } });
      expect(await db.select().from(scheduledJobs)).toHaveLength(1);
      // A rolled-back transaction schedules nothing.
      await expect(
        db.transaction(async (tx) => {
          await scheduleJob(tx, { name: 'renewal', key: 'subscription:2', at: new Date('2027-01-15T15:00:00Z') });
          throw new Error('order failed');
        }),
      ).rejects.toThrow('order failed');

      expect(await a.runDue()).toEqual([]);
      clock.advance(60 * 60_000); // 15:59: still not due
      expect(await a.runDue()).toEqual([]);
      clock.advance(60_000); // 16:00
      const sent = (await Promise.all([a.runDue(), b.runDue()])).flat();
      expect(sent).toEqual([{ name: 'renewal', key: 'subscription:1', id: expect.any(String) }]);
      await waitFor(async () => (await a.state('renewal', sent[0]!.id)) === 'completed');
      expect(runs).toEqual([{ data: { subscription: 1 }, now: '2027-01-15T16:00:00.000Z' }]);
      expect(await db.select().from(scheduledJobs)).toEqual([]);
      expect(await b.runDue()).toEqual([]);

      // A job no process has defined yet stays scheduled until one does.
      await scheduleJob(db, { name: 'not-defined-yet', key: 'x', at: clock.now() });
      expect(await a.runDue()).toEqual([]);
      expect(await db.select({ name: scheduledJobs.name }).from(scheduledJobs)).toEqual([{ name: 'not-defined-yet' }]);
      expect(await unscheduleJob(db, 'not-defined-yet', 'x')).toBe(true);
    });

    it('close() lets a running handler finish, then starts nothing more', async () => {
      const queue = await queueOn(shared.first);
      const release = gate();
      let started = false;
      await queue.define({
        name: 'slow',
        handler: async () => {
          started = true;
          await release.promise;
        },
      });
      const id = (await queue.send('slow'))!;
      await waitFor(() => started);
      let closed = false;
      const closing = queue.close().then(() => {
        closed = true;
      });
      await Promise.resolve();
      expect(closed).toBe(false);
      release.open();
      await closing;
      const observer = await queueOn(shared.second);
      expect(await observer.state('slow', id)).toBe('completed');
      expect(await queue.send('slow')).toBeNull();
      await expect(queue.define({ name: 'late', handler: async () => undefined })).rejects.toThrow('closed');
    });

    describe("the shop's jobs", () => {
      it('delivers each outbox row exactly once through the queue, two processes delivering; a rolled-back order mails nothing', async () => {
        const db = shared.first.db;
        const clock = testClock();
        const [a, b] = await Promise.all([queueOn(shared.first, clock), queueOn(shared.second, clock)]);
        const transport = flakyTransport();
        const mailers: OutboxDispatcher[] = [];
        for (const [queue, handle] of [
          [a, shared.first],
          [b, shared.second],
        ] as const) {
          const mailer = createOutboxDispatcher({ db: handle.db, transport, clock, from: 'x@shop.test', queue, log: () => undefined });
          mailers.push(mailer);
          const payments = createTestProvider({ db: handle.db, secret: TEST_SECRET, clock, actionUrl: (id) => `https://shop.test/pay/${id}` });
          await defineShopJobs(queue, { db: handle.db, clock, mailer, orders: { payments, config: { publicUrl: 'https://shop.test' } }, logger: log.logger });
        }
        const recipients: string[] = [];
        for (let i = 0; i < 12; i += 1) {
          const to = uniqueEmail(`queued${i}`);
          recipients.push(to);
          await db.transaction((tx) => enqueueMail(tx, clock.now(), { kind: 'test', to, subject: 'Hi', text: 'Hello' }));
          mailers[i % 2]!.wake();
        }
        const rolledBack = uniqueEmail('rolled-back');
        await expect(
          db.transaction(async (tx) => {
            await enqueueMail(tx, clock.now(), { kind: 'test', to: rolledBack, subject: 'Hi', text: 'Hello' });
            throw new Error('declined');
          }),
        ).rejects.toThrow('declined');
        mailers[0]!.wake();
        mailers[1]!.wake();
        await waitFor(async () => {
          const rows = await db.select().from(outbox).where(inArray(outbox.recipient, recipients));
          return rows.length === recipients.length && rows.every((row) => row.status === 'sent');
        });
        // A last run of each process, to be sure nothing more is sent once every row is marked sent.
        for (const queue of [a, b]) {
          const id = await queue.send(SHOP_JOBS.deliverOutbox);
          if (id) await waitFor(async () => (await queue.state(SHOP_JOBS.deliverOutbox, id)) === 'completed');
        }
        expect(transport.sent.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
        const rows = await db.select().from(outbox).where(inArray(outbox.recipient, recipients));
        expect(rows.every((row) => row.attempts === 1)).toBe(true);
        expect(await db.select().from(outbox).where(eq(outbox.recipient, rolledBack))).toEqual([]);
        await Promise.all(mailers.map((mailer) => mailer.close()));
      });

      it("retries a failed send on the message's backoff, through the queue", async () => {
        const db = shared.first.db;
        const clock = testClock();
        const queue = await queueOn(shared.first, clock);
        const transport = flakyTransport(1);
        const mailer = createOutboxDispatcher({ db, transport, clock, from: 'x@shop.test', queue, retryDelayMs: 1000, log: () => undefined });
        await queue.define({ name: SHOP_JOBS.deliverOutbox, handler: async () => void (await mailer.sweep()) });
        const to = uniqueEmail('retried');
        await enqueueMail(db, clock.now(), { kind: 'test', to, subject: 'Hi', text: 'Hello' });
        mailer.wake();
        const row = async () => (await db.select().from(outbox).where(eq(outbox.recipient, to)))[0];
        await waitFor(async () => (await row())?.attempts === 1 && (await row())?.status === 'pending');
        expect(transport.sent).toEqual([]);
        // Due again by the shop's clock a second later: the retry timer wakes the queue.
        clock.advance(1000);
        await waitFor(async () => (await row())?.status === 'sent');
        expect(transport.sent.map((mail) => mail.to)).toEqual([to]);
        await mailer.close();
      });

      it("prunes expired rows as a job, by the shop's clock", async () => {
        const t = createTestApp(shared.first.db);
        const { email } = await signUpCustomer(t);
        await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
        expect((await shared.first.db.select().from(magicLinks)).length).toBeGreaterThan(0);
        const clock = testClock(new Date(Date.now() + 40 * 24 * 3600_000));
        const queue = await queueOn(shared.first, clock);
        const mailer = createOutboxDispatcher({ db: shared.first.db, transport: null, clock, from: 'x@shop.test', queue });
        const payments = createTestProvider({ db: shared.first.db, secret: TEST_SECRET, clock, actionUrl: (id) => `https://shop.test/pay/${id}` });
        // A start sends prune-expired (and reconcile-orders) at once.
        await defineShopJobs(queue, {
          db: shared.first.db,
          clock,
          mailer,
          orders: { payments, config: { publicUrl: 'https://shop.test' } },
          logger: log.logger,
        });
        await waitFor(async () => (await shared.first.db.select().from(magicLinks)).length === 0);
        // And the reconciliation ran as a job too, to its end.
        const reconcileStates = async () =>
          (
            await shared.first.executeSql(`select state from pgboss.job where name = $1 union all select state from pgboss.archive where name = $1`, [
              SHOP_JOBS.reconcileOrders,
            ])
          ).rows.map((row) => row.state);
        await waitFor(async () => (await reconcileStates()).includes('completed'));
        expect(await reconcileStates()).not.toContain('failed');
        await mailer.close();
      });
    });
  });
}
