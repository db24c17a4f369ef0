/**
 * @module server/subscriptions/resubscribe: POST /v2/subscriptions/{pubkey}/resubscribe/ (spec 001 §4 "a canceled
 * subscription is offered for resubscription only if no current one exists in that category"; README.md
 * "Resubscribe"). A canceled subscription becomes active again when the shopper has no current (active or onhold) one
 * in its category and sub-category (else 422 subscription_exists; the partial unique index keeps it so against a
 * checkout at the same instant); every product comes the next day (a shopper who comes back is usually out of
 * product, and a day leaves time to change the box first), un-skipped; its method is its own if still live, else the
 * shopper's default (else 422 no_payment_method: nothing would be charged); the renewal job is scheduled.
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Subscription } from '#api';
import { lockUser } from '../account/lock-user';
import { isUniqueViolation } from '../db/is-unique-violation';
import { paymentMethods, subscriptionEvents, subscriptionProducts, subscriptions } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { Services } from '../services';
import { addDays, dayOf, scheduleRenewal } from './schedule';
import { isCurrent, ownSubscription, subscriptionView } from './subscription-view';

const EXISTS = 'You already have a current subscription for these products: change that one instead.';

export async function resubscribe(services: Services, userId: number, pubkey: string): Promise<Subscription> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  try {
    return await services.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const row = await ownSubscription(tx, userId, pubkey, true);
      if (isCurrent(row)) throw new ApiError(422, 'subscription_exists', 'This subscription is already active.');
      const [current] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.category, row.category),
            eq(subscriptions.subCategory, row.subCategory),
            inArray(subscriptions.status, ['active', 'onhold']),
            ne(subscriptions.id, row.id),
          ),
        );
      if (current) throw new ApiError(422, 'subscription_exists', EXISTS);
      const live = and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt), eq(paymentMethods.provider, services.payments.name));
      const [own] =
        row.paymentMethodId === null
          ? []
          : await tx
              .select({ id: paymentMethods.id })
              .from(paymentMethods)
              .where(and(live, eq(paymentMethods.id, row.paymentMethodId)));
      const [fallback] = own
        ? [own]
        : await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(live).orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.id)).limit(1);
      if (!fallback) throw new ApiError(422, 'no_payment_method', 'Add a payment method first: your subscription is charged with it.');
      const tomorrow = addDays(dayOf(now), 1);
      await tx.update(subscriptionProducts).set({ nextStart: tomorrow, skipped: false, updatedAt: now }).where(eq(subscriptionProducts.subscriptionId, row.id));
      const [after] = await tx
        .update(subscriptions)
        .set({
          status: 'active',
          statusReason: null,
          canceledAt: null,
          failedCharges: 0,
          paymentMethodId: fallback.id,
          version: row.version + 1,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: 'resubscribed', createdAt: now, updatedAt: now });
      await scheduleRenewal(tx, row.id);
      return subscriptionView(tx, after!, entries);
    });
  } catch (error) {
    // A checkout made the category's current subscription in the same instant.
    if (isUniqueViolation(error)) throw new ApiError(422, 'subscription_exists', EXISTS);
    throw error;
  }
}
