/**
 * @module server/db/schema/orders: what was sold (spec 001 §3 Order). An order keeps its own copy of everything it
 * sold (prices in integer cents, currency and, for a custom product, the formula as ordered), so neither a catalogue
 * change nor a new consultation changes it. It is recorded before the card is charged ("intent first"): a crash or a
 * retry finds it, and the charge is made under the order's own key, once (server/orders/place-order.ts).
 */
import type { Currency } from '#api/money';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { carts } from './carts';

/** Order statuses (spec 001 §4 Orders), and ours before payment: pending_payment (charge not done or awaiting the bank), payment_failed. */
export const ORDER_STATUSES = ['pending_payment', 'payment_failed', 'paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Serial numbers shoppers quote to customer care: 100001, 100002, ... */
export const orderSerials = pgSequence('order_serials', { startWith: 100001 });

/** The shipping address as ordered (spec 001 §3 Address, without its pubkey: the account may change or drop it later). */
export interface ShippingAddress {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
  country: 'US' | 'CA';
}

/** The formula as ordered: what the lab makes, and what the feedback flows later ask about. */
export interface OrderedFormula {
  label: string;
  skeleton: string | null;
  /**
   * Each active with its share (% w/w), for a supplement its amount per serving ("2500 mcg"), and its catalogue id
   * (`slug`, which the feedback flows' rules read: spec 002 §3.1; absent on orders placed before it was kept).
   */
  ingredients: { name: string; inci: string; percent: number; amount: string | null; slug?: string }[];
  inci: string[];
  fragrance: { slug: string; name: string } | null;
}

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    serialNo: integer('serial_no')
      .notNull()
      .unique()
      .default(sql`nextval('order_serials')`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** The cart's version when ordered: one order per version of a cart, whichever tab or key asks (place-order.ts). */
    cartVersion: integer('cart_version').notNull(),
    /** The cart kind it came from: haircare, skincare or universal. */
    cartKind: text('cart_kind').notNull(),
    /** The categories it holds (haircare, skincare; none for accessories only: spec 001 §3 formulaset.categories). */
    categories: jsonb('categories').$type<string[]>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Every line at full price, what subscriptions saved, shipping, taxes, and what the customer pays: cents. */
    totalPrice: integer('total_price').notNull(),
    totalDiscount: integer('total_discount').notNull(),
    totalShipping: integer('total_shipping').notNull(),
    totalTaxes: integer('total_taxes').notNull(),
    totalAmount: integer('total_amount').notNull(),
    isSubscription: boolean('is_subscription').notNull(),
    /** Where it ships, as it was when ordered; null when nothing in it ships (a gift card). */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /** The delivery instructions of the cart's shipment preference when ordered (server/cart/shipment-preferences.ts); null for none. */
    deliveryInstructions: text('delivery_instructions'),
    /** The answers the formulas were made from (spec 001 §3 formulaset.survey). */
    survey: jsonb('survey').$type<Record<string, unknown>>().notNull(),
    /** Per customer: the client's Idempotency-Key, or the checkout's own (see place-order.ts). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    paymentProvider: text('payment_provider'),
    chargeId: text('charge_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Where the shopper confirms a payment the bank wants authenticated. */
    actionUrl: text('action_url'),
    declineCode: text('decline_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The parcel's tracking number and its carrier (server/orders/fulfilment-tracking.ts), set when it ships. */
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** When the operator marked it shipped, then delivered (server/orders/fulfilment.ts). */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_user_key_idx').on(t.userId, t.idempotencyKey),
    index('orders_cart_idx').on(t.cartId, t.cartVersion),
    index('orders_user_idx').on(t.userId, t.createdAt),
    check('orders_status_check', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check(
      'orders_amounts_check',
      sql`${t.totalAmount} >= 0 and ${t.totalPrice} >= 0 and ${t.totalDiscount} >= 0 and ${t.totalShipping} >= 0 and ${t.totalTaxes} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pubkey: text('pubkey').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    type: text('type').notNull(),
    product: text('product').notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    subscriptionActive: boolean('subscription_active').notNull(),
    frequency: integer('frequency'),
    isFormula: boolean('is_formula').notNull(),
    /** Spec 001 §3 Order item_object and variant facts, as sold. */
    productCategory: text('product_category').notNull(),
    formula: jsonb('formula').$type<OrderedFormula>(),
    customization: jsonb('customization').$type<{ monograms?: string[] }>(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_check', sql`${t.quantity} > 0`)],
);
