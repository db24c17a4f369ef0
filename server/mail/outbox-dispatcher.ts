import { and, asc, eq, inArray, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import { logger } from '../log/logger';
import { outbox } from '../db/schema';
import type { Mailer } from './mailer';
import { redactSecrets } from './redact-secrets';
import type { MailTransport } from './smtp-transport';

/** The queue job that delivers the outbox (server/jobs/shop-jobs.ts defines it; `wake()` sends it). */
export const DELIVER_OUTBOX_JOB = 'deliver-outbox';

/** Sends what the outbox holds; `wake()` after a commit, `drain()` to send everything due now. */
export interface OutboxDispatcher extends Mailer {
  /** False without a transport: nothing is ever sent, so there is nothing to wake or sweep. */
  readonly delivers: boolean;
  /** Sends every message due now (claimed under a lease, so processes never send the same one twice). */
  drain(): Promise<{ sent: number; failed: number }>;
  /** The queue job's run: drains, then sets this process's timer for the earliest retry (which wakes the queue again). */
  sweep(): Promise<{ sent: number; failed: number }>;
  /** Stops sending after the message in hand, waits for it, closes the transport. */
  close(): Promise<void>;
}

/** How the dispatcher runs. */
export interface DispatcherOptions {
  db: Database;
  /** null: nothing is sent; messages wait in the outbox (/dev/outbox shows them). */
  transport: MailTransport | null;
  clock: Clock;
  from: string;
  maxAttempts?: number;
  /** First retry delay; doubled after each failure. */
  retryDelayMs?: number;
  /** Where failures are reported; the server's logger by default. */
  log?: (message: string) => void;
  /**
   * The job queue: `wake()` sends the `deliver-outbox` job, which whichever process is free runs (`sweep()`), with
   * the queue's retries if a run fails as a whole. Without it `wake()` drains in this process (tests, tools).
   */
  queue?: Pick<JobQueue, 'send'>;
}

const BATCH = 10;
const LEASE_MS = 2 * 60_000;

/** The outbox dispatcher: claims due messages (SKIP LOCKED, so several processes can share one outbox), sends, retries with backoff, gives up after maxAttempts. */
export function createOutboxDispatcher(options: DispatcherOptions): OutboxDispatcher {
  const { db, transport, clock, from, queue, maxAttempts = 5, retryDelayMs = 30_000, log = (message) => logger.error(message) } = options;
  let running: Promise<unknown> | null = null;
  const draining = new Set<Promise<unknown>>();
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  async function claim(): Promise<(typeof outbox.$inferSelect)[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          or(
            and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
            // A process that died mid-send leaves 'sending' rows; their lease runs out and they are sent again.
            and(eq(outbox.status, 'sending'), lt(outbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ status: 'sending', lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(message: typeof outbox.$inferSelect): Promise<boolean> {
    try {
      await transport!.send({ from, to: message.recipient, subject: message.subject, text: message.textBody, html: message.htmlBody ?? undefined });
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: clock.now(),
          lockedUntil: null,
          lastError: null,
          // Delivered: the sign-in token now lives only in the recipient's mailbox.
          textBody: redactSecrets(message.textBody),
          htmlBody: message.htmlBody === null ? null : redactSecrets(message.htmlBody),
          links: message.links.map(redactSecrets),
        })
        .where(eq(outbox.id, message.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const gaveUp = message.attempts >= maxAttempts;
      // No recipient in the log: the id finds it in the outbox; the reason is redacted by the logger (addresses, tokens).
      log(`Mail ${message.id} failed (attempt ${message.attempts}${gaveUp ? ', giving up' : ''}): ${reason}`);
      await db
        .update(outbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs * 2 ** (message.attempts - 1)),
        })
        .where(eq(outbox.id, message.id));
      return false;
    }
  }

  async function drainOnce(): Promise<{ sent: number; failed: number }> {
    const totals = { sent: 0, failed: 0 };
    if (!transport) return totals;
    // Closed: claim nothing more (a claimed message would wait for its lease to run out).
    while (!closed) {
      const batch = await claim();
      if (batch.length === 0) break;
      // Messages already claimed are sent even while closing: close() waits for them.
      for (const message of batch) {
        if (await deliver(message)) totals.sent += 1;
        else totals.failed += 1;
      }
    }
    return totals;
  }

  /** drainOnce, tracked so close() can wait for it. */
  function drain(): Promise<{ sent: number; failed: number }> {
    const run = drainOnce();
    draining.add(run);
    void run.finally(() => draining.delete(run)).catch(() => undefined);
    return run;
  }

  /** Wakes up again when the earliest retry is due. */
  async function scheduleRetry(): Promise<void> {
    const [next] = await db
      .select({ at: min(outbox.nextAttemptAt) })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    if (!next?.at || closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => dispatcher.wake(), Math.max(0, next.at.getTime() - clock.now().getTime()) + 10);
    timer.unref();
  }

  const dispatcher: OutboxDispatcher = {
    delivers: transport !== null,
    wake() {
      if (!transport || closed) return;
      if (queue) {
        // A run already waiting covers this message too (the job's queue keeps one waiting and one running).
        queue
          .send(DELIVER_OUTBOX_JOB)
          .catch((error: unknown) => log(`Mail delivery could not be queued: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await drain();
        } while (again && !closed);
        await scheduleRetry();
      })()
        .catch((error: unknown) => log(`Mail dispatch stopped: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          running = null;
        });
    },
    drain: async () => {
      await running;
      return drain();
    },
    sweep: async () => {
      const totals = await drain();
      await scheduleRetry();
      return totals;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      await Promise.allSettled([...draining]);
      transport?.close();
    },
  };
  return dispatcher;
}
