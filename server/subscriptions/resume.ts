/**
 * @module server/subscriptions/resume: a new payment method resumes what a payment held (issue 27 item 2: "updating
 * the card resumes it"). Called in the transaction that saves the shopper's new or default method (the account's
 * payment-method and subscription updates, to be wired), it gives that method to each of their current
 * subscriptions that is on hold for its payment (payment_error) or has no live method, puts the held ones back to
 * active with their retries reset, and schedules their renewal at their earliest product date: a date already past
 * is due at once (the next `run-due`), so the box that failed goes out with the new card.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { paymentMethods, subscriptions } from '../db/schema';
import { scheduleRenewal } from './schedule';

/** Answers the ids of the subscriptions it resumed or gave the method to. */
export async function resumeWithMethod(tx: Database, userId: number, methodId: number, now: Date): Promise<number[]> {
  const [method] = await tx
    .select({ id: paymentMethods.id, deletedAt: paymentMethods.deletedAt })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)));
  if (!method || method.deletedAt) return [];
  const current = await tx
    .select({ subscription: subscriptions, methodDeletedAt: paymentMethods.deletedAt, methodId: paymentMethods.id })
    .from(subscriptions)
    .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'onhold'])))
    .for('update', { of: subscriptions });
  const changed: number[] = [];
  for (const { subscription, methodDeletedAt, methodId: kept } of current) {
    const heldByPayment = subscription.status === 'onhold' && subscription.statusReason === 'payment_error';
    const noLiveMethod = kept === null || methodDeletedAt !== null;
    if (!heldByPayment && !noLiveMethod) continue;
    await tx
      .update(subscriptions)
      .set({
        paymentMethodId: methodId,
        ...(heldByPayment ? { status: 'active' as const, statusReason: null, failedCharges: 0 } : {}),
        version: subscription.version + 1,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, subscription.id));
    if (heldByPayment) await scheduleRenewal(tx, subscription.id);
    changed.push(subscription.id);
  }
  return changed;
}

/**
 * A fragrance chosen again (the profile's save that clears `is_fragrance_soldout`, spec 001 §4 invalid_fragrance)
 * resumes the shopper's subscriptions held by the sold-out fragrance: active again, their renewal scheduled at their
 * product date (a date already past is due at once, with the new fragrance). Answers the ids it resumed.
 */
export async function resumeFragranceHold(db: Database, userId: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const held = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'onhold'), eq(subscriptions.statusReason, 'invalid_fragrance')))
      .for('update');
    for (const subscription of held) {
      await tx
        .update(subscriptions)
        .set({ status: 'active', statusReason: null, version: subscription.version + 1, updatedAt: now })
        .where(eq(subscriptions.id, subscription.id));
      await scheduleRenewal(tx, subscription.id);
    }
    return held.map((s) => s.id);
  });
}
