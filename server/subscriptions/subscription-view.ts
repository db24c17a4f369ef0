/**
 * @module server/subscriptions/subscription-view: a subscription as the account's calls answer it (spec 001 §3
 * Subscription; api/schemas/subscription.ts), and the caller's subscription found by its pubkey (another shopper's,
 * or none, is 404). The schedule's rules the account shows (README.md "Managing it"):
 * - a product's next delivery is its date, or one frequency later when it is skipped (the renewal on its date leaves
 *   it out and moves it);
 * - the subscription's next delivery (`next_start`) is the earliest of its products';
 * - `can_skip`: a current subscription's product in that next delivery, not skipped, whose box is not being made
 *   right now (a renewal pending on its date); `can_unskip`: a skipped product of a current subscription, same proviso.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Subscription, SubscriptionProduct } from '#api';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { addresses, paymentMethods, subscriptionRenewals, subscriptions } from '../db/schema';
import type { ShippingAddress } from '../db/schema/orders';
import { notFound } from '../http/api-error';
import { addWeeks, productsOf } from './schedule';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type ProductRow = Awaited<ReturnType<typeof productsOf>>[number];

/** A product's next delivery: its date, or one frequency later when it is skipped. */
export const deliveryDay = (product: Pick<ProductRow, 'nextStart' | 'skipped' | 'frequency'>): string =>
  product.skipped ? addWeeks(product.nextStart, product.frequency) : product.nextStart;

/** The subscription's next delivery: the earliest of its products'; null with none. */
export function nextDelivery(products: readonly Pick<ProductRow, 'nextStart' | 'skipped' | 'frequency'>[]): string | null {
  return products.map(deliveryDay).reduce<string | null>((min, day) => (min === null || day < min ? day : min), null);
}

export const isCurrent = (row: Pick<SubscriptionRow, 'status'>): boolean => row.status === 'active' || row.status === 'onhold';

/** The caller's subscription with that pubkey, locked for the transaction when `lock`; 404 for another's or none. */
export async function ownSubscription(tx: Database, userId: number, pubkey: string, lock = false): Promise<SubscriptionRow> {
  const query = tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.pubkey, pubkey), eq(subscriptions.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('not_found', 'No such subscription.');
  return row;
}

/** The days on which a renewal of the subscription is being made now (recorded, not yet settled). */
async function pendingDays(tx: Database, subscriptionId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ dueOn: subscriptionRenewals.dueOn })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.status, 'pending')));
  return new Set(rows.map((r) => r.dueOn));
}

const sameAddress = (a: ShippingAddress, b: typeof addresses.$inferSelect): boolean =>
  a.address1 === b.address1 &&
  (a.address2 ?? null) === (b.address2 ?? null) &&
  a.city === b.city &&
  a.state === b.state &&
  a.zipcode === b.zipcode &&
  a.country === b.country;

/** The subscriptions as the account shows them (current first, then newest first). */
export async function subscriptionViews(
  tx: Database,
  userId: number,
  rows: readonly SubscriptionRow[],
  entries: ReadonlyMap<string, CatalogueEntry>,
): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const own = await tx.select().from(addresses).where(eq(addresses.userId, userId));
  const methodIds = rows.flatMap((r) => (r.paymentMethodId === null ? [] : [r.paymentMethodId]));
  const methods = methodIds.length
    ? await tx
        .select({ id: paymentMethods.id, pubkey: paymentMethods.pubkey, deletedAt: paymentMethods.deletedAt })
        .from(paymentMethods)
        .where(and(inArray(paymentMethods.id, methodIds), eq(paymentMethods.userId, userId)))
    : [];
  const views: Subscription[] = [];
  for (const row of rows) {
    const products = await productsOf(tx, row.id);
    const pending = await pendingDays(tx, row.id);
    const next = nextDelivery(products);
    const current = isCurrent(row);
    const method = methods.find((m) => m.id === row.paymentMethodId && m.deletedAt === null);
    const regular: SubscriptionProduct[] = products.map((p) => {
      const free = current && !pending.has(p.nextStart);
      return {
        type: p.type,
        product: p.product,
        label: entries.get(p.type)?.label ?? p.product,
        quantity: p.quantity,
        frequency: p.frequency,
        next_start: deliveryDay(p),
        skipped: p.skipped,
        can_skip: free && !p.skipped && p.nextStart === next,
        can_unskip: free && p.skipped,
      };
    });
    const address = row.shippingAddress;
    views.push({
      pubkey: row.pubkey,
      status: row.status,
      status_reason: row.status === 'onhold' ? row.statusReason : null,
      category: row.category,
      sub_category: row.subCategory,
      next_start: next,
      shipping_address: own.find((a) => sameAddress(address, a))?.pubkey ?? null,
      shipping_address_details: {
        address1: address.address1,
        address2: address.address2 ?? null,
        city: address.city,
        state: address.state,
        zipcode: address.zipcode,
        country: address.country,
      },
      payment_source: method?.pubkey ?? null,
      regular_products: regular,
      must_have_jars: row.mustHaveJars,
      discount_percentage: row.discountPercentage,
      currency: row.currency,
      created_at: row.createdAt.toISOString(),
      canceled_at: row.canceledAt ? row.canceledAt.toISOString() : null,
      version: row.version,
    });
  }
  return views;
}

/** Every subscription of the caller: current ones first, then the newest first. */
export async function listSubscriptions(tx: Database, userId: number, entries: ReadonlyMap<string, CatalogueEntry>): Promise<Subscription[]> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const ordered = [...rows.filter(isCurrent), ...rows.filter((r) => !isCurrent(r))];
  return subscriptionViews(tx, userId, ordered, entries);
}

/** One subscription of the caller, as the account shows it. */
export async function subscriptionView(tx: Database, row: SubscriptionRow, entries: ReadonlyMap<string, CatalogueEntry>): Promise<Subscription> {
  const [view] = await subscriptionViews(tx, row.userId, [row], entries);
  return view!;
}
