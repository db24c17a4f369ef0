/**
 * @module server/subscriptions/ship-now: POST /v2/subscriptions/{pubkey}/shipnow/ `{version?}` (spec 001 §3
 * "Ship-now order", §4, §5, §8; README.md "Ship now"): the next delivery's products that are not skipped, ordered and
 * charged at once through the one money path, as a renewal is (renew.ts `renewalBasket`, record-order, chargeOrder):
 * 1. With the customer and the subscription locked: a canceled or held subscription is 422, a renewal being made 409,
 *    no live method 422 no_payment_method, nothing to ship 422 nothing_to_ship. The order is recorded under the key
 *    `renewal:shipnow:<pubkey>:<version>` (the version the shopper saw: a retried request, or two sent at once, find
 *    the same order; the `renewal:` prefix keeps it from making a subscription of its own), logged as a pending
 *    `ship_now` event. A version that is not the current one, with no order under its key, is 409.
 * 2. Charged to the saved method (one charge per order key).
 * 3. Once (the event leaves pending once): paid moves the box's products to today plus their own frequency, un-skipped,
 *    spends a retention coupon it applied, bumps the version and moves the renewal job; declined is 402 card_declined
 *    and nothing moves (the next try, with the new version a new card gives, is a new order).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { hairProfiles, orders, paymentMethods, subscriptionEvents, subscriptionRenewals, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { chargeOrder } from '../money/settle-payment';
import { orderByKey, recordOrder } from '../money/record-order';
import type { OrderRow } from '../orders/order-view';
import { declineDetail } from '../orders/order-view';
import { loadFormulaSet } from '../profile/derived-profile';
import type { Services } from '../services';
import { reserveCoupon, unusedCoupon } from './coupons';
import { concludeShipNow } from './ship-now-settle';
import { RENEWAL_KEY_PREFIX } from './from-order';
import { renewalBasket, sellable, type Makings } from './renew';
import { productsOf } from './schedule';
import { ownSubscription } from './subscription-view';

/** The order to charge (with the method's reference), or one already settled that only needs concluding. */
interface Step {
  order: OrderRow;
  ref: string | null;
}

/** The order key of a ship-now of the subscription at a version. */
export const shipNowKey = (pubkey: string, version: number): string => `${RENEWAL_KEY_PREFIX}shipnow:${pubkey}:${version}`;

export async function shipNow(services: Services, userId: number, pubkey: string, version: number | undefined): Promise<{ pubkey: string }> {
  const now = services.clock.now();
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  // The box is priced with the shopper's current formulas, read before the transaction (one connection on PGlite).
  const { answers, set } = await loadFormulaSet(services, userId);
  const makings: Makings = { entries: await services.catalogue.entries(), formulas: new Map(set.formulas.map((f) => [f.product, f])), answers };
  const step = await services.db.transaction((tx) => prepare(tx, services, userId, pubkey, version, makings, now));
  let settled: OrderRow = step.order;
  if (settled.status === 'pending_payment')
    try {
      settled = await chargeOrder(services, step.order, { source: step.ref ? { kind: 'saved_method', ref: step.ref } : null }, user!);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 402)) throw error;
      [settled] = (await services.db.select().from(orders).where(eq(orders.id, step.order.id))) as [OrderRow];
    }
  const outcome = await services.db.transaction((tx) => concludeShipNow(tx, userId, settled, now));
  services.mailer.wake();
  if (outcome.status === 'payment_failed') throw new ApiError(402, 'card_declined', declineDetail(outcome.declineCode));
  if (outcome.status === 'pending_payment')
    throw new ApiError(402, 'payment_refused', 'Your bank asks you to confirm this payment: please use another card, or try again later.');
  return { pubkey: outcome.pubkey };
}

async function prepare(
  tx: Database,
  services: Services,
  userId: number,
  pubkey: string,
  version: number | undefined,
  makings: Makings,
  now: Date,
): Promise<Step> {
  await lockUser(tx, userId);
  const row = await ownSubscription(tx, userId, pubkey, true);
  if (row.status === 'canceled') throw new ApiError(422, 'subscription_not_current', 'This subscription is canceled: resubscribe to order it.');
  const key = shipNowKey(row.pubkey, version ?? row.version);
  const existing = await orderByKey(tx, userId, key);
  if (existing) {
    // A retried request, or one sent at the same time: the same order (charged again under its own key: one charge).
    return { order: existing, ref: await methodRef(tx, services, row.paymentMethodId, userId) };
  }
  if (version !== undefined && version !== row.version)
    throw new ApiError(409, 'subscription_changed', 'This subscription was changed meanwhile (in another tab?). Reload it and try again.');
  if (row.status === 'onhold') throw new ApiError(422, 'subscription_not_current', 'This subscription is on hold: settle what holds it first.');
  const [renewing] = await tx
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, row.id), eq(subscriptionRenewals.status, 'pending')))
    .limit(1);
  if (renewing) throw new ApiError(409, 'subscription_changed', 'Your next box is being prepared right now. Please try again in a few minutes.');
  const ref = await methodRef(tx, services, row.paymentMethodId, userId);
  if (!ref) throw new ApiError(422, 'no_payment_method', 'Add a payment method first: this box is charged with it.');
  const products = (await productsOf(tx, row.id)).filter((p) => !p.skipped);
  const first = products.reduce<string | null>((min, p) => (min === null || p.nextStart < min ? p.nextStart : min), null);
  const box = products.filter((p) => p.nextStart === first && sellable(makings.entries.get(p.type)));
  if (box.length === 0) throw new ApiError(422, 'nothing_to_ship', 'Nothing is left to send in your next delivery.');
  const [profile] = await tx.select({ soldOut: hairProfiles.isFragranceSoldout }).from(hairProfiles).where(eq(hairProfiles.userId, userId));
  if (profile?.soldOut && box.some((p) => makings.formulas.get(p.type)?.fragrance))
    throw new ApiError(422, 'nothing_to_ship', 'The fragrance of your formula is sold out: choose another one first.');
  const coupon = await unusedCoupon(tx, row.id);
  const basket = renewalBasket(row, box, { ...makings, coupon });
  const order = await recordOrder(tx, {
    userId,
    basket,
    key,
    requestHash: createHash('sha256').update(key).digest('hex'),
    provider: services.payments.name,
    now,
  });
  if (coupon) await reserveCoupon(tx, coupon.id, order.id);
  await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: 'ship_now', orderId: order.id, state: 'pending', createdAt: now, updatedAt: now });
  return { order, ref };
}

/** The provider's reference of the subscription's method when it is live and this provider's; null otherwise. */
async function methodRef(tx: Database, services: Services, methodId: number | null, userId: number): Promise<string | null> {
  if (methodId === null) return null;
  const [method] = await tx
    .select({ ref: paymentMethods.providerRef })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.userId, userId),
        isNull(paymentMethods.deletedAt),
        eq(paymentMethods.provider, services.payments.name),
      ),
    );
  return method?.ref ?? null;
}
