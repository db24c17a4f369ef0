import { randomUUID } from 'node:crypto';
import { and, asc, lte, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Clock } from '../clock';
import type { Database, DatabaseHandle, SqlResult } from '../db/database';
import { scheduledJobs } from '../db/schema';
import { logger as processLogger, type Logger } from '../log/logger';

/** What a handler gets besides the job's data. */
export interface JobContext {
  /** pg-boss's id of this job. */
  id: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** The shop's clock when the run started. */
  now: Date;
}

/** A named job: its handler, how it is retried, and optionally when it runs by itself. */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  /** Throwing fails this run; it is retried after `retryDelaySeconds` (doubled each time, with jitter, when `retryBackoff`). */
  handler: (data: T, context: JobContext) => Promise<void>;
  /** Retries after the first run (default 5). */
  retryLimit?: number;
  /** Delay before the first retry (default 10 s). */
  retryDelaySeconds?: number;
  /** Doubles the delay after each failure, with jitter (default true). */
  retryBackoff?: boolean;
  /** A run taking longer is failed (and retried) by pg-boss's maintenance (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * `stately` (default): at most one job waiting and one running for this name, so a burst of sends makes one
   * more run, not one per send (the right thing for sweeps such as "deliver the outbox"). `standard`: every send
   * is its own job (jobs carrying their own data).
   */
  policy?: 'standard' | 'stately';
  /** A cron expression (UTC, pg-boss's scheduler; minute precision): the job is also sent on that schedule, once across all processes. */
  cron?: string;
  /**
   * Runs of this job one process makes at once on PostgreSQL (default 1): each is a worker of its own, holding a
   * connection while it runs. The embedded database has one connection: there it is always 1.
   */
  concurrency?: number;
  /**
   * Jobs a worker takes in one fetch and runs together (default 1), on PostgreSQL: one fetch and one completion for
   * them all instead of one each. A job that fails is failed (and retried) alone; the others complete.
   */
  batchSize?: number;
}

/** How the queue runs. */
export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'db' | 'driver' | 'executeSql'>;
  /** The shop's clock: `runDue()` and the handlers' `now` use it. */
  clock: Clock;
  logger?: Logger;
  /** How often each worker asks for work when it was not woken (default: 2 s on PostgreSQL, 10 s on PGlite; see README.md). */
  pollingIntervalSeconds?: number;
  /** How long `close()` waits for running handlers before it fails them back to the queue (default 5 s). */
  stopTimeoutMs?: number;
}

/** Options of one send. */
export interface SendOptions {
  /** Jobs of a `standard` queue with the same key and a run waiting are one (pg-boss's singleton key). */
  singletonKey?: string;
}

/** A job queue on the shop's database (pg-boss): named jobs, retries with backoff, shared by every process. */
export interface JobQueue {
  /** Creates (or updates) the job's queue in the database and starts working it in this process. */
  define<T extends object>(job: JobDefinition<T>): Promise<void>;
  /** Queues a run of a defined job now; this process's worker is woken at once. Null when a `stately` job already waits. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /**
   * Sends every job of `scheduled_jobs` due at `now` (the shop's clock by default) and removes it from there, in
   * one transaction per batch, so each scheduled job is sent once whichever process asks. Returns their ids.
   * A job whose name no process has defined yet stays scheduled.
   */
  runDue(now?: Date): Promise<{ name: string; key: string; id: string }[]>;
  /** A job's state (created, retry, active, completed, failed, cancelled), null when unknown (finished jobs are kept 7 days). */
  state(name: string, id: string): Promise<string | null>;
  /** Stops working: no new runs start, running handlers get `stopTimeoutMs` to finish; idempotent. */
  close(): Promise<void>;
}

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 15 * 60 } as const;
const DUE_BATCH = 100;

