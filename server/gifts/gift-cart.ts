/**
 * @module server/gifts/gift-cart: a gift card in the shopper's universal cart. POST /v1/gifts/ puts one line for
 * the gift there (the catalogue's `digital_gift`, category `gift`, its pubkey in the line's customization); the line
 * costs the gift's amount, not the catalogue's price. `giftPricedEntries` is how: the cart's pricing reads each line's
 * price from the catalogue entry of its type (server/cart/price-cart.ts), and a universal cart holds at most one gift
 * line (a new gift replaces the unpaid one), so the cart's context carries a `digital_gift` entry priced at that
 * gift's amount in both currencies (§9: $50, $75, $100, $150; in Canada the same numbers in CAD, see README).
 * The entry is always marked sold out, so no shopper adds a gift card as an ordinary item (cart-rules.ts refuses a
 * sold-out product): only POST /v1/gifts/ makes gift lines.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CartKind } from '#api/shared';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { preparedOnce } from '../db/prepared-once';
import { gifts } from '../db/schema';
import { GIFT_CARD_TYPE } from './gift-lines';

/** The shopper's gift waiting for its payment (the newest; there is one at most), as the universal cart prices it. */
const unpaidGift = preparedOnce((db: Database) =>
  db
    .select({ pubkey: gifts.pubkey, amount: gifts.amount })
    .from(gifts)
    .where(and(eq(gifts.gifterId, sql.placeholder('userId')), eq(gifts.status, 'awaiting_payment')))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(1)
    .prepare('unpaid_gift'),
);

/** The catalogue with the gift card not sellable as an item, per catalogue read (one map, not one per call). */
const withoutGiftSales = new WeakMap<ReadonlyMap<string, CatalogueEntry>, ReadonlyMap<string, CatalogueEntry>>();

function giftEntry(entries: ReadonlyMap<string, CatalogueEntry>, cents: number | null): ReadonlyMap<string, CatalogueEntry> {
  const entry = entries.get(GIFT_CARD_TYPE);
  if (!entry) return entries;
  const price = cents === null ? entry.price : { USD: cents, CAD: cents };
  return new Map(entries).set(GIFT_CARD_TYPE, { ...entry, soldOut: true, isSubscribable: false, price, subscribedPrice: price });
}

/**
 * The catalogue entries a shopper's cart of `kind` is priced with: the same, except the gift card, priced at the
 * shopper's unpaid gift in their universal cart, and never sellable as an ordinary item.
 * server/cart/cart-context.ts `loadCartContext` calls it on the catalogue's entries.
 */
export async function giftPricedEntries(
  db: Database,
  userId: number,
  kind: CartKind,
  entries: ReadonlyMap<string, CatalogueEntry>,
): Promise<ReadonlyMap<string, CatalogueEntry>> {
  if (kind === 'universal') {
    const [gift] = await unpaidGift(db).execute({ userId });
    if (gift) return giftEntry(entries, gift.amount);
  }
  let plain = withoutGiftSales.get(entries);
  if (!plain) {
    plain = giftEntry(entries, null);
    withoutGiftSales.set(entries, plain);
  }
  return plain;
}
