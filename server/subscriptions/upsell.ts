/**
 * @module server/subscriptions/upsell: GET /v1/account/upsell/{haircare|skincare} (spec 001 §2 "Account overview shows
 * the haircare and skincare upsell offers", §4 Upsells, §8 'not_found' → no offer; README.md "Create and upsells").
 * For haircare topicals, supplements (haircare's, asked with ?sub_category=supplements or offered when topicals
 * are not) and skincare topicals that the shopper holds NO subscription of, current or canceled, an offer of the
 * products of their routine, kept with a server-issued transaction id (one per offer, 7 days) that add-products must
 * present, and whether they had answered that consultation. None applies: 404 `not_found`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UpsellOffer } from '#api';
import { toMoney } from '#api/money';
import { DEFAULT_FREQUENCY } from '#api/shared';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { hairProfiles, subscriptionUpsells, subscriptions, type OfferedProduct, type SubscriptionCategory, type SubscriptionSubCategory } from '../db/schema';
import { notFound } from '../http/api-error';
import { asStatus } from '../profile/consultation-status';
import { loadFormulaSet } from '../profile/derived-profile';
import type { Services } from '../services';
import { defaultAddress, FIRST_DELIVERY_MAX_DAYS, subCategoryOf } from './new-products';
import { sellable, subscribedUnitPrice } from './renew';
import { addDays, dayOf, productsOf } from './schedule';
import { SUBSCRIPTION_DISCOUNT_PERCENT } from './from-order';
import { nextDelivery } from './subscription-view';

/** How long an offer's transaction id holds. */
export const UPSELL_DAYS = 7;

const NO_OFFER = 'No offer for this category: you already subscribe to it (or did), or nothing of your routine is sold on subscription.';

/** The sub-categories a category's upsell URL offers, in the order tried. */
function candidates(category: SubscriptionCategory, asked: SubscriptionSubCategory | undefined): SubscriptionSubCategory[] {
  if (category === 'skincare') return asked === 'supplements' ? [] : ['topicals'];
  return asked ? [asked] : ['topicals', 'supplements'];
}

/** The routine's products an offer lists: topicals in the routine's core (preselect, main); supplements unless not advised. */
function offered(
  routine: readonly { product: string; section: string }[],
  entries: ReadonlyMap<string, CatalogueEntry>,
  category: SubscriptionCategory,
  subCategory: SubscriptionSubCategory,
): CatalogueEntry[] {
  const sections = subCategory === 'supplements' ? ['preselect', 'main', 'upsale', 'featured', 'optional'] : ['preselect', 'main'];
  return routine
    .filter((r) => sections.includes(r.section))
    .map((r) => entries.get(r.product))
    .filter(
      (entry): entry is CatalogueEntry =>
        sellable(entry) && entry.isSubscribable && entry.isCustom && entry.category === category && subCategoryOf(entry) === subCategory,
    );
}

/** See the module's description. A guest is offered nothing (404). */
export async function getUpsell(
  services: Services,
  user: { id: number; isGuest: boolean },
  category: string,
  asked: SubscriptionSubCategory | undefined,
): Promise<UpsellOffer> {
  if (user.isGuest || (category !== 'haircare' && category !== 'skincare')) throw notFound('not_found', NO_OFFER);
  const db = services.db;
  const now = services.clock.now();
  const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const open = candidates(category, asked).filter((sub) => !held.some((s) => s.category === category && s.subCategory === sub));
  if (open.length === 0) throw notFound('not_found', NO_OFFER);

  const entries = await services.catalogue.entries();
  const { answers, derived } = await loadFormulaSet(services, user.id);
  const [profile] = await db.select({ statuses: hairProfiles.consultationStatuses }).from(hairProfiles).where(eq(hairProfiles.userId, user.id));
  const routine = derived.routine[category];
  for (const subCategory of open) {
    const products = offered(routine, entries, category, subCategory);
    if (products.length === 0) continue;
    const answered =
      subCategory === 'supplements' ? answers.has_answered_supplements_questions === true : asStatus(profile?.statuses?.[category]) === 'completed';
    const address = await defaultAddress(db, user.id);
    const currency = address?.currency ?? 'USD';
    const nextStart = await proposedStart(services, user.id, category, now);
    const listed: OfferedProduct[] = products.map((entry) => ({ type: entry.type, quantity: 1, frequency: DEFAULT_FREQUENCY }));
    const offer = await keptOffer(services, { userId: user.id, category, subCategory, answered, listed, nextStart, currency });
    return {
      transaction_id: offer.transactionId,
      category,
      sub_category: subCategory,
      consultation_answered: answered,
      products: products.map((entry, index) => ({
        type: entry.type,
        label: entry.label,
        quantity: listed[index]!.quantity,
        frequency: listed[index]!.frequency,
        price: toMoney(entry.price[currency]),
        subscribed_price: toMoney(subscribedUnitPrice(entry, currency, SUBSCRIPTION_DISCOUNT_PERCENT)),
      })),
      next_start: nextStart,
      currency,
      expires_at: offer.expiresAt.toISOString(),
    };
  }
  throw notFound('not_found', NO_OFFER);
}

/**
 * The first delivery an offer proposes: the next delivery of the shopper's current subscription of the same category
 * when it is from tomorrow to 90 days ahead (the boxes then ship together), else tomorrow.
 */
async function proposedStart(services: Services, userId: number, category: SubscriptionCategory, now: Date): Promise<string> {
  const tomorrow = addDays(dayOf(now), 1);
  const latest = addDays(dayOf(now), FIRST_DELIVERY_MAX_DAYS);
  const current = await services.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.category, category), eq(subscriptions.status, 'active')));
  for (const row of current) {
    const next = nextDelivery(await productsOf(services.db, row.id));
    if (next && next >= tomorrow && next <= latest) return next;
  }
  return tomorrow;
}

/** The shopper's open offer with the same content (a reload shows the same transaction id), else a new one. */
async function keptOffer(
  services: Services,
  o: {
    userId: number;
    category: SubscriptionCategory;
    subCategory: SubscriptionSubCategory;
    answered: boolean;
    listed: OfferedProduct[];
    nextStart: string;
    currency: 'USD' | 'CAD';
  },
) {
  const now = services.clock.now();
  const open = await services.db
    .select()
    .from(subscriptionUpsells)
    .where(
      and(
        eq(subscriptionUpsells.userId, o.userId),
        eq(subscriptionUpsells.category, o.category),
        eq(subscriptionUpsells.subCategory, o.subCategory),
        isNull(subscriptionUpsells.usedAt),
        gt(subscriptionUpsells.expiresAt, now),
      ),
    );
  const same = open.find(
    (row) =>
      row.consultationAnswered === o.answered &&
      row.nextStart === o.nextStart &&
      row.currency === o.currency &&
      JSON.stringify(row.products) === JSON.stringify(o.listed),
  );
  if (same) return same;
  const [row] = await services.db
    .insert(subscriptionUpsells)
    .values({
      transactionId: `ups_${randomBytes(16).toString('base64url')}`,
      userId: o.userId,
      category: o.category,
      subCategory: o.subCategory,
      consultationAnswered: o.answered,
      products: o.listed,
      nextStart: o.nextStart,
      currency: o.currency,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPSELL_DAYS * 86_400_000),
    })
    .returning();
  return row!;
}
