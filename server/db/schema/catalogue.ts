/**
 * @module server/db/schema/catalogue: the catalogue (spec 001 §3 Product), loaded at start from
 * shop/catalog/products.yaml (server/catalog/seed-catalogue.ts) so carts and orders can reference its rows, and the
 * sold-out products' waitlist.
 */
import type { Currency } from '#api/money';
import type { ProductCategory } from '#api/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** What a product's page and card show, kept as the catalogue file gives it. */
export interface ProductContent {
  tag?: string | undefined;
  page_url?: string | undefined;
  picture?: { src: string; alt: string; width: number; height: number } | undefined;
  capacity?: string | undefined;
  usage?: string | undefined;
  description?: string | undefined;
  key_benefits?: string[] | undefined;
  disclaimer?: string | undefined;
}

/**
 * A product or a product's variant (a brush's bristles, a candle's fragrance: `parent_type` names the product). A
 * product that leaves the catalogue file is kept, `retired`, so the orders that name it still can.
 */
export const products = pgTable(
  'products',
  {
    type: text('type').primaryKey(),
    parentType: text('parent_type').references((): AnyPgColumn => products.type),
    label: text('label').notNull(),
    category: text('category').$type<ProductCategory>().notNull(),
    subCategory: text('sub_category').$type<'supplements' | 'topicals' | 'tools' | 'lifestyle'>(),
    isCustom: boolean('is_custom').notNull(),
    isSubscribable: boolean('is_subscribable').notNull(),
    /** The subscription saving in basis points (1500 = 15%). */
    subscriptionDiscountBp: integer('subscription_discount_bp').notNull().default(0),
    ranks: jsonb('ranks').$type<Record<string, number>>().notNull().default({}),
    listed: boolean('listed').notNull().default(true),
    soldOut: boolean('sold_out').notNull().default(false),
    retired: boolean('retired').notNull().default(false),
    displayOrder: integer('display_order'),
    /** A variant's place among its product's variants, and its slug in the page's ?variant= link. */
    variantOrder: integer('variant_order'),
    variantSlug: text('variant_slug'),
    content: jsonb('content').$type<ProductContent>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('products_category_check', sql`${t.category} in ('haircare', 'skincare', 'others')`)],
);

/** A product's prices in one currency, in integer cents. */
export const productPrices = pgTable(
  'product_prices',
  {
    productType: text('product_type')
      .notNull()
      .references(() => products.type),
    currency: text('currency').$type<Currency>().notNull(),
    price: integer('price').notNull(),
    subscribedPrice: integer('subscribed_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productType, t.currency] }),
    check('product_prices_positive_check', sql`${t.price} > 0 and ${t.subscribedPrice} > 0 and ${t.subscribedPrice} <= ${t.price}`),
  ],
);

/** A shopper waiting for a sold-out product (spec 001 §4 Products): one entry per product and e-mail address. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productType: text('product_type')
      .notNull()
      .references(() => products.type),
    /** Stored lower-cased, so one address joins once. */
    email: text('email').notNull(),
    country: text('country'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_entries_product_email_idx').on(t.productType, t.email)],
);
