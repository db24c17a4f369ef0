/**
 * @module server/subscriptions/renewal-sweep: renewals a crash left behind, sent again (job `sweep-renewals`, at every
 * start and every 5 minutes).
 *
 * A renewal's job leaves `scheduled_jobs` when `run-due` sends it to the queue. If the process running it dies, pg-boss
 * fails the run only when it expires (15 minutes), and retries it then: nothing is lost, but the box waits. The sweep
 * sends the renewal again at once for each active subscription that is due by the shop's clock (its earliest product
 * date's renewal hour has passed) and that nothing else will renew: no scheduled job for it (one due later is a
 * deliberate wait, such as a retry), no run waiting in the queue, and no run started less than ORPHANED_AFTER_SECONDS
 * ago (a renewal takes well under a second; a run older than that belongs to a process that died). At a process's
 * start every running run counts as left behind, however recent: a process that starts after a crash is the one
 * that should finish what the crash cut short, and the run may belong to another live process just as well, which is
 * harmless. A renewal is idempotent (renew.ts: the subscription's lock, one renewal row per due day, one charge per
 * order key), so a run sent twice renews once: the second finds the box renewed, or waits for the first's lock.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import { addDays, dayOf, renewalInstant, renewalJobKey, RENEW_SUBSCRIPTION_JOB, type RenewSubscriptionJob } from './schedule';

export const SWEEP_RENEWALS_JOB = 'sweep-renewals';
/** A renewal run started longer ago than this and still active belongs to a process that died. */
export const ORPHANED_AFTER_SECONDS = 120;
/** Subscriptions sent again per sweep at most (the next sweep takes the rest). */
const SWEEP_LIMIT = 1000;

/** What the sweep job is given: whether it is a process's start (every running run then counts as left behind). */
export interface SweepRenewalsJob {
  atStart?: boolean;
}

/** Sends again the renewal of each due subscription nothing else will renew; answers their ids. */
export async function sweepRenewals(db: Database, queue: Pick<JobQueue, 'send'>, now: Date, atStart = false): Promise<number[]> {
  const runningFor = atStart ? 0 : ORPHANED_AFTER_SECONDS;
  const today = dayOf(now);
  // Today's products are due once today's renewal hour has passed; earlier days' are.
  const lastDueDay = now >= renewalInstant(today) ? today : addDays(today, -1);
  const rows = await db.execute<{ id: number }>(sql`
    select s.id from subscriptions s
    where s.status = 'active'
      and (select min(p.next_start) from subscription_products p where p.subscription_id = s.id) <= ${lastDueDay}
      and not exists (select 1 from scheduled_jobs j where j.name = ${RENEW_SUBSCRIPTION_JOB} and j.key = 'subscription:' || s.id)
      and not exists (
        select 1 from pgboss.job q
        where q.name = ${RENEW_SUBSCRIPTION_JOB} and q.data->>'subscriptionId' = s.id::text
          and (q.state in ('created', 'retry') or (q.state = 'active' and q.started_on > now() - make_interval(secs => ${runningFor})))
      )
    order by s.id
    limit ${SWEEP_LIMIT}`);
  const ids = rowsOf<{ id: number }>(rows).map((row) => Number(row.id));
  for (const subscriptionId of ids) {
    const data: RenewSubscriptionJob = { subscriptionId };
    await queue.send(RENEW_SUBSCRIPTION_JOB, { ...data }, { singletonKey: renewalJobKey(subscriptionId) });
  }
  return ids;
}

/** node-postgres answers `{rows}`, PGlite too; drizzle's execute passes either through. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