/** Starts pg-boss on the shop's database (installing or migrating its schema `pgboss`), without any job yet. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, clock } = options;
  const logger = options.logger ?? processLogger;
  const embedded = database.driver === 'pglite';
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (embedded ? 10 : 2);

  // Every pg-boss query goes through the shop's handle; once stopped, none starts (pg-boss treats undefined as "closed").
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const db: PgBoss.Db = {
    executeSql: (text: string, values?: unknown[]) => {
      if (stopped) return Promise.resolve(undefined as unknown as SqlResult);
      const running = database.executeSql(text, values);
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running)).catch(() => undefined);
      return running;
    },
  };

  const boss = await startBoss(
    {
      db,
      pollingIntervalSeconds,
      // The cron scheduler's own queue: cron sends are minute-precise anyway.
      cronWorkerIntervalSeconds: embedded ? 15 : 5,
      // Expiry of runs that took too long, archiving and deleting of finished jobs.
      maintenanceIntervalSeconds: embedded ? 300 : 120,
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 7,
    },
    logger,
  );

  /** Each defined job's workers in this process (more than one with `concurrency`). */
  const workers = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  const running = new Set<Promise<void>>();
  let closing: Promise<void> | null = null;

  async function ensureQueue(job: JobDefinition<never>): Promise<void> {
    const settings: PgBoss.Queue = {
      name: job.name,
      policy: job.policy ?? 'stately',
      retryLimit: job.retryLimit ?? DEFAULTS.retryLimit,
      retryDelay: job.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
      retryBackoff: job.retryBackoff ?? DEFAULTS.retryBackoff,
      expireInSeconds: job.expireInSeconds ?? DEFAULTS.expireInSeconds,
    };
    if (await boss.getQueue(job.name)) {
      await boss.updateQueue(job.name, settings);
      return;
    }
    // Processes starting together create the same queue at once: pg-boss's create_queue inserts the queue and creates
    // its partition, and two of them can deadlock (40P01) or collide (23505, 42P07). The one that loses finds the
    // winner's queue, or (the winner not committed yet) tries again after a short, growing pause.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(job.name, settings);
        return;
      } catch (error) {
        if (await boss.getQueue(job.name)) return;
        const code = (error as { code?: string }).code;
        if (attempt >= 8 || !['40P01', '23505', '42P07', '42710'].includes(code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
      }
    }
  }

  const queue: JobQueue = {
    async define<T extends object>(job: JobDefinition<T>) {
      if (closing) throw new Error('The job queue is closed.');
      if (workers.has(job.name)) throw new Error(`Job "${job.name}" is defined twice.`);
      await ensureQueue(job as JobDefinition<never>);
      const concurrency = embedded ? 1 : Math.max(1, Math.floor(job.concurrency ?? 1));
      const batchSize = embedded ? 1 : Math.max(1, Math.floor(job.batchSize ?? 1));
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i++) {
        const workerId: string = await boss.work<T>(job.name, { includeMetadata: true, batchSize }, async (fetched) => {
          if (fetched.length === 0) return;
          // Jobs fetched while the queue closes fail back to the queue and are retried (here or in another process).
          if (closing) throw new Error('The job queue is closing.');
          const runs = fetched.map((next) => job.handler(next.data, { id: next.id, attempt: next.retryCount + 1, now: clock.now() }));
          for (const run of runs) running.add(run);
          try {
            const results = await Promise.allSettled(runs);
            const failures = fetched.flatMap((next, index) => {
              const result = results[index]!;
              return result.status === 'rejected' ? [{ next, error: result.reason as unknown }] : [];
            });
            for (const { next, error } of failures) logger.error({ err: error, job: job.name, attempt: next.retryCount + 1 }, `Job ${job.name} failed`);
            // All failed: pg-boss fails them all. Some: those alone are failed here, and pg-boss completes the others
            // (its completion takes only jobs still active).
            if (failures.length === fetched.length) throw failures[0]!.error;
            for (const { next, error } of failures) await boss.fail(job.name, next.id, { message: String((error as Error)?.message ?? error) });
          } finally {
            for (const run of runs) running.delete(run);
            // A worker that found a job asks again at once rather than after its polling interval: a queue of ten
            // thousand renewals drains at the pace of the work, not of one job per poll. An empty fetch waits as usual.
            if (!closing) boss.notifyWorker(workerId);
          }
        });
        ids.push(workerId);
      }
      workers.set(job.name, ids);
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(job.name);
    },

    async send(name, data = {}, options = {}) {
      if (closing) return null;
      const id = await boss.send(name, data, options.singletonKey ? { singletonKey: options.singletonKey } : {});
      if (id) wake(name);
      return id;
    },

    async runDue(now = clock.now()) {
      const sent: { name: string; key: string; id: string }[] = [];
      if (closing) return sent;
      for (;;) {
        const batch = await database.db.transaction(async (tx) => {
          const due = await tx
            .select({
              name: scheduledJobs.name,
              key: scheduledJobs.key,
              data: scheduledJobs.data,
              // A job whose queue no process has defined yet waits for one that does (no policy: not selected).
              policy: sql<string>`(select q.policy from pgboss.queue q where q.name = scheduled_jobs.name)`,
            })
            .from(scheduledJobs)
            .where(and(lte(scheduledJobs.dueAt, now), sql`${scheduledJobs.name} in (select name from pgboss.queue)`))
            .orderBy(asc(scheduledJobs.dueAt))
            .limit(DUE_BATCH)
            .for('update', { skipLocked: true });
          const moved: { name: string; key: string; id: string }[] = [];
          if (due.length === 0) return { due: 0, moved };
          // The jobs are inserted in the same transaction that deletes their rows: sent once, or not at all.
          const inTransaction = transactionDb(tx);
          // A `standard` queue takes every job: those are inserted together, under ids made here (a hundred renewals
          // due at once are one statement, not a hundred).
          const standard = due.filter((row) => row.policy === 'standard').map((row) => ({ ...row, id: randomUUID() }));
          if (standard.length > 0) {
            await boss.insert(
              standard.map((row) => ({ id: row.id, name: row.name, data: row.data as object })),
              { db: inTransaction },
            );
            moved.push(...standard.map((row) => ({ name: row.name, key: row.key, id: row.id })));
          }
          for (const row of due.filter((r) => r.policy !== 'standard')) {
            const id = await boss.send(row.name, row.data as object, { db: inTransaction });
            // No id: a `stately` job of that name is already waiting, and covers this one.
            if (id) moved.push({ name: row.name, key: row.key, id });
          }
          await tx.execute(
            sql`delete from ${scheduledJobs} where (${scheduledJobs.name}, ${scheduledJobs.key}) in (${sql.join(
              due.map((row) => sql`(${row.name}, ${row.key})`),
              sql`, `,
            )})`,
          );
          return { due: due.length, moved };
        });
        sent.push(...batch.moved);
        for (const name of new Set(batch.moved.map((job) => job.name))) wake(name);
        if (batch.due < DUE_BATCH) return sent;
      }
    },

    async state(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },

    close: () =>
      (closing ??= (async () => {
        // Workers stop asking for work; handlers already running get stopTimeoutMs, then pg-boss fails them back to the queue.
        await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs ?? 5000 });
        await Promise.allSettled([...running]);
        // A worker may still be in its last fetch: let it end, and a job it fetched fail back to the queue (the handler
        // refuses it), before the database closes. setImmediate lets the worker make its next query, if any.
        do {
          await Promise.allSettled([...inFlight]);
          await new Promise((resolve) => setImmediate(resolve));
        } while (inFlight.size > 0);
        stopped = true;
      })()),
  };
  return queue;
}

/**
 * Starts pg-boss, installing its schema on first use. Processes starting together on a new database race to install
 * it: pg-boss serialises the install with an advisory lock, yet PostgreSQL can still report the schema or a type as
 * a duplicate to the loser. The loser starts again (a new instance: a failed one never starts) and finds it installed.
 */
async function startBoss(config: PgBoss.ConstructorOptions, logger: Logger): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss(config);
    boss.on('error', (error: Error) => logger.error({ err: error }, 'Job queue error'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const installRace = code === '23505' || code === '42710' || code === '42P06' || code === '42P07';
      if (!installRace || attempt >= 5) throw error;
    }
  }
}

/**
 * pg-boss's `db` inside a Drizzle transaction: its SQL text with `$n` parameters becomes a Drizzle query, so the
 * insert runs on the transaction's connection (on PGlite, the only one, which the transaction holds).
 */
export function transactionDb(tx: Database): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = (await tx.execute(withParameters(text, values))) as unknown as SqlResult;
      return { rows: result.rows };
    },
  };
}

/** `... $1 ... $2 ...` with its values as one Drizzle SQL (each `$n` becomes a bound parameter). */
export function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${sql.param(values[Number(part) - 1] ?? null)}`);
  });
  return sql.join(chunks);
}
