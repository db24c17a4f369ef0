/**
 * @module server/db/schema/carts: shoppers' carts (spec 001 §3 Cart, Cart item): one per shopper and kind (the
 * haircare and skincare carts, and the universal cart), its lines in their own rows. Prices are never stored here:
 * a cart is priced from the catalogue each time it is read (server/cart/price-cart.ts).
 */
import type { Currency } from '#api/money';
import type { CartKind } from '#api/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { products } from './catalogue';

export type { CartKind };

export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CartKind>().notNull(),
    /** Where the cart came from (spec 001 §3: load origin codes become trial_kit_a/b/c). */
    origin: text('origin'),
    currency: text('currency').$type<Currency>().notNull(),
    isInCheckout: boolean('is_in_checkout').notNull().default(false),
    /** Goes up by one with every change, so two tabs can tell that the cart moved under them. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_kind_idx').on(t.userId, t.kind), check('carts_kind_check', sql`${t.kind} in ('haircare', 'skincare', 'universal')`)],
);

/** What the shopper chose for a line: monograms on a brush. */
export interface CartItemCustomization {
  monograms?: string[];
}

/**
 * A line: identified by category + type + product (spec 001 §3 Cart item). `type` is what is bought (a product, or a
 * product's variant such as brush_boar), `product` the catalogue product it belongs to (brush). Quantity 0 is never
 * kept: the line is deleted.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    category: text('category').$type<'formula' | 'item' | 'gift' | 'coupon' | 'gwp'>().notNull(),
    type: text('type')
      .notNull()
      .references(() => products.type),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
    customization: jsonb('customization').$type<CartItemCustomization>(),
    subscriptionActive: boolean('subscription_active').notNull().default(false),
    /** Weeks between deliveries (spec 001 §9: 4, 8 or 12). */
    frequency: integer('frequency'),
    /** The place the recommendation gave it (spec 001 §3 Cart item recommendation), when it came from one. */
    section: text('section'),
    /** Lines keep the order they were added in. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_idx').on(t.cartId, t.category, t.type, t.product),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 4`),
  ],
);
