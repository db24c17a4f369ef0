import { notInArray, sql } from 'drizzle-orm';
import type { Catalogue, CatalogueProduct } from '#api/catalogue-file';
import type { Currency } from '#api/money';
import { CURRENCIES } from '#api/catalogue-file';
import type { Database } from '../db/database';
import { productPrices, products, type ProductContent } from '../db/schema';

type ProductRow = typeof products.$inferInsert;
type PriceRow = typeof productPrices.$inferInsert;

/**
 * Makes the catalogue tables say what the catalogue file says, in one transaction: every product and variant
 * inserted or updated, their prices per currency, and any product the file no longer lists marked retired (kept, as
 * orders may name it). Running it again with the same file changes nothing.
 * @example await seedCatalogue(db, loadCatalogue())
 */
export async function seedCatalogue(db: Database, catalogue: Catalogue): Promise<void> {
  const rows: ProductRow[] = [];
  const variantRows: ProductRow[] = [];
  const prices: PriceRow[] = [];
  for (const product of catalogue.products) {
    rows.push(productRow(product));
    prices.push(...priceRows(product.type, product.price, product.subscribed_price));
    for (const variant of product.variants) {
      variantRows.push({
        ...productRow(product),
        type: variant.type,
        parentType: product.type,
        label: variant.label,
        soldOut: variant.sold_out,
        listed: false,
        displayOrder: null,
        variantOrder: variant.order,
        variantSlug: variant.slug,
        content: { ...contentOf(product), description: variant.description ?? product.description },
      });
      // A variant is not subscribable (the brush, the candle): its subscribed price is its price.
      prices.push(...priceRows(variant.type, variant.price, product.is_subscribable ? product.subscribed_price : variant.price));
    }
  }
  const types = [...rows, ...variantRows].map((r) => r.type);
  await db.transaction(async (tx) => {
    for (const batch of [rows, variantRows]) {
      if (batch.length === 0) continue;
      await tx
        .insert(products)
        .values(batch)
        .onConflictDoUpdate({ target: products.type, set: excludedSet(Object.keys(batch[0]!) as (keyof ProductRow)[], { retired: false }) });
    }
    await tx
      .insert(productPrices)
      .values(prices)
      .onConflictDoUpdate({
        target: [productPrices.productType, productPrices.currency],
        set: { price: sql`excluded.price`, subscribedPrice: sql`excluded.subscribed_price` },
      });
    await tx
      .update(products)
      .set({ retired: true, updatedAt: sql`now()` })
      .where(notInArray(products.type, types));
  });
}

function productRow(p: CatalogueProduct): ProductRow {
  return {
    type: p.type,
    parentType: null,
    label: p.label,
    category: p.category,
    subCategory: p.sub_category ?? null,
    isCustom: p.is_custom,
    isSubscribable: p.is_subscribable,
    subscriptionDiscountBp: Math.round(p.subscription_discount * 10_000),
    ranks: p.ranks,
    listed: p.listed,
    soldOut: p.sold_out,
    displayOrder: p.display_order ?? null,
    variantOrder: null,
    variantSlug: null,
    content: contentOf(p),
  };
}

function contentOf(p: CatalogueProduct): ProductContent {
  return {
    tag: p.tag,
    page_url: p.page_url,
    picture: p.picture,
    capacity: p.capacity,
    usage: p.usage,
    description: p.description,
    key_benefits: p.key_benefits,
    disclaimer: p.disclaimer,
  };
}

function priceRows(type: string, price: Record<Currency, number>, subscribed: Record<Currency, number>): PriceRow[] {
  return CURRENCIES.map((currency) => ({ productType: type, currency, price: price[currency], subscribedPrice: subscribed[currency] }));
}

/** `set` for an upsert: every inserted column from `excluded`, plus `extra`. */
function excludedSet(keys: (keyof ProductRow)[], extra: Partial<ProductRow>) {
  const set: Record<string, unknown> = { ...extra, updatedAt: sql`now()` };
  for (const key of keys) {
    if (key === 'type') continue;
    set[key] = sql.raw(`excluded.${products[key as 'label'].name}`);
  }
  return set as Partial<ProductRow>;
}
