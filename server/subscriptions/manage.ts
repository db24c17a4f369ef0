/**
 * @module server/subscriptions/manage: the shopper's changes to the schedule of their subscription (spec 001 §4
 * "Skip and unskip", "Snooze", §5; README.md "Managing it"): skip or unskip one product of the next delivery, snooze
 * the subscription by days. Each runs in one transaction with the customer and the subscription locked (as the
 * renewal locks them), so two tabs, or a tab and a renewal, see each other's changes and lose none; each bumps the
 * subscription's version and moves its renewal job to its earliest product date with the same key.
 */
import { and, eq } from 'drizzle-orm';
import { SNOOZE_MAX_DAYS, type SubscriptionSkipResult, type SubscriptionSnoozeResult } from '#api';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { subscriptionProducts, subscriptionRenewals, subscriptions } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Services } from '../services';
import { forecastSubscription, ticketOf } from './forecast';
import { addDays, dayOf, productsOf, scheduleRenewal } from './schedule';
import { isCurrent, nextDelivery, ownSubscription, subscriptionView, type SubscriptionRow } from './subscription-view';

type Entries = ReadonlyMap<string, CatalogueEntry>;

/** The caller's current subscription, locked with the customer: 404 for another's, 422 for a canceled one. */
async function lockCurrent(tx: Database, userId: number, pubkey: string, canceledDetail: string): Promise<SubscriptionRow> {
  await lockUser(tx, userId);
  const row = await ownSubscription(tx, userId, pubkey, true);
  if (!isCurrent(row)) throw new ApiError(422, 'subscription_not_current', canceledDetail);
  return row;
}

/** 409 while a renewal of the subscription is being made on one of `days` (its box is already decided). */
async function refuseWhileRenewing(tx: Database, subscriptionId: number, days: readonly string[]): Promise<void> {
  const pending = await tx
    .select({ dueOn: subscriptionRenewals.dueOn })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.status, 'pending')));
  if (pending.some((r) => days.includes(r.dueOn)))
    throw new ApiError(409, 'subscription_changed', 'Your next box is being prepared right now. Please try again in a few minutes.');
}

/**
 * Bumps the version and, for an active subscription, moves its renewal job to its earliest product date. An onhold
 * one keeps its job (a retry after a declined charge, or none): when it runs it reads the dates as they are then.
 */
async function touch(tx: Database, row: SubscriptionRow, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ version: row.version + 1, updatedAt: now })
    .where(eq(subscriptions.id, row.id));
  if (row.status === 'active') await scheduleRenewal(tx, row.id);
}

async function skipResult(tx: Database, entries: Entries, id: number): Promise<Pick<SubscriptionSkipResult, 'subscription' | 'subscribed_products'>> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  const view = await subscriptionView(tx, row!, entries);
  return {
    subscription: view,
    subscribed_products: view.regular_products.map((p) => ({ type: p.type, can_skip: p.can_skip, can_unskip: p.can_unskip })),
  };
}

/**
 * Skips (`skip: true`) or un-skips one product of the next delivery (spec 001 §4: allowed by can_skip and
 * can_unskip). A product the subscription does not hold, or one that may not be (un)skipped now, is 400 naming
 * `product`, and nothing changes.
 */
export async function setSkipped(services: Services, userId: number, pubkey: string, type: string, skip: boolean): Promise<SubscriptionSkipResult> {
  const now = services.clock.now();
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const entries = await services.catalogue.entries();
  const changed = await services.db.transaction(async (tx) => {
    const row = await lockCurrent(tx, userId, pubkey, 'This subscription is canceled: resubscribe to change its deliveries.');
    const products = await productsOf(tx, row.id);
    const product = products.find((p) => p.type === type || p.product === type);
    if (!product) throw validationError({ product: [`This subscription has no "${type}".`] }, 'Choose a product of this subscription.');
    if (skip) {
      if (product.skipped) throw validationError({ product: ['This product is already left out of your next delivery.'] }, 'Nothing to skip.');
      if (product.nextStart !== nextDelivery(products))
        throw validationError({ product: ['Only a product of your next delivery can be skipped.'] }, 'This product is not in your next delivery.');
    } else if (!product.skipped) {
      throw validationError({ product: ['This product is not skipped.'] }, 'Nothing to put back.');
    }
    await refuseWhileRenewing(tx, row.id, [product.nextStart]);
    await tx.update(subscriptionProducts).set({ skipped: skip, updatedAt: now }).where(eq(subscriptionProducts.id, product.id));
    await touch(tx, row, now);
    return skipResult(tx, entries, row.id);
  });
  // Spec 001 §4: skip and unskip return a new ticket and forecast, worked out once the change is committed.
  const forecast = await forecastSubscription(services, userId, pubkey);
  return { ticket: ticketOf(forecast), gwps: [], forecast, ...changed };
}

/**
 * Snoozes the subscription by `days` (spec 001 §5): every product's date moves by that many days (its schedule keeps
 * its shape); the next delivery plus the days must not be more than 90 days after today (400 on `days`, "Cannot
 * snooze beyond 90 days"). A canceled subscription is 422 "Missing subscription to snooze". Answers the new next
 * delivery and the snooze in weeks (days / 7).
 */
export async function snooze(services: Services, userId: number, pubkey: string, days: number): Promise<SubscriptionSnoozeResult> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  return services.db.transaction(async (tx) => {
    const row = await lockCurrent(tx, userId, pubkey, 'Missing subscription to snooze');
    const products = await productsOf(tx, row.id);
    const next = nextDelivery(products);
    if (next === null) throw new ApiError(422, 'subscription_not_current', 'Missing subscription to snooze');
    const latest = addDays(dayOf(now), SNOOZE_MAX_DAYS);
    // A next delivery already past (held by a payment) counts from today.
    const from = next < dayOf(now) ? dayOf(now) : next;
    if (addDays(from, days) > latest) throw validationError({ days: ['Cannot snooze beyond 90 days'] }, 'Cannot snooze beyond 90 days');
    await refuseWhileRenewing(
      tx,
      row.id,
      products.map((p) => p.nextStart),
    );
    for (const product of products) {
      const base = product.nextStart < dayOf(now) ? dayOf(now) : product.nextStart;
      await tx
        .update(subscriptionProducts)
        .set({ nextStart: addDays(base, days), updatedAt: now })
        .where(eq(subscriptionProducts.id, product.id));
    }
    await touch(tx, row, now);
    const [after] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    const view = await subscriptionView(tx, after!, entries);
    return { next_start: view.next_start!, weeks: days / 7, subscription: view };
  });
}
