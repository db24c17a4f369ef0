import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Product } from '#api';
import type { Catalogue } from '#api/catalogue-file';
import { toMoney, type Currency } from '#api/money';
import type { ProductCategory } from '#api/shared';
import type { Database } from '../db/database';
import { productPrices, products, type ProductContent } from '../db/schema';
import { needsHaircareConsultation } from './consultation-only';
import { loadCatalogue } from './load-catalogue';

/** The catalogue in one currency, ready to send: the products, and the JSON body with its ETag. */
export interface CatalogueView {
  currency: Currency;
  products: Product[];
  body: string;
  /**
   * The body gzipped once, for the many browsers that accept it. A Uint8Array (not an ArrayBuffer): @hono/node-server
   * writes it straight to the socket, without building a web Response first.
   */
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** One product or variant as the server prices it: its row, and its prices in integer cents per currency. */
export interface CatalogueEntry {
  type: string;
  parentType: string | null;
  label: string;
  category: ProductCategory;
  subCategory: 'supplements' | 'topicals' | 'tools' | 'lifestyle' | null;
  isCustom: boolean;
  isSubscribable: boolean;
  /** The subscription saving in basis points (1500 = 15%). */
  discountBp: number;
  soldOut: boolean;
  /** Gone from the catalogue file: kept for the orders that name it, never sold again. */
  retired: boolean;
  variantOrder: number | null;
  variantSlug: string | null;
  ranks: Record<string, number>;
  listed: boolean;
  displayOrder: number | null;
  content: ProductContent;
  price: Record<Currency, number>;
  subscribedPrice: Record<Currency, number>;
}

/** What the catalogue operations, carts and orders read: the products per currency, each entry by type, the cart's section titles. */
export interface CatalogueReader {
  view(currency: Currency, country: string): Promise<CatalogueView>;
  /** Every product and variant by type, retired ones included (orders name them); read once. */
  entries(): Promise<Map<string, CatalogueEntry>>;
  cartSections(): Catalogue['cartSections'];
  /** Forgets what was read (after the catalogue tables change). */
  invalidate(): void;
}

/**
 * Reads the catalogue tables once and keeps them: they change only when the server starts (seedCatalogue), so every
 * GET /v1/products/ after the first is served from memory with an ETag, and carts are priced without a query. A
 * failed read is not kept.
 */
export function createCatalogueReader(
  db: Database,
  file: () => Catalogue = loadCatalogue,
  options: { withdrawn?: (entry: CatalogueEntry) => boolean } = {},
): CatalogueReader {
  let read: Promise<Map<string, CatalogueEntry>> | undefined;
  const views = new Map<string, CatalogueView>();
  // A product a flag withdraws (the brushes flag off) is as a retired one: named by orders, never listed or sold.
  const withdraw = (found: Map<string, CatalogueEntry>) => {
    if (options.withdrawn) for (const entry of found.values()) if (options.withdrawn(entry)) entry.retired = true;
    return found;
  };
  const entries = () =>
    (read ??= readEntries(db)
      .then(withdraw)
      .catch((error: unknown) => {
        read = undefined;
        throw error;
      }));
  return {
    async view(currency, country) {
      const key = `${currency}:${country}`;
      const kept = views.get(key);
      if (kept) return kept;
      const list = productList([...(await entries()).values()], currency);
      const body = JSON.stringify({ country, currency, products: list });
      const view = {
        currency,
        products: list,
        body,
        gzipped: new Uint8Array(gzipSync(body)),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      };
      if (views.size < 64) views.set(key, view);
      return view;
    },
    entries,
    cartSections: () => file().cartSections,
    invalidate() {
      read = undefined;
      views.clear();
    },
  };
}

async function readEntries(db: Database): Promise<Map<string, CatalogueEntry>> {
  const found = await db
    .select()
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productType, products.type))
    .orderBy(asc(products.variantOrder), asc(products.type));
  const entries = new Map<string, CatalogueEntry>();
  for (const { products: p, product_prices: price } of found) {
    let entry = entries.get(p.type);
    if (!entry) {
      entry = {
        type: p.type,
        parentType: p.parentType,
        label: p.label,
        category: p.category,
        subCategory: p.subCategory,
        isCustom: p.isCustom,
        isSubscribable: p.isSubscribable,
        discountBp: p.subscriptionDiscountBp,
        soldOut: p.soldOut,
        retired: p.retired,
        variantOrder: p.variantOrder,
        variantSlug: p.variantSlug,
        ranks: p.ranks,
        listed: p.listed,
        displayOrder: p.displayOrder,
        content: p.content,
        price: { USD: 0, CAD: 0 },
        subscribedPrice: { USD: 0, CAD: 0 },
      };
      entries.set(p.type, entry);
    }
    entry.price[price.currency] = price.price;
    entry.subscribedPrice[price.currency] = price.subscribedPrice;
  }
  return entries;
}

/** Every product still in the catalogue, in `currency`, its variants in order under it (spec 001 §3 Product). */
function productList(all: CatalogueEntry[], currency: Currency): Product[] {
  const live = all.filter((e) => !e.retired);
  return live
    .filter((e) => e.parentType === null)
    .map((p): Product => {
      const c = p.content;
      return {
        type: p.type,
        label: p.label,
        category: p.category,
        sub_category: p.subCategory,
        price: toMoney(p.price[currency]),
        subscribed_price: toMoney(p.subscribedPrice[currency]),
        currency,
        subscription_discount: p.discountBp / 10_000,
        is_subscribable: p.isSubscribable,
        is_custom: p.isCustom,
        ranks: p.ranks,
        variants: live
          .filter((v) => v.parentType === p.type)
          .map((v) => ({
            type: v.type,
            slug: v.variantSlug ?? v.type,
            label: v.label,
            description: v.content.description ?? null,
            order: v.variantOrder ?? 0,
            price: toMoney(v.price[currency]),
            currency,
            sold_out: v.soldOut,
          })),
        listed: p.listed,
        sold_out: p.soldOut,
        needs_haircare_consultation: needsHaircareConsultation(p),
        display_order: p.displayOrder,
        tag: c.tag ?? null,
        page_url: c.page_url ?? null,
        picture: c.picture ?? null,
        capacity: c.capacity ?? null,
        usage: c.usage ?? null,
        description: c.description ?? null,
        key_benefits: c.key_benefits ?? [],
        disclaimer: c.disclaimer ?? null,
      };
    });
}
