/**
 * @module server/subscriptions/new-products: the checks a new subscription and an upsell share (README.md "Create and
 * upsells"): products the catalogue sells on subscription in the category (accessories never), each once, at a
 * frequency it offers; the caller's own address and live saved method; a first delivery from tomorrow to 90 days
 * ahead. Each check adds its field errors, so one 400 names every bad field.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { currencyOf, type Currency } from '#api/money';
import { offersFrequency } from '#api/shared';
import type { NewRegularProduct } from '#api';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { addresses, paymentMethods, type SubscriptionCategory, type SubscriptionSubCategory } from '../db/schema';
import type { ShippingAddress } from '../db/schema/orders';
import type { FieldErrors } from '../http/api-error';
import { addDays, dayOf } from './schedule';

/** How far ahead a new subscription's (or an upsell's) first delivery may be: as a snooze, 90 days (spec 001 §5, §9). */
export const FIRST_DELIVERY_MAX_DAYS = 90;

/** A product checked: its catalogue entry, quantity and frequency. */
export interface NewProduct {
  type: string;
  product: string;
  label: string;
  quantity: number;
  frequency: number;
  entry: CatalogueEntry;
}

/** The sub-category a catalogue product subscribes in (supplements apart, else topicals). */
export const subCategoryOf = (entry: Pick<CatalogueEntry, 'subCategory'>): SubscriptionSubCategory =>
  entry.subCategory === 'supplements' ? 'supplements' : 'topicals';

/**
 * Checks the products of a new subscription (or an upsell) of `category`: each a product the catalogue sells on
 * subscription in it, still sold, listed once, at a frequency it offers, all of one sub-category (`subCategory` when
 * given, else supplements when every product is one, else topicals). Answers the products and their sub-category; the errors go into `fields`.
 */
export function checkNewProducts(
  entries: ReadonlyMap<string, CatalogueEntry>,
  wanted: readonly NewRegularProduct[],
  target: { category: SubscriptionCategory | null; subCategory?: SubscriptionSubCategory | undefined },
  fields: FieldErrors,
): { category: SubscriptionCategory | null; subCategory: SubscriptionSubCategory | null; products: NewProduct[] } {
  let category = target.category;
  // Not given: supplements when every product named is one, else topicals (a supplement among topicals is then refused).
  const named = wanted.map((w) => entries.get(w.type)).filter((entry) => entry !== undefined);
  const subCategory: SubscriptionSubCategory | null =
    target.subCategory ?? (named.length > 0 && named.every((entry) => subCategoryOf(entry) === 'supplements') ? 'supplements' : 'topicals');
  const products: NewProduct[] = [];
  wanted.forEach((want, index) => {
    const at = `regular_products.${index}`;
    const entry = entries.get(want.type);
    if (!entry || entry.retired) {
      fields[`${at}.type`] = [`The shop sells no "${want.type}".`];
      return;
    }
    if (!entry.isSubscribable || (entry.category !== 'haircare' && entry.category !== 'skincare') || !entry.isCustom) {
      fields[`${at}.type`] = [`${entry.label} is not sold on subscription.`];
      return;
    }
    if (entry.soldOut) {
      fields[`${at}.type`] = [`${entry.label} is sold out.`];
      return;
    }
    category ??= entry.category;
    if (entry.category !== category) {
      fields[`${at}.type`] = [`${entry.label} is not ${category}.`];
      return;
    }
    if (subCategoryOf(entry) !== subCategory) {
      fields[`${at}.type`] = [subCategory === 'supplements' ? `${entry.label} is not a supplement.` : `Supplements have a subscription of their own.`];
      return;
    }
    if (products.some((p) => p.type === entry.type)) {
      fields[`${at}.type`] = ['This product is listed twice.'];
      return;
    }
    const supplements = entry.subCategory === 'supplements';
    if (!offersFrequency({ supplements }, want.frequency)) {
      fields[`${at}.frequency`] = [supplements ? 'Supplements come every 25 days (4 weeks).' : 'Choose every 4, 8 or 12 weeks.'];
      return;
    }
    products.push({
      type: entry.type,
      product: entry.parentType ?? entry.type,
      label: entry.label,
      quantity: want.quantity,
      frequency: want.frequency,
      entry,
    });
  });
  return { category, subCategory, products };
}

/** The first delivery asked for (tomorrow when none): from tomorrow to 90 days after today, else an error on `field`. */
export function checkFirstDelivery(asked: string | undefined, now: Date, fields: FieldErrors, field = 'next_start'): string {
  const today = dayOf(now);
  const tomorrow = addDays(today, 1);
  if (asked === undefined) return tomorrow;
  const parsed = Date.parse(`${asked}T00:00:00Z`);
  if (Number.isNaN(parsed) || dayOf(new Date(parsed)) !== asked) fields[field] = ['Give a real date as YYYY-MM-DD.'];
  else if (asked < tomorrow) fields[field] = ['The first delivery can be tomorrow at the earliest.'];
  else if (asked > addDays(today, FIRST_DELIVERY_MAX_DAYS)) fields[field] = [`The first delivery can be ${FIRST_DELIVERY_MAX_DAYS} days ahead at most.`];
  return asked;
}

/** The caller's address with that pubkey, as a subscription keeps it (a copy), and its currency; else an error on `field`. */
export async function ownAddress(
  tx: Database,
  userId: number,
  pubkey: string,
  fields: FieldErrors,
  field = 'shipping_address',
): Promise<{ address: ShippingAddress; currency: Currency } | null> {
  const [own] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.pubkey, pubkey), eq(addresses.userId, userId)));
  if (!own) {
    fields[field] = ['Choose one of your addresses.'];
    return null;
  }
  const address: ShippingAddress = {
    address1: own.address1,
    address2: own.address2 ?? null,
    city: own.city,
    state: own.state,
    zipcode: own.zipcode,
    country: own.country as ShippingAddress['country'],
  };
  return { address, currency: currencyOf(own.country) };
}

/** The caller's primary address (else their newest), for a preview's taxes when none is named; null with none. */
export async function defaultAddress(tx: Database, userId: number): Promise<{ address: ShippingAddress; currency: Currency } | null> {
  const own = await tx.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isPrimary), desc(addresses.id));
  const chosen = own[0];
  return chosen ? ownAddress(tx, userId, chosen.pubkey, {}) : null;
}

/** The id of the caller's live saved method with that id (its pubkey), of this shop's provider; else an error on `field`. */
export async function ownMethod(
  tx: Database,
  provider: (typeof paymentMethods.$inferSelect)['provider'],
  userId: number,
  pubkey: string,
  fields: FieldErrors,
  field = 'payment_source',
): Promise<number | null> {
  const [method] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.pubkey, pubkey), eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider), isNull(paymentMethods.deletedAt)));
  if (!method) fields[field] = ['Choose one of your saved payment methods.'];
  return method?.id ?? null;
}
