import { z } from 'zod';
import type { MovableClock } from '../clock';
import { notFound, validationError } from '../http/api-error';
import { defineServerOnlyOperation } from '../http/operation';
import type { JobQueue } from '../jobs/queue';

/** What /dev/clock works with: the shop's clock to move, and how to run the jobs due by it. */
export interface DevClock {
  clock: MovableClock;
  /** Sends the scheduled jobs due at `now` and waits until each has run: each job's name, key and final state. */
  runDue(now: Date): Promise<{ name: string; key: string; state: string }[]>;
}

/** How long POST /dev/clock waits for the due jobs to finish before it answers with their state as it is. */
const RUN_WAIT_MS = 60_000;
/** States a run ends in: done, given up, canceled, or failed and waiting for its retry (reported as it is). */
const FINISHED = ['completed', 'failed', 'cancelled', 'retry'];

/** A DevClock on the queue: the due jobs are sent with `runDue(now)`, then awaited (a job retried after a failure is awaited to its end or the limit). */
export function devClockOn(clock: MovableClock, queue: Pick<JobQueue, 'runDue' | 'state'>): DevClock {
  return {
    clock,
    async runDue(now) {
      const sent = await queue.runDue(now);
      const deadline = Date.now() + RUN_WAIT_MS;
      const states = new Map<string, string>();
      for (;;) {
        for (const job of sent) if (!FINISHED.includes(states.get(job.id) ?? '')) states.set(job.id, (await queue.state(job.name, job.id)) ?? 'unknown');
        if (sent.every((job) => FINISHED.includes(states.get(job.id)!)) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return sent.map((job) => ({ name: job.name, key: job.key, state: states.get(job.id)! }));
    },
  };
}

const clockReading = z.object({ now: z.string() });
const clockMoved = z.object({ now: z.string(), jobs_run: z.array(z.object({ name: z.string(), key: z.string(), state: z.string() })) });
const clockMove = z
  .object({
    now: z.iso.datetime({ offset: true, message: 'An ISO time with its zone, such as 2027-01-15T10:00:00Z.' }).optional(),
    advance_days: z.number().int('Whole days.').min(1, 'At least 1 day.').max(3650, 'At most 3650 days.').optional(),
  })
  .strict();

const UNAVAILABLE = 'This shop’s clock cannot be moved.';

/** GET /dev/clock: the shop's clock (API.md "For people and tests"; off in production). */
export const getDevClock = defineServerOnlyOperation(
  { method: 'GET', path: '/dev/clock', auth: 'none', response: clockReading },
  { summary: 'The shop’s clock (not in production)', tag: 'dev', responses: { 200: '{now}' } },
  async ({ c, services }) => c.json({ now: services.clock.now().toISOString() }, 200),
);

/**
 * POST /dev/clock `{now}` or `{advance_days}`: moves the shop's clock forward (never back) and runs the jobs due by
 * then (renewals, gift e-mails, feedback invitations) before answering; off in production.
 */
export const postDevClock = defineServerOnlyOperation(
  { method: 'POST', path: '/dev/clock', auth: 'none', body: clockMove, response: clockMoved },
  {
    summary: 'Move the shop’s clock forward and run the jobs due (not in production)',
    tag: 'dev',
    responses: {
      200: '{now, jobs_run}: the clock as moved, and each job run with its final state',
      400: 'validation_error: neither or both of now and advance_days, or a time before the clock’s',
      404: 'not_found: this app’s clock cannot be moved',
    },
  },
  async ({ c, body, services }) => {
    const dev = services.devClock;
    if (!dev) throw notFound('not_found', UNAVAILABLE);
    if ((body.now === undefined) === (body.advance_days === undefined))
      throw validationError({ non_field_errors: ['Send either now (an ISO time) or advance_days.'] });
    const current = dev.clock.now();
    const to = body.now !== undefined ? new Date(body.now) : new Date(current.getTime() + body.advance_days! * 24 * 60 * 60 * 1000);
    if (!dev.clock.moveTo(to)) throw validationError({ now: [`The shop’s clock moves forward only: it is ${current.toISOString()}.`] });
    const jobsRun = await dev.runDue(dev.clock.now());
    return c.json({ now: dev.clock.now().toISOString(), jobs_run: jobsRun }, 200);
  },
);
