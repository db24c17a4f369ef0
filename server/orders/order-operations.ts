import type { Context } from 'hono';
import { and, desc, eq, ne } from 'drizzle-orm';
import { ApiError, notFound } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { checkRateLimit, countEvent, hitRateLimit } from '../http/rate-limit';
import type { Services } from '../services';
import { orders, type CartKind } from '../db/schema';
import { refreshPendingOrder } from '../money/settle-payment';
import { placeOrder, type OrderRequest, type PlacedOrder } from './place-order';
import { orderView, orderViews } from './order-view';
import { cataloguePictures } from './order-pictures';
import { orderFeedbackFacts } from '../feedback/order-feedback-facts';

const PLACE_RESPONSES = {
  201: 'The paid order (spec 001 §3 Order)',
  202: 'The order, waiting for the shopper to confirm the payment with their bank: next_action.url',
  400: 'validation_error: a malformed body or Idempotency-Key, or no payment for an order that needs one (nothing is saved)',
  402: 'card_declined or payment_refused: nothing was charged, the cart is as it was',
  409: 'order_in_progress: this cart is already being ordered under another key; cart_already_ordered: the bank approved an earlier attempt at this cart',
  422: 'cart_not_in_checkout, cart_empty or idempotency_key_reused',
  429: 'rate_limited: too many attempts from this account or address; too_many_declines: too many declined payments (nothing is charged)',
} as const;

const TOO_MANY_DECLINES = 'Too many payments were declined. Please wait a while before trying another card, or contact us.';

/**
 * One attempt to place an order, limited against card testing (trying stolen card numbers one order at a time):
 * attempts per account and per address, and declined payments per account and per address, counted once declined
 * (a declined attempt past the limit is refused before the card is charged).
 */
async function attempt(c: Context, services: Services, user: UserRow, place: () => Promise<PlacedOrder>): Promise<PlacedOrder> {
  const limits = services.config.rateLimits;
  const ip = clientIp(c, services.config.trustProxy);
  await hitRateLimit(services, `place-order:user:${user.id}`, limits?.placeOrderPerUser);
  await hitRateLimit(services, `place-order:ip:${ip}`, limits?.placeOrderPerIp);
  await checkRateLimit(services, `declines:user:${user.id}`, limits?.declinesPerUser, 'too_many_declines', TOO_MANY_DECLINES);
  await checkRateLimit(services, `declines:ip:${ip}`, limits?.declinesPerIp, 'too_many_declines', TOO_MANY_DECLINES);
  try {
    return await place();
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      await countEvent(services, `declines:user:${user.id}`, limits?.declinesPerUser);
      await countEvent(services, `declines:ip:${ip}`, limits?.declinesPerIp);
    }
    throw error;
  }
}

/** How the body pays: a new card's token (kept when save_card is true or 'true'), or a saved method's id. */
function paymentOf(
  payment: { token: string; save_card?: boolean | 'true' | 'false' | undefined } | { saved_payment_method: string } | undefined,
): OrderRequest {
  if (!payment) return {};
  if ('saved_payment_method' in payment) return { savedMethod: payment.saved_payment_method };
  return { token: payment.token, saveCard: payment.save_card === true || payment.save_card === 'true' };
}

/** The per-category carts and the universal one: every kind POST /v2/orders/ and /v1/place_order/ may order. */
const ALL_CARTS: readonly CartKind[] = ['haircare', 'skincare', 'universal'];

/** POST /v2/orders/ `{category?, payment: {token, save_card}}`: the cart in checkout becomes an order, once (place-order.ts). */
export const placeOrderOperation = defineOperation(
  'placeOrder',
  { summary: 'Order the cart that is in checkout', tag: 'orders', responses: PLACE_RESPONSES },
  async ({ c, body, auth, services }) => {
    const request = { category: body.category, ...paymentOf(body.payment) };
    const placed = await attempt(c, services, auth.user, () => placeOrder(services, auth.user, request, c.req.header('idempotency-key'), ALL_CARTS));
    return c.json(placed.order, placed.status);
  },
);

/** POST /v1/place_order/: the first API's shapes (spec 001 §7): with a new card's token, or `{cart_type}` alone. */
export const placeOrderV1Operation = defineOperation(
  'placeOrderV1',
  { summary: 'Order the cart that is in checkout (first API)', tag: 'orders', responses: PLACE_RESPONSES },
  async ({ c, body, auth, services }) => {
    const request: OrderRequest = { category: body.category, ...paymentOf(body.payment) };
    const placed = await attempt(c, services, auth.user, () => placeOrder(services, auth.user, request, c.req.header('idempotency-key'), ALL_CARTS));
    return c.json(placed.order, placed.status);
  },
);

/** POST /v2/cart/place-order/: the accessories of the universal cart (spec 001 §7). */
export const placeAccessoriesOrderOperation = defineOperation(
  'placeAccessoriesOrder',
  { summary: 'Order the universal cart (accessories)', tag: 'orders', responses: PLACE_RESPONSES },
  async ({ c, body, auth, services }) => {
    const placed = await attempt(c, services, auth.user, () =>
      placeOrder(services, auth.user, paymentOf(body.payment), c.req.header('idempotency-key'), ['universal']),
    );
    return c.json(placed.order, placed.status);
  },
);

/**
 * GET /v2/orders/: the shopper's own orders, newest first: those placed (paid, waiting for the bank, and the later
 * states of spec 001 §4 Orders), never a declined or refused attempt (API.md: kept for support, not listed).
 */
export const listOrdersOperation = defineOperation(
  'listOrders',
  { summary: 'The shopper’s orders', tag: 'orders', responses: { 200: 'Their orders, newest first' } },
  async ({ c, auth, services }) => {
    const rows = await services.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, auth.user.id), ne(orders.status, 'payment_failed')))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100);
    return c.json({ results: await orderViews(services.db, rows, await cataloguePictures(services.catalogue)) }, 200);
  },
);

/** GET /v2/orders/{pubkey}/: one of the shopper's orders, its payment brought up to date, with its feedback facts; another customer's is 404 (API.md). */
export const getOrderOperation = defineOperation(
  'getOrder',
  { summary: 'One of the shopper’s orders', tag: 'orders', responses: { 200: 'The order', 404: 'not_found: no such order of theirs' } },
  async ({ c, params, auth, services }) => {
    const [row] = await services.db
      .select()
      .from(orders)
      .where(and(eq(orders.pubkey, params.pubkey ?? ''), eq(orders.userId, auth.user.id)))
      .limit(1);
    if (!row) throw notFound('not_found', 'There is no such order.');
    const pictures = await cataloguePictures(services.catalogue);
    const view = await orderView(services.db, await refreshPendingOrder(services, auth.user, row), pictures);
    // What its feedback flows read (spec 002 §3.1), so the feedback page downloads none of that code.
    const feedbackFacts = await orderFeedbackFacts(services, auth.user.id, view);
    return c.json(feedbackFacts ? { ...view, feedback_facts: feedbackFacts } : view, 200);
  },
);

export const orderOperations = [placeOrderOperation, placeOrderV1Operation, placeAccessoriesOrderOperation, listOrdersOperation, getOrderOperation];
