/**
 * @module server/money/record-order: an order is recorded from a priced basket before anything is charged ("intent
 * first"), with its own copy of everything it sold: prices in integer cents, the currency, the address and, for a
 * custom product, the formula as ordered. The basket is priced by whoever makes it (the cart today: place-order.ts;
 * a subscription renewal and a gift purchase next), never by the client.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, like } from 'drizzle-orm';
import type { Currency } from '#api/money';
import type { Database } from '../db/database';
import { orderItems, orders, type CartKind, type OrderedFormula, type ShippingAddress } from '../db/schema';
import type { OrderItemRow, OrderRow } from '../orders/order-view';
import { KEYLESS_REPLAY_MS } from './idempotency';

/** One line as sold: what, how many, at what price (cents), and the formula when it is made to order. */
export interface BasketLine {
  category: string;
  type: string;
  product: string;
  label: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  subscriptionActive: boolean;
  frequency: number | null;
  isFormula: boolean;
  productCategory: string;
  formula: OrderedFormula | null;
  customization: { monograms?: string[] } | null;
}

/** Everything an order is made of, priced by the server in integer cents. */
export interface PricedBasket {
  /**
   * Where it comes from: a cart at a version (one live order per cart, place-order.ts), or no cart (a subscription
   * renewal, server/subscriptions/renew.ts: version 0, the subscription's category as its kind).
   */
  origin: { cartId: number | null; cartVersion: number; cartKind: CartKind };
  currency: Currency;
  totals: { totalPrice: number; totalDiscount: number; totalShipping: number; totalTaxes: number; totalAmount: number };
  isSubscription: boolean;
  /** The custom categories it holds (spec 001 §3 formulaset.categories). */
  categories: string[];
  survey: Record<string, unknown>;
  /** Null when nothing in it ships. */
  shippingAddress: ShippingAddress | null;
  deliveryInstructions: string | null;
  lines: BasketLine[];
}

export type RecordedOrder = OrderRow & { items: OrderItemRow[] };

/** Records the basket as an order waiting for its payment (status pending_payment), under the request's key. */
export async function recordOrder(
  tx: Database,
  input: { userId: number; basket: PricedBasket; key: string; requestHash: string; provider: string; now: Date },
): Promise<RecordedOrder> {
  const { basket, now } = input;
  const [order] = await tx
    .insert(orders)
    .values({
      pubkey: `ord_${randomBytes(12).toString('base64url')}`,
      userId: input.userId,
      cartId: basket.origin.cartId,
      cartVersion: basket.origin.cartVersion,
      cartKind: basket.origin.cartKind,
      categories: basket.categories,
      status: 'pending_payment',
      currency: basket.currency,
      ...basket.totals,
      isSubscription: basket.isSubscription,
      survey: basket.survey,
      shippingAddress: basket.shippingAddress,
      deliveryInstructions: basket.deliveryInstructions,
      idempotencyKey: input.key,
      requestHash: input.requestHash,
      paymentProvider: basket.totals.totalAmount > 0 ? input.provider : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      basket.lines.map((line, i) => ({ ...line, pubkey: `itm_${randomBytes(12).toString('base64url')}`, orderId: order!.id, position: i + 1, createdAt: now })),
    )
    .returning();
  return { ...order!, items };
}

/** The order a customer made under a key, if any. */
export async function orderByKey(db: Database, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The latest order made without a client key for the very same request within KEYLESS_REPLAY_MS. */
export async function sameRequestJustAnswered(db: Database, userId: number, requestHash: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.requestHash, requestHash),
        like(orders.idempotencyKey, 'checkout:%'),
        gte(orders.createdAt, new Date(now.getTime() - KEYLESS_REPLAY_MS)),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}
