/**
 * @module server/orders/place-order: a cart in checkout becomes a paid order, once (spec 001 §4 Checkout and payment,
 * §7 Orders and payment; API.md "Placing an order"), through the one money path of server/money/:
 * 1. The request's key (idempotency.ts): the client's `Idempotency-Key`, or the checkout's own, made of the cart's
 *    version and the request (a double click sends the same request on the same cart). The same key again finds its
 *    order; a different request under it is 422 idempotency_key_reused.
 * 2. With the cart row locked, one live order per cart: an attempt still charging is 409 order_in_progress; attempts
 *    waiting for the bank are voided first (settle-payment.ts `supersede`), and when the bank approved one of them
 *    first, that is the cart's order and this request is 409 cart_already_ordered, charging nothing.
 * 3. The cart is priced as a basket (cart-basket.ts) and recorded (record-order.ts), then settled (settle-payment.ts).
 */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { ApiError, validationError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { cartItems, carts, orders, paymentMethods, type CartKind } from '../db/schema';
import { loadCartContext } from '../cart/cart-context';
import type { PaymentSource } from '../payments/payment-provider';
import { checkedReplay, clientKeyOf, fingerprint } from '../money/idempotency';
import { orderByKey, recordOrder, sameRequestJustAnswered } from '../money/record-order';
import { settle, supersede, type SettledOrder } from '../money/settle-payment';
import { lockUser } from '../account/lock-user';
import { creditBalance, spendCredit } from '../money/credit-ledger';
import { findCoupon } from '../promotions/coupon-book';
import { cartCouponCode, claimCoupon, loadCartCoupon, lockCouponCode, setCartCoupon } from '../promotions/coupon-store';
import { cartBasket, CouponNoLongerValid } from './cart-basket';

/**
 * What the shopper asked: which cart (when several are in checkout), and how to pay when there is something to pay: a
 * new card's token (or the wallet's nonce), kept for later when `saveCard`, or one of their saved methods' ids.
 */
export interface OrderRequest {
  category?: CartKind | undefined;
  token?: string | undefined;
  saveCard?: boolean | undefined;
  savedMethod?: string | undefined;
}

export type PlacedOrder = SettledOrder;

const NOT_IN_CHECKOUT = () => new ApiError(422, 'cart_not_in_checkout', 'There is no cart to order: go to checkout from your cart.');

/** Places the shopper's order (see the module's description); `kinds` are the carts this call may order. */
export async function placeOrder(
  services: Services,
  user: UserRow,
  request: OrderRequest,
  header: string | undefined,
  kinds: readonly CartKind[],
): Promise<PlacedOrder> {
  const clientKey = clientKeyOf(header);
  const candidates = request.category ? kinds.filter((k) => k === request.category) : kinds;
  const [cart] = await services.db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, user.id), inArray(carts.kind, [...candidates]), eq(carts.isInCheckout, true)))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  // Keeping the card is part of the request: the same key with another save_card is another request.
  const requestHash = fingerprint({
    kinds: candidates,
    category: request.category ?? null,
    token: request.token ?? null,
    saved: request.savedMethod ?? null,
    ...(request.token && request.saveCard ? { saveCard: true } : {}),
  });
  const payment = { source: await paymentSource(services, user, request), saveToken: request.token && request.saveCard ? request.token : undefined };
  if (!cart) {
    // A retried request whose order emptied the cart still finds its order: under the client's key, or (no key: a
    // double click whose second request came after the first had finished) the same request answered moments ago.
    const earlier = clientKey
      ? await orderByKey(services.db, user.id, clientKey)
      : await sameRequestJustAnswered(services.db, user.id, requestHash, services.clock.now());
    if (earlier) return settle(services, user, checkedReplay(earlier, requestHash), payment);
    throw NOT_IN_CHECKOUT();
  }
  const { context, deliveryInstructions } = await loadCartContext(services, user, cart.kind);
  // Twice at most: once to void the attempts waiting for their bank, once to record this one.
  for (let round = 0; ; round++) {
    const step = await services.db
      .transaction(async (tx) => {
        // The customer first, then the cart (the house's order of locks): the shopper's orders from several carts take
        // turns, so a first-order coupon, a per-customer limit and the shop credit each see the others' orders.
        await lockUser(tx, user.id);
        const [locked] = await tx.select().from(carts).where(eq(carts.id, cart.id)).for('update');
        if (!locked) throw NOT_IN_CHECKOUT();
        const key = clientKey ?? `checkout:${locked.pubkey}:${locked.version}:${requestHash}`;
        const existing = await orderByKey(tx, user.id, key);
        if (existing) return { order: checkedReplay(existing, requestHash) };
        if (!locked.isInCheckout) throw NOT_IN_CHECKOUT();
        // Live: any attempt still pending, and an order paid at this very version (another tab, another key).
        const live = await tx
          .select()
          .from(orders)
          .where(
            and(eq(orders.cartId, locked.id), or(eq(orders.status, 'pending_payment'), and(eq(orders.status, 'paid'), eq(orders.cartVersion, locked.version)))),
          );
        if (live.some((o) => o.status === 'paid' || !o.chargeId || round > 0))
          throw new ApiError(409, 'order_in_progress', 'This cart is already being ordered. Check your orders before trying again.');
        if (live.length > 0) return { waiting: live };
        const rows = await tx.select().from(cartItems).where(eq(cartItems.cartId, locked.id)).orderBy(asc(cartItems.position));
        const now = services.clock.now();
        // The cart's coupon, checked again now with its code's row locked: two orders claiming its last use take turns.
        const { code } = await cartCouponCode(tx, locked.id);
        const known = code ? findCoupon(code) : undefined;
        if (known) await lockCouponCode(tx, known);
        const coupon = await loadCartCoupon(tx, user.id, code, context.currency, now);
        // The shop credit as it is now, the customer's row held: another order of theirs has spent what it spent.
        const credit = await creditBalance(tx, user.id, context.currency);
        const basket = await cartBasket(locked, rows, { ...context, coupon, credit }, deliveryInstructions, payment.source !== null);
        const order = await recordOrder(tx, { userId: user.id, basket, key, requestHash, provider: services.payments.name, now });
        // The coupon's use is the order's from the start, released if its payment fails (settle-payment.ts).
        if (basket.coupon)
          await claimCoupon(tx, {
            code: basket.coupon.coupon.key,
            userId: user.id,
            orderId: order.id,
            amount: basket.coupon.discount,
            currency: basket.currency,
            now,
          });
        // The credit is spent with the order (given back if its payment fails): the card pays the rest, total_amount.
        if (basket.credit > 0) {
          const spent = await spendCredit(tx, { userId: user.id, currency: basket.currency, orderId: order.id, upTo: basket.credit });
          if (spent !== basket.credit) throw new Error(`Order ${order.pubkey} was priced with ${basket.credit} cents of credit but spent ${spent}.`);
        }
        return { order };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof CouponNoLongerValid)) throw error;
        // Removed from the cart, so the cart now shows what an order will charge; the shopper places it again.
        await services.db.transaction((tx) => setCartCoupon(tx, cart.id, null, services.clock.now()));
        throw new ApiError(422, 'invalid_coupon', `${error.reason} It was removed from your cart: check your total and place your order again.`, {
          coupon: [error.reason],
        });
      });
    if (step.order) return settle(services, user, step.order, payment);
    if (await supersede(services, step.waiting ?? []))
      throw new ApiError(409, 'cart_already_ordered', 'Your bank approved your earlier payment for this cart: that order is placed. See your orders.');
  }
}

/** The source an order is paid from: a new card's token, or a saved method of the shopper's own (another's is refused as unknown). */
async function paymentSource(services: Services, user: UserRow, request: OrderRequest): Promise<PaymentSource | null> {
  if (request.token) return { kind: 'card_token', token: request.token };
  if (!request.savedMethod) return null;
  const [method] = await services.db
    .select({ ref: paymentMethods.providerRef, provider: paymentMethods.provider })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.pubkey, request.savedMethod), isNull(paymentMethods.deletedAt)))
    .limit(1);
  if (!method || method.provider !== services.payments.name)
    throw validationError({ payment: ['Choose one of your saved payment methods.'] }, 'There is no such saved payment method.');
  return { kind: 'saved_method', ref: method.ref };
}
