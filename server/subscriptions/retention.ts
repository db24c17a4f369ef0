/**
 * @module server/subscriptions/retention: the offers made before a cancel (issue 27 item 3; spec 001 §4
 * "Retention-action check"; README.md "Retention offers"), and accepting one:
 * - `coupon_20`: 20% off the next charge, once per subscription (a coupon on the next renewal or ship-now, coupons.ts);
 * - `snooze_30`, `snooze_60`: the snooze of manage.ts (the 90-day rule: offered only when it fits);
 * - `frequency_8`, `frequency_12`: every product that offers that frequency and comes more often takes it (PATCH's
 *   rules, update.ts; supplements come every 4 weeks only, so a supplements subscription has none).
 * Which offers a cancel reason opens is OFFERS_BY_REASON; without a reason, all. Each accepted offer is logged
 * (`offer_accepted`) and answers the skip-result shape (the subscription, its forecast and next ticket).
 */
import { and, eq } from 'drizzle-orm';
import type { RetentionOffer, SubscriptionSkipResult } from '#api';
import { offersFrequency } from '#api/shared';
import { lockUser } from '../account/lock-user';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { subscriptionCoupons, subscriptionEvents } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import type { Services } from '../services';
import { CANCELLATION_FLOW } from './coupons';
import { forecastSubscription, ticketOf } from './forecast';
import { cancelReason } from './log-reasons';
import { snooze } from './manage';
import { addDays, dayOf, productsOf } from './schedule';
import { isCurrent, nextDelivery, ownSubscription, subscriptionView, type SubscriptionRow } from './subscription-view';
import { updateSubscription } from './update';

type Kind = RetentionOffer['kind'];
type Entries = ReadonlyMap<string, CatalogueEntry>;

/** The retention coupon: a percent off the next charge. */
export const RETENTION_COUPON_PERCENT = 20;
const SNOOZE_DAYS = [30, 60] as const;
const FREQUENCIES = [8, 12] as const;

/**
 * The offers each cancel reason opens: less often or later for too much product; a saving for the price; a pause for
 * a move; nothing for a reaction (that is for customer care and a new formula, not a discount).
 */
export const OFFERS_BY_REASON: Readonly<Record<string, readonly Kind[]>> = {
  too_expensive: ['coupon', 'snooze'],
  too_much_product: ['frequency', 'snooze'],
  not_working: ['coupon'],
  ingredient_reaction: [],
  moving: ['snooze'],
  prefer_one_time: ['frequency', 'snooze'],
  other: ['coupon', 'snooze', 'frequency'],
};

/** The offers the subscription may take now (all kinds), best first. */
async function availableOffers(tx: Database, row: SubscriptionRow, entries: Entries, today: string): Promise<RetentionOffer[]> {
  const offers: RetentionOffer[] = [];
  const [coupon] = await tx
    .select({ id: subscriptionCoupons.id })
    .from(subscriptionCoupons)
    .where(and(eq(subscriptionCoupons.subscriptionId, row.id), eq(subscriptionCoupons.origin, CANCELLATION_FLOW)))
    .limit(1);
  if (!coupon)
    offers.push({
      id: `coupon_${RETENTION_COUPON_PERCENT}`,
      kind: 'coupon',
      title: `${RETENTION_COUPON_PERCENT}% off your next box`,
      detail: `Stay and save ${RETENTION_COUPON_PERCENT}% more on your next box, on top of your subscription saving. Once.`,
      percent_off: RETENTION_COUPON_PERCENT,
      days: null,
      frequency: null,
    });
  const products = await productsOf(tx, row.id);
  const next = nextDelivery(products);
  if (next) {
    const from = next < today ? today : next;
    for (const days of SNOOZE_DAYS)
      if (addDays(from, days) <= addDays(today, 90))
        offers.push({
          id: `snooze_${days}`,
          kind: 'snooze',
          title: `Pause for ${days} days`,
          detail: `Your next box comes on ${addDays(from, days)} instead, and every delivery after it moves too.`,
          percent_off: null,
          days,
          frequency: null,
        });
  }
  for (const weeks of FREQUENCIES)
    if (productsTaking(products, entries, weeks).length > 0)
      offers.push({
        id: `frequency_${weeks}`,
        kind: 'frequency',
        title: `Every ${weeks} weeks`,
        detail: `Get your products every ${weeks} weeks instead, so you never have too much.`,
        percent_off: null,
        days: null,
        frequency: weeks,
      });
  return offers;
}

