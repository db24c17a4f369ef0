/**
 * @module server/subscriptions/cancel: POST /v2/subscriptions/{pubkey}/cancel `{reason, comment?}` (spec 001 §4
 * "Cancel: the entry is replaced by the server result", §7; README.md "Cancel"). The reason is one of the cancel
 * reasons (log-reasons.yaml), with a comment when it asks for one; the subscription becomes canceled (canceled_at
 * set), the reason and comment are logged (subscription_events), its renewal job and upcoming-renewal mail are
 * removed, and the "canceled" mail goes through the outbox, all in one transaction with the customer and the
 * subscription locked, once no renewal of it is being charged (renewal-guard.ts: it waits, then 409).
 */
import { eq } from 'drizzle-orm';
import type { Subscription, SubscriptionCancelRequest } from '#api';
import { subscriptionEvents, subscriptions, users } from '../db/schema';
import { ApiError, validationError, type FieldErrors } from '../http/api-error';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';
import { cancelReason } from './log-reasons';
import { withNoRenewalPending } from './renewal-guard';
import { unscheduleRenewal } from './schedule';
import { subscriptionCanceledMail } from './subscription-mail';
import { isCurrent, ownSubscription, subscriptionView } from './subscription-view';

/** The fields of a cancel that are wrong: an unknown reason, a missing comment the reason asks for. */
export function checkCancel(body: SubscriptionCancelRequest): FieldErrors {
  const fields: FieldErrors = {};
  const reason = cancelReason(body.reason);
  if (!reason) fields.reason = ['Choose one of the reasons offered.'];
  else if (reason.comment === 'required' && !body.comment) fields.comment = ['Tell us a little more.'];
  return fields;
}

export async function cancelSubscription(services: Services, userId: number, pubkey: string, body: SubscriptionCancelRequest): Promise<Subscription> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  // Another's (404) and a bad reason (400) are answered at once, before any wait for a renewal.
  await ownSubscription(services.db, userId, pubkey);
  const fields = checkCancel(body);
  if (Object.keys(fields).length > 0) throw validationError(fields, 'This subscription could not be canceled.');
  const view = await withNoRenewalPending(
    services.db,
    userId,
    async (tx) => [(await ownSubscription(tx, userId, pubkey, true)).id],
    async (tx, [id]) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id!));
      if (!isCurrent(row!)) throw new ApiError(422, 'subscription_not_current', 'This subscription is already canceled.');
      const [after] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', statusReason: null, canceledAt: now, version: row!.version + 1, updatedAt: now })
        .where(eq(subscriptions.id, row!.id))
        .returning();
      await tx
        .insert(subscriptionEvents)
        .values({ subscriptionId: row!.id, kind: 'canceled', reason: body.reason, comment: body.comment || null, createdAt: now, updatedAt: now });
      await unscheduleRenewal(tx, row!.id);
      const [user] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
      if (user?.email) await enqueueMail(tx, now, subscriptionCanceledMail(user.email, user.firstName, row!, services.config.publicUrl));
      return subscriptionView(tx, after!, entries);
    },
  );
  services.mailer.wake();
  return view;
}
