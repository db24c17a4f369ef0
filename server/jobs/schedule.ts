import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { scheduledJobs } from '../db/schema';

/** A job to run once the shop's clock passes `at`. */
export interface ScheduledJob {
  /** A job name the queue defines (`JobQueue.define`). */
  name: string;
  /** What it is about, unique per name (e.g. `subscription:42:2027-01-15`): scheduling the same key again moves it. */
  key: string;
  at: Date;
  data?: Record<string, unknown>;
}

/**
 * Schedules a job by the shop's clock, inside the caller's transaction (a rolled-back renewal schedules nothing).
 * `JobQueue.runDue(now)` sends it once `now` has reached `at`: every minute by itself, or when a test or
 * /dev/clock moves the clock.
 */
export async function scheduleJob(db: Database, job: ScheduledJob): Promise<void> {
  await scheduleJobs(db, [job]);
}

/** Several jobs of different names or keys scheduled at once (one statement): each as `scheduleJob` would. */
export async function scheduleJobs(db: Database, jobs: readonly ScheduledJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name, key: job.key, data: job.data ?? {}, dueAt: job.at })))
    .onConflictDoUpdate({
      target: [scheduledJobs.name, scheduledJobs.key],
      set: { data: sql`excluded.data`, dueAt: sql`excluded.due_at` },
    });
}

/** Removes a scheduled job that has not been sent yet; false when there was none. */
export async function unscheduleJob(db: Database, name: string, key: string): Promise<boolean> {
  const removed = await db
    .delete(scheduledJobs)
    .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.key, key)))
    .returning({ key: scheduledJobs.key });
  return removed.length > 0;
}
