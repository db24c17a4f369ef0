/**
 * @module server/subscriptions/upcoming-renewal: the mail a subscriber gets REMINDER_DAYS_BEFORE (3) days before a
 * renewal (issue 27 item 6): the box's products, the charge date, and the link to the subscription's page to skip or
 * snooze. Its job (`upcoming-renewal-mail`, key `subscription:<id>`) is scheduled and moved with the renewal's
 * (schedule.ts `scheduleRenewal`) and removed with it; a run mails only an active subscription whose next renewal is
 * still that date and not yet run, once per subscription and date (a `renewal_reminder` event, unique), so a retried
 * or repeated job mails nothing twice.
 */
import { and, eq } from 'drizzle-orm';
import { lockUser } from '../account/lock-user';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { subscriptionEvents, subscriptions, users } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { nextDueDay, productsOf, renewalInstant, type UpcomingRenewalJob } from './schedule';
import { upcomingRenewalMail } from './subscription-mail';
import { sellable } from './renew';

export type UpcomingRenewalOutcome = 'sent' | 'not_active' | 'moved' | 'past' | 'nothing_to_send' | 'already_sent';

/** Mails the upcoming renewal of `job` if it is still coming (see the module's description). */
export async function mailUpcomingRenewal(
  db: Database,
  options: { entries: ReadonlyMap<string, CatalogueEntry>; publicUrl: string },
  job: UpcomingRenewalJob,
  now: Date,
): Promise<UpcomingRenewalOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, job.subscriptionId));
    if (!found) return 'not_active';
    await lockUser(tx, found.userId);
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, job.subscriptionId)).for('update');
    // Canceled or on hold: nothing will be charged on that date (a held one is told by the payment-failed mail).
    if (!row || row.status !== 'active') return 'not_active';
    if ((await nextDueDay(tx, row.id)) !== job.dueOn) return 'moved';
    if (now >= renewalInstant(job.dueOn)) return 'past';
    const box = (await productsOf(tx, row.id)).filter((p) => p.nextStart === job.dueOn && !p.skipped && sellable(options.entries.get(p.type)));
    if (box.length === 0) return 'nothing_to_send';
    const logged = await tx
      .insert(subscriptionEvents)
      .values({ subscriptionId: row.id, kind: 'renewal_reminder', dueOn: job.dueOn, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptionEvents.id });
    if (logged.length === 0) return 'already_sent';
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, row.userId)));
    if (!user?.email) return 'nothing_to_send';
    const products = box.map((p) => ({
      label: options.entries.get(p.type)?.label ?? p.product,
      quantity: p.quantity,
      frequency: p.frequency,
      nextStart: p.nextStart,
    }));
    await enqueueMail(tx, now, upcomingRenewalMail(user.email, user.firstName, row, products, job.dueOn, options.publicUrl));
    return 'sent';
  });
}
