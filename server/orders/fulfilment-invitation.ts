import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { feedbackInvitations, orderItems, orders, users } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Mailer } from '../mail/mailer';
import { FEEDBACK_CATEGORIES, feedbackCategoryOf, feedbackStates, INVITATION_DELAY_DAYS, type FeedbackCategory } from './fulfilment-feedback';
import { feedbackInvitationMail } from './fulfilment-mail';
import { orderMailLines } from './order-mail-lines';

/** The job that mails a delivered order's feedback invitation for one category (scheduled by moveOrder on delivery). */
export const FEEDBACK_INVITATION_JOB = 'invite-feedback';

/** What the job carries (scheduled_jobs.data). */
export interface FeedbackInvitationJob {
  orderId: number;
  category: FeedbackCategory;
}

/** What the invitation did: mailed, or why not. */
export type InvitationOutcome = 'sent' | 'not_delivered' | 'feedback_completed' | 'already_sent' | 'no_email';

/**
 * Mails "How is your formula working?" for one category of a delivered order, once: the feedback_invitations row is
 * written with the mail, in one transaction, so a retried or repeated job mails nothing more. No mail when the order
 * is not delivered (a canceled order never is), when that feedback is already completed, or to a guest without an
 * address (the row is still written: nothing is owed later).
 */
export async function sendFeedbackInvitation(
  services: { db: Database; mailer: Mailer; publicUrl: string },
  job: FeedbackInvitationJob,
  now: Date,
): Promise<InvitationOutcome> {
  if (!FEEDBACK_CATEGORIES.includes(job.category)) throw new Error(`Unknown feedback category "${String(job.category)}".`);
  const outcome = await services.db.transaction(async (tx): Promise<InvitationOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, job.orderId));
    if (!order || order.status !== 'delivered') return 'not_delivered';
    if ((await feedbackStates(tx, [order.id])).get(order.id)?.get(job.category)?.status === 'completed') return 'feedback_completed';
    const [first] = await tx
      .insert(feedbackInvitations)
      .values({ orderId: order.id, category: job.category, sentAt: now })
      .onConflictDoNothing()
      .returning({ orderId: feedbackInvitations.orderId });
    if (!first) return 'already_sent';
    const [customer] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, order.userId));
    if (!customer?.email) return 'no_email';
    // The lines of this category only, each with its picture: both lists are in the order's position order.
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
    const lines = (await orderMailLines(tx, order.id)).filter((_line, index) => items[index] && feedbackCategoryOf(items[index]) === job.category);
    const mail = feedbackInvitationMail(
      { to: customer.email, firstName: customer.firstName, order, lines, publicUrl: services.publicUrl },
      job.category,
      INVITATION_DELAY_DAYS[job.category],
    );
    await enqueueMail(tx, now, mail);
    return 'sent';
  });
  if (outcome === 'sent') services.mailer.wake();
  return outcome;
}
