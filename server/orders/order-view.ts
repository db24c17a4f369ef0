import { asc, eq, inArray } from 'drizzle-orm';
import type { Order } from '#api';
import type { Database } from '../db/database';
import { orderItems, type orders } from '../db/schema';
import { toMoney } from '#api/money';
import { addBusinessDays } from '#api/shared';
import { DELIVERY_DAYS } from '../cart/cart-view';
import { DECLINE_MESSAGES } from '../payments/payment-provider';
import { noPictures, type PictureOf } from './order-pictures';
import { feedbackOfOrders, orderFeedbackFields, type FeedbackRow } from '../feedback/feedback-view';
import { trackingView } from './fulfilment-tracking';
import { orderCreditSpent, ordersCreditSpent } from '../money/credit-ledger';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type ItemRow = OrderItemRow;

/** Spec 001 §4 Orders: paid, onhold, processed and packing are all shown as "processing"; any other status as is. */
export function displayStatus(status: OrderRow['status']): string {
  return ['paid', 'onhold', 'processed', 'packing'].includes(status) ? 'processing' : status;
}

/** The order as the API shows it (spec 001 §3 Order): what was sold, as it was sold. */
export async function orderView(db: Database, order: OrderRow, pictures: PictureOf = noPictures): Promise<Order> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position));
  return viewOf(order, items, pictures, await feedbackOfOrders(db, [order.id]), await orderCreditSpent(db, order.id));
}

/** Many orders' views with one query for their lines. */
export async function orderViews(db: Database, rows: readonly OrderRow[], pictures: PictureOf = noPictures): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const feedback = await feedbackOfOrders(
    db,
    rows.map((r) => r.id),
  );
  const credit = await ordersCreditSpent(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    viewOf(
      row,
      items.filter((item) => item.orderId === row.id),
      pictures,
      feedback.filter((record) => record.orderId === row.id),
      credit.get(row.id) ?? 0,
    ),
  );
}

/**
 * The view of an order whose lines are at hand, each with its product's picture (`pictures`), its feedback records
 * (none for a new order) and the shop credit it spent, in cents (`orderCreditSpent`).
 */
export function viewOf(order: OrderRow, items: readonly ItemRow[], pictures: PictureOf = noPictures, feedback: readonly FeedbackRow[] = [], credit = 0): Order {
  return {
    pubkey: order.pubkey,
    status: order.status,
    display_status: displayStatus(order.status),
    serial_no: String(order.serialNo),
    currency: order.currency,
    total_price: toMoney(order.totalPrice),
    total_discount: toMoney(order.totalDiscount),
    total_shipping: toMoney(order.totalShipping),
    total_taxes: toMoney(order.totalTaxes),
    total_amount: toMoney(order.totalAmount),
    credit_applied: toMoney(credit),
    is_subscription: order.isSubscription,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    payment: { card: order.cardBrand ? { brand: order.cardBrand, last4: order.cardLast4 ?? '' } : null },
    formulaset: { categories: order.categories, survey: order.survey },
    shipping_address: order.shippingAddress ?? null,
    delivery_estimate: deliveryEstimate(order, items),
    delivery_instructions: order.deliveryInstructions,
    tracking: trackingView(order.trackingNumber, order.carrier),
    shipped_at: order.shippedAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    payment_error: order.status === 'payment_failed' ? declineDetail(order.declineCode) : null,
    items: items.map((item) => ({
      pubkey: item.pubkey,
      quantity: item.quantity,
      unit_price: toMoney(item.unitPrice),
      total_price: toMoney(item.totalPrice),
      created_at: item.createdAt.toISOString(),
      subscription: { active: item.subscriptionActive, frequency: item.frequency },
      customization: item.customization,
      item_object: {
        occasion: null,
        gtm_category: item.productCategory,
        gtm_variant: item.type,
        // Spec 002 §3.1 ingredients[].slug: the catalogue id, kept since issue 26 (null before).
        ingredients: (item.formula?.ingredients ?? []).map((i) => ({ name: i.name, inci: i.inci, percent: i.percent, amount: i.amount, slug: i.slug ?? null })),
        inci: item.formula?.inci ?? [],
        fragrance: item.formula?.fragrance?.name ?? null,
        smells_like: item.formula?.fragrance?.slug ?? null,
      },
      variant: {
        slug: item.type,
        type: item.type,
        label: item.label,
        is_formula: item.isFormula,
        product: { type: item.product, category: item.productCategory, sub_category: item.product.startsWith('supplement') ? 'supplements' : null },
      },
      picture: pictures(item.type) ?? pictures(item.product),
    })),
    next_action: order.status === 'pending_payment' && order.actionUrl ? { url: order.actionUrl } : null,
    // Spec 002 §3.1: the three feedback records, as saved so far.
    ...orderFeedbackFields(feedback),
  };
}

/** When a paid order that ships should arrive: business days from the day it was paid, longer when a formula is made for it (the cart's estimate). */
function deliveryEstimate(order: OrderRow, items: readonly ItemRow[]): Order['delivery_estimate'] {
  if (!order.paidAt || !order.shippingAddress) return null;
  const paid = order.paidAt.toISOString().slice(0, 10);
  const days = items.some((item) => item.isFormula) ? DELIVERY_DAYS.custom : DELIVERY_DAYS.ready;
  return { min: addBusinessDays(paid, days.min), max: addBusinessDays(paid, days.max) };
}

/** Words for a failed payment: the provider's decline messages (payment-provider.ts), and ours for a refused request. */
const FAILURE_MESSAGES: Record<string, string> = {
  ...DECLINE_MESSAGES,
  invalid_payment_token: 'Your card details have expired. Please enter them again.',
  payment_token_used: 'These card details were already used. Please enter them again.',
  not_charged: 'Your payment did not go through. Please try again.',
  superseded: 'This payment was canceled because a newer payment for the same cart replaced it. Nothing was charged for it.',
};
export const declineDetail = (code: string | null) => FAILURE_MESSAGES[code ?? ''] ?? DECLINE_MESSAGES.card_declined;
