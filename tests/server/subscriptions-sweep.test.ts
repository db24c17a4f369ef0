/**
 * The renewal sweep (server/subscriptions/renewal-sweep.ts): which due subscriptions it sends again, on the embedded
 * database and on PostgreSQL. Its worth under a real crash is shown by tests/server/subscriptions-restart.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { CLOCK_START, DUE_DAY, seedDueSubscribers } from '../../bench/renewal-bench';
import { scheduledJobs, subscriptionProducts, subscriptions } from '../../server/db/schema';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { unscheduleJob } from '../../server/jobs/schedule';
import { sweepRenewals } from '../../server/subscriptions/renewal-sweep';
import { renewalJobKey, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { TEST_SECRET, testClock } from './support/test-app';

/** A promise and its resolve, to hold a handler until the test lets it go. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describeEachDatabase('the renewal sweep (issue 27 item 2: no renewal lost after a crash)', (database) => {
  const log = capturedLog();
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.close();
    queue = undefined;
  });

  it('sends again only the due, active subscriptions nothing else will renew; at a start, running ones too', async () => {
    const db = database().db;
    const now = new Date(CLOCK_START);
    const [sent, scheduledLater, canceled, notDue, waiting, running] = await seedDueSubscribers(db, 6, TEST_SECRET);
    // Sent already: run-due took its row (the others keep theirs until the test takes them).
    const taken = [sent!, canceled!, notDue!, waiting!, running!];
    for (const id of taken) await unscheduleJob(db, RENEW_SUBSCRIPTION_JOB, renewalJobKey(id));
    // A retry planned for tomorrow is a deliberate wait.
    await db
      .update(scheduledJobs)
      .set({ dueAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(scheduledJobs.key, renewalJobKey(scheduledLater!)));
    await db.update(subscriptions).set({ status: 'canceled', canceledAt: now }).where(eq(subscriptions.id, canceled!));
    await db.update(subscriptionProducts).set({ nextStart: '2027-03-02' }).where(eq(subscriptionProducts.subscriptionId, notDue!));

    // The queue holds one run waiting (`waiting`) and one running (`running`), as another process would.
    queue = await startJobQueue({ database: database(), clock: testClock(now), logger: log.logger, pollingIntervalSeconds: 600 });
    const hold = gate();
    const ran: number[] = [];
    await queue.define<{ subscriptionId: number }>({
      name: RENEW_SUBSCRIPTION_JOB,
      policy: 'standard',
      handler: async ({ subscriptionId }) => {
        ran.push(subscriptionId);
        await hold.promise;
      },
    });
    await queue.send(RENEW_SUBSCRIPTION_JOB, { subscriptionId: running });
    while (!ran.includes(running!)) await new Promise((resolve) => setTimeout(resolve, 25));
    // One worker, busy: this one waits in the queue.
    await queue.send(RENEW_SUBSCRIPTION_JOB, { subscriptionId: waiting });

    expect(await sweepRenewals(db, queue, now)).toEqual([sent]);
    // Before the renewal hour of its day nothing of that day is due.
    const [early] = await seedDueSubscribers(db, 1, TEST_SECRET, DUE_DAY);
    await unscheduleJob(db, RENEW_SUBSCRIPTION_JOB, renewalJobKey(early!));
    expect(await sweepRenewals(db, queue, new Date(`${DUE_DAY}T14:59:00Z`))).toEqual([]);
    // At a start the running one counts as left behind (the one waiting does not).
    const atStart = await sweepRenewals(db, queue, now, true);
    expect(atStart.sort((a, b) => a - b)).toEqual([early!, running!].sort((a, b) => a - b));
    hold.open();
  });
});