/** The products a frequency offer changes: those that offer it and come more often. */
function productsTaking(products: readonly { type: string; frequency: number }[], entries: Entries, weeks: number) {
  return products.filter((p) => {
    const entry = entries.get(p.type);
    return entry && p.frequency < weeks && offersFrequency({ supplements: entry.subCategory === 'supplements' }, weeks);
  });
}

/** GET /v2/subscriptions/{pubkey}/retention?reason=: the offers for a current subscription (400 on an unknown reason). */
export async function retentionOffers(services: Services, userId: number, pubkey: string, reason: string | undefined): Promise<RetentionOffer[]> {
  const row = await ownSubscription(services.db, userId, pubkey);
  if (reason !== undefined && !cancelReason(reason)) throw validationError({ reason: ['Choose one of the reasons offered.'] }, 'Unknown reason.');
  if (!isCurrent(row)) throw new ApiError(422, 'subscription_not_current', 'This subscription is canceled: there is nothing to keep.');
  const kinds = reason === undefined ? null : (OFFERS_BY_REASON[reason] ?? ['coupon', 'snooze', 'frequency']);
  const offers = await availableOffers(services.db, row, await services.catalogue.entries(), dayOf(services.clock.now()));
  return offers.filter((o) => kinds === null || kinds.includes(o.kind));
}

/** POST /v2/subscriptions/{pubkey}/retention `{offer}`: applies one offer (see the module's description). */
export async function acceptRetentionOffer(services: Services, userId: number, pubkey: string, offerId: string): Promise<SubscriptionSkipResult> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  const offer = await services.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const row = await ownSubscription(tx, userId, pubkey, true);
    if (!isCurrent(row)) throw new ApiError(422, 'subscription_not_current', 'This subscription is canceled: resubscribe to change it.');
    const offers = await availableOffers(tx, row, entries, dayOf(now));
    const chosen = offers.find((o) => o.id === offerId);
    if (!chosen) {
      // The coupon accepted twice (a retried request, a second tab) does not stack: the same answer, nothing added.
      if (offerId === `coupon_${RETENTION_COUPON_PERCENT}` && (await hasUnusedRetentionCoupon(tx, row.id))) return null;
      throw validationError({ offer: ['This offer is not available for this subscription.'] }, 'Choose one of the offers.');
    }
    if (chosen.kind === 'coupon') {
      await tx.insert(subscriptionCoupons).values({
        subscriptionId: row.id,
        percentOff: chosen.percent_off!,
        label: `${chosen.percent_off}% off, thank you for staying`,
        origin: CANCELLATION_FLOW,
        createdAt: now,
      });
      await logOffer(tx, row.id, chosen.id, now);
    }
    return chosen;
  });
  if (offer?.kind === 'snooze') await snooze(services, userId, pubkey, offer.days!);
  if (offer?.kind === 'frequency') {
    const products = await productsOf(services.db, (await ownSubscription(services.db, userId, pubkey)).id);
    const changes = productsTaking(products, entries, offer.frequency!).map((p) => ({ type: p.type, frequency: offer.frequency! }));
    await updateSubscription(services, userId, pubkey, { regular_products: changes });
  }
  if (offer && offer.kind !== 'coupon')
    await services.db.transaction(async (tx) => logOffer(tx, (await ownSubscription(tx, userId, pubkey)).id, offer.id, now));
  return lifeResult(services, userId, pubkey);
}

async function hasUnusedRetentionCoupon(tx: Database, subscriptionId: number): Promise<boolean> {
  const rows = await tx
    .select({ usedAt: subscriptionCoupons.usedAt })
    .from(subscriptionCoupons)
    .where(and(eq(subscriptionCoupons.subscriptionId, subscriptionId), eq(subscriptionCoupons.origin, CANCELLATION_FLOW)));
  return rows.some((r) => r.usedAt === null);
}

async function logOffer(tx: Database, subscriptionId: number, offer: string, now: Date): Promise<void> {
  await tx.insert(subscriptionEvents).values({ subscriptionId, kind: 'offer_accepted', offer, createdAt: now, updatedAt: now });
}

/** The skip-result shape (spec 001 §3 "Preview, skip and unskip responses"): the subscription as now, its forecast and ticket. */
export async function lifeResult(services: Services, userId: number, pubkey: string): Promise<SubscriptionSkipResult> {
  const row = await ownSubscription(services.db, userId, pubkey);
  const view = await subscriptionView(services.db, row, await services.catalogue.entries());
  const forecast = await forecastSubscription(services, userId, pubkey);
  return {
    ticket: ticketOf(forecast),
    gwps: [],
    forecast,
    subscribed_products: view.regular_products.map((p) => ({ type: p.type, can_skip: p.can_skip, can_unskip: p.can_unskip })),
    subscription: view,
  };
}
