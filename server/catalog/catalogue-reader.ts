import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Product } from '#api';
import { CURRENCIES, type Catalogue, type Currency } from '#api/catalogue-file';
import type { Database } from '../db/database';
import { productPrices, products } from '../db/schema';
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

/** What the catalogue operations read: the products per currency and the cart's section titles. */
export interface CatalogueReader {
  view(currency: Currency, country: string): Promise<CatalogueView>;
  cartSections(): Catalogue['cartSections'];
  /** Forgets what was read (after the catalogue tables change). */
  invalidate(): void;
}

/** The currency a country pays in (spec 001 §9 Countries: US -> USD, CA -> CAD, default USD). */
export function currencyOf(country: string | undefined): Currency {
  return country?.toUpperCase() === 'CA' ? 'CAD' : 'USD';
}

/**
 * Reads the catalogue tables once and keeps them: they change only when the server starts (seedCatalogue), so every
 * GET /v1/products/ after the first is served from memory with an ETag. A failed read is not kept.
 */
export function createCatalogueReader(db: Database, file: () => Catalogue = loadCatalogue): CatalogueReader {
  let rows: Promise<Map<Currency, Product[]>> | undefined;
  const views = new Map<string, CatalogueView>();
  return {
    async view(currency, country) {
      const key = `${currency}:${country}`;
      const kept = views.get(key);
      if (kept) return kept;
      rows ??= readProducts(db).catch((error: unknown) => {
        rows = undefined;
        throw error;
      });
      const list = (await rows).get(currency) ?? [];
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
    cartSections: () => file().cartSections,
    invalidate() {
      rows = undefined;
      views.clear();
    },
  };
}

/** Every product still in the catalogue, per currency, its variants in order under it (spec 001 §3 Product). */
async function readProducts(db: Database): Promise<Map<Currency, Product[]>> {
  const found = await db
    .select()
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productType, products.type))
    .where(eq(products.retired, false))
    .orderBy(asc(products.variantOrder), asc(products.type));
  const result = new Map<Currency, Product[]>();
  for (const currency of CURRENCIES) {
    const mine = found.filter((r) => r.product_prices.currency === currency);
    const list = mine
      .filter((r) => r.products.parentType === null)
      .map(({ products: p, product_prices: price }): Product => {
        const c = p.content;
        return {
          type: p.type,
          label: p.label,
          category: p.category,
          sub_category: p.subCategory,
          price: price.price / 100,
          subscribed_price: price.subscribedPrice / 100,
          currency,
          subscription_discount: p.subscriptionDiscountBp / 10_000,
          is_subscribable: p.isSubscribable,
          is_custom: p.isCustom,
          ranks: p.ranks,
          variants: mine
            .filter((v) => v.products.parentType === p.type)
            .map(({ products: v, product_prices: vp }) => ({
              type: v.type,
              slug: v.variantSlug ?? v.type,
              label: v.label,
              description: v.content.description ?? null,
              order: v.variantOrder ?? 0,
              price: vp.price / 100,
              currency,
              sold_out: v.soldOut,
            })),
          listed: p.listed,
          sold_out: p.soldOut,
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
    result.set(currency, list);
  }
  return result;
}
