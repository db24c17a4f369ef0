/**
 * @module server/orders/place-order: a cart in checkout becomes a paid order, once (spec 001 §4 Checkout and payment,
 * §7 Orders and payment; API.md "Placing an order").
 *
 * Intent first, then the charge, then the outcome:
 * 1. With the cart row locked, the order is recorded (status pending_payment) with its lines, prices and formulas as
 *    sold, under its idempotency key: the client's `Idempotency-Key`, or the checkout's own, made of the cart's
 *    version and the request (a double click sends the same request on the same cart). The same key again finds the
 *    order (a different request under it is 422 idempotency_key_reused), and a cart version holds one live order
 *    whatever key another tab sends (409 order_in_progress).
 * 2. The card is charged under the order's own key (`order:<pubkey>`): however many requests reach this step for one
 *    order (a retry after a lost reply, a second tab, the start-up reconciliation after a crash), the provider makes
 *    one charge and hands the same one back.
 * 3. The outcome is written once (a conditional update): paid (the cart emptied, the confirmation mail queued),
 *    waiting for the bank (202 with where the shopper confirms), or declined (402, the cart as it was).
 * A new card to keep (`save_card`) is saved with the charge, as Stripe saves a card during a payment (its token pays
 * once, so it cannot be saved after the charge): the charge asks the provider to keep it for the shopper (`saveFor`),
 * and the method the succeeded charge kept (`Charge.saved`) becomes one of the shopper's in the same transaction as
 * the paid outcome, whichever request writes it (the first, a retry, reading the order after 3-D Secure, the
 * reconciliation). A declined charge keeps nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import type { Order } from '#api';
import { ApiError, validationError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import type { Database } from '../db/database';
import { cartItems, carts, orderItems, orders, paymentMethods, users, type CartKind, type OrderedFormula } from '../db/schema';
import { loadCartContext } from '../cart/cart-context';
import { cartTotals, priceLine, withTaxes } from '../cart/price-cart';
import { cartView } from '../cart/cart-view';
import { PaymentRequestRefused, type Charge, type PaymentSource } from '../payments/payment-provider';
import { keepPaymentMethod, keepSavedMethod } from '../payments/payment-methods';
import { lockUser } from '../account/lock-user';
import { enqueueMail } from '../mail/enqueue-mail';
import { orderConfirmationMail } from './order-mail';
import { declineDetail, orderView, viewOf, type OrderItemRow, type OrderRow } from './order-view';

/** What settling an order needs of the services (the start-up reconciliation has no more). */
export type SettleServices = Pick<Services, 'db' | 'clock' | 'payments' | 'mailer'> & { config: Pick<Services['config'], 'publicUrl'> };

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

/** The request's payment as the provider is asked for it, once a saved method is found to be the shopper's own. */
type Settling = OrderRequest & { source: PaymentSource | null };

export type PlacedOrder = { status: 201 | 202; order: Order };

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** Places the shopper's order (see the module's description); `kinds` are the carts this call may order. */
export async function placeOrder(
  services: Services,
  user: UserRow,
  request: OrderRequest,
  clientKey: string | undefined,
  kinds: readonly CartKind[],
): Promise<PlacedOrder> {
  if (clientKey !== undefined && (clientKey.length === 0 || clientKey.length > 255))
    throw new ApiError(400, 'validation_error', 'The Idempotency-Key header must be 1 to 255 characters.');
  const candidates = request.category ? kinds.filter((k) => k === request.category) : kinds;
  const [cart] = await services.db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, user.id), inArray(carts.kind, [...candidates]), eq(carts.isInCheckout, true)))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  // Keeping the card is part of the request (the provider is asked for it with the charge, under the order's key): the
  // same key with another save_card is another request. One that does not ask hashes as it always has.
  const requestHash = hash({
    kinds: candidates,
    category: request.category ?? null,
    token: request.token ?? null,
    saved: request.savedMethod ?? null,
    ...(request.token && request.saveCard ? { saveCard: true } : {}),
  });
  const settling: Settling = { ...request, source: await paymentSource(services, user, request) };
  if (!cart) {
    // A retried request whose order emptied the cart still finds its order: under the client's key, or (no key: a
    // double click whose second request came after the first had finished) the same request answered moments ago.
    const earlier = clientKey
      ? await orderByKey(services.db, user.id, `client:${clientKey}`)
      : await sameRequestJustAnswered(services.db, user.id, requestHash, services.clock.now());
    if (earlier) return settle(services, user, checkedReplay(earlier, requestHash), settling);
    throw new ApiError(422, 'cart_not_in_checkout', 'There is no cart to order: go to checkout from your cart.');
  }
  const { context, deliveryInstructions } = await loadCartContext(services, user, cart.kind);
  const now = services.clock.now();
  const recorded = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(carts).where(eq(carts.id, cart.id)).for('update');
    if (!locked) throw new ApiError(422, 'cart_not_in_checkout', 'There is no cart to order: go to checkout from your cart.');
    const key = clientKey ? `client:${clientKey}` : `checkout:${locked.pubkey}:${locked.version}:${requestHash}`;
    const existing = await orderByKey(tx, user.id, key);
    if (existing) return checkedReplay(existing, requestHash);
    const [live] = await tx
      .select({ pubkey: orders.pubkey })
      .from(orders)
      .where(and(eq(orders.cartId, locked.id), eq(orders.cartVersion, locked.version), inArray(orders.status, ['pending_payment', 'paid'])))
      .limit(1);
    if (live) throw new ApiError(409, 'order_in_progress', 'This cart is already being ordered. Check your orders before trying again.');
    const lines = (await tx.select().from(cartItems).where(eq(cartItems.cartId, locked.id)).orderBy(asc(cartItems.position))).filter((line) =>
      context.entries.has(line.type),
    );
    if (lines.length === 0) throw new ApiError(422, 'cart_empty', 'Your cart is empty.');
    const currency = locked.currency;
    const priced = lines.map((line) => ({ entry: context.entries.get(line.type)!, quantity: line.quantity, subscriptionActive: line.subscriptionActive }));
    const totals = cartTotals(priced, currency);
    const { taxes, amountDue: totalAmount } = withTaxes(totals, context.tax?.rate ?? null);
    const isSubscription = priced.some((p) => p.subscriptionActive && p.entry.isSubscribable);
    // Spec 001 §4: checkout goes on without payment only when nothing is to be paid and nothing is a subscription.
    if ((totalAmount > 0 || isSubscription) && !settling.source)
      throw validationError({ payment: ['Enter your card details.'] }, 'This order needs a payment.');
    const view = cartView(locked, lines, context);
    const address = context.shippingAddress;
    if (view.need_address && !address) throw validationError({ shipping_address: ['Add a shipping address.'] }, 'This order needs a shipping address.');
    const [order] = await tx
      .insert(orders)
      .values({
        pubkey: `ord_${randomBytes(12).toString('base64url')}`,
        userId: user.id,
        cartId: locked.id,
        cartVersion: locked.version,
        cartKind: locked.kind,
        categories: [...new Set(priced.filter((p) => p.entry.isCustom).map((p) => p.entry.category))],
        status: 'pending_payment',
        currency,
        totalPrice: totals.totalPrice,
        totalDiscount: totals.totalDiscount,
        totalShipping: totals.totalShipping,
        totalTaxes: taxes,
        totalAmount,
        isSubscription,
        survey: view.formulaset?.survey ?? {},
        shippingAddress:
          view.need_address && address
            ? {
                address1: address.address1,
                address2: address.address2,
                city: address.city,
                state: address.state,
                zipcode: address.zipcode,
                country: address.country,
              }
            : null,
        // The cart's shipment preference (server/cart/shipment-preferences.ts), kept as ordered; none: null.
        deliveryInstructions: view.need_address && deliveryInstructions !== '' ? deliveryInstructions : null,
        idempotencyKey: key,
        requestHash,
        paymentProvider: totalAmount > 0 ? services.payments.name : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        lines.map((line, i) => {
          const entry = context.entries.get(line.type)!;
          const price = priceLine({ entry, quantity: line.quantity, subscriptionActive: line.subscriptionActive }, currency);
          const formula = entry.isCustom ? context.formulas.get(entry.type) : undefined;
          return {
            pubkey: `itm_${randomBytes(12).toString('base64url')}`,
            orderId: order!.id,
            category: line.category,
            type: line.type,
            product: line.product,
            label: view.items.find((item) => item.type === line.type && item.category === line.category)?.label ?? entry.label,
            quantity: line.quantity,
            unitPrice: price.unitPrice,
            totalPrice: price.totalPrice,
            subscriptionActive: line.subscriptionActive && entry.isSubscribable,
            frequency: entry.isSubscribable ? line.frequency : null,
            isFormula: entry.isCustom,
            productCategory: entry.category,
            formula: formula ? orderedFormula(formula) : null,
            customization: line.customization,
            position: i + 1,
            createdAt: now,
          };
        }),
      )
      .returning();
    return { ...order!, items };
  });
  return settle(services, user, recorded, settling);
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

/** The formula as the lab makes it, kept with the order (its label, skeleton, actives with amounts, INCI list, fragrance). */
function orderedFormula(formula: import('#api').Formula): OrderedFormula {
  return {
    label: formula.label,
    skeleton: formula.skeleton_slug,
    ingredients: formula.actives.map((a) => ({
      name: a.name,
      inci: a.inci,
      percent: a.percent,
      amount: a.amount ? `${a.amount.value} ${a.amount.unit}` : null,
    })),
    inci: formula.inci,
    fragrance: formula.fragrance ? { slug: formula.fragrance.slug, name: formula.fragrance.name } : null,
  };
}

async function orderByKey(db: Database, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** How long a request without an Idempotency-Key is taken for a repeat of the same request whose order emptied the cart. */
export const KEYLESS_REPLAY_MS = 10 * 60_000;

/** The latest order placed without a client key for the very same request (the same card token, or saved method) within KEYLESS_REPLAY_MS. */
async function sameRequestJustAnswered(db: Database, userId: number, requestHash: string, now: Date): Promise<OrderRow | undefined> {
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

/** An order found under the request's key: the same request is answered as the first was; another is refused. */
function checkedReplay(order: OrderRow, requestHash: string): OrderRow {
  if (order.requestHash !== requestHash)
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different order request.');
  return order;
}

/**
 * Brings an order to its outcome and answers with it: charges it if no charge is known yet (under the order's own
 * key, so never twice), asks the provider again while the bank waits for the shopper, and writes the outcome once.
 */
async function settle(services: Services, user: UserRow, order: OrderRow & { items?: OrderItemRow[] }, request: Settling): Promise<PlacedOrder> {
  let current: OrderRow = order;
  if (current.status === 'pending_payment') {
    let charge: Charge | null = null;
    if (current.totalAmount > 0) {
      if (current.chargeId) charge = await services.payments.getCharge(current.chargeId);
      else {
        try {
          charge = request.source
            ? await services.payments.charge({
                idempotencyKey: `order:${current.pubkey}`,
                amount: current.totalAmount,
                currency: current.currency,
                source: request.source,
                // save_card: the provider keeps the new card for the shopper once the charge succeeds (Charge.saved).
                ...(request.token && request.saveCard ? { saveFor: { userId: user.id, email: user.email } } : {}),
              })
            : await services.payments.findCharge(`order:${current.pubkey}`);
        } catch (error) {
          if (!(error instanceof PaymentRequestRefused)) throw error;
          await recordOutcome(services, current, { kind: 'refused', code: error.code }, user);
          throw new ApiError(402, 'payment_refused', error.message);
        }
      }
    }
    // Nothing to pay is paid; something to pay with no charge found is not (never paid without a charge).
    const outcome: Outcome = current.totalAmount === 0 ? { kind: 'free' } : charge ? { kind: 'charge', charge } : { kind: 'not_charged' };
    current = await recordOutcome(services, current, outcome, user);
    // Nothing was charged, so the token is unused: the card is saved from it, as a card is saved outside an order.
    if (outcome.kind === 'free' && current.status === 'paid' && request.token && request.saveCard) await keepPaymentMethod(services, user, request.token);
  }
  if (current.status === 'payment_failed') {
    throw new ApiError(402, 'card_declined', declineDetail(current.declineCode));
  }
  const view = order.items ? viewOf(current, order.items) : await orderView(services.db, current);
  return { status: current.status === 'pending_payment' ? 202 : 201, order: view };
}

/**
 * An order the bank was holding, as it is now: once the shopper has answered their bank (the charge no longer waits),
 * its outcome is written, as placing it again would. The wait-payment step and the order page read it this way.
 */
export async function refreshPendingOrder(services: Services, user: UserRow, row: OrderRow): Promise<OrderRow> {
  if (row.status !== 'pending_payment' || !row.chargeId) return row;
  const charge = await services.payments.getCharge(row.chargeId);
  if (!charge || charge.status === 'requires_action') return row;
  return recordOutcome(services, row, { kind: 'charge', charge }, user);
}

type Outcome = { kind: 'free' } | { kind: 'charge'; charge: Charge } | { kind: 'refused'; code: string } | { kind: 'not_charged' };

/** Writes what became of the order's payment, once: a request that loses the race reads what the winner wrote. */
async function recordOutcome(
  services: SettleServices,
  order: OrderRow,
  outcome: Outcome,
  /** The customer asking, when it is them: their e-mail need not be read again. */
  caller?: Pick<UserRow, 'id' | 'email' | 'firstName'>,
): Promise<OrderRow> {
  const now = services.clock.now();
  const charge = outcome.kind === 'charge' ? outcome.charge : null;
  if (charge?.status === 'requires_action') {
    const [waiting] = await services.db
      .update(orders)
      .set({ chargeId: charge.id, actionUrl: charge.actionUrl, cardBrand: charge.card.brand, cardLast4: charge.card.last4, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')))
      .returning();
    return waiting ?? (await reread(services.db, order.id));
  }
  const paid = outcome.kind === 'free' || charge?.status === 'succeeded';
  const declineCode =
    outcome.kind === 'refused' ? outcome.code : outcome.kind === 'not_charged' ? 'not_charged' : charge?.status === 'declined' ? charge.code : null;
  // The card the charge kept for the customer (save_card), theirs once the order is paid.
  const saved = charge?.status === 'succeeded' ? charge.saved : undefined;
  const written = await services.db.transaction(async (tx) => {
    // The customer first, as their other writes lock it before their cart: keeping the card waits for them, not the reverse.
    if (saved) await lockUser(tx, order.userId);
    const [row] = await tx
      .update(orders)
      .set({
        status: paid ? 'paid' : 'payment_failed',
        chargeId: charge?.id ?? order.chargeId,
        cardBrand: charge?.card.brand ?? order.cardBrand,
        cardLast4: charge?.card.last4 ?? order.cardLast4,
        actionUrl: null,
        declineCode,
        paidAt: paid ? now : null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')))
      .returning();
    if (!row || !paid) return row;
    // Paid: the cart is emptied and leaves checkout. Its version stays, so a retried request still finds this order.
    if (row.cartId !== null) {
      await tx.delete(cartItems).where(eq(cartItems.cartId, row.cartId));
      await tx.update(carts).set({ isInCheckout: false, updatedAt: now }).where(eq(carts.id, row.cartId));
    }
    const customer =
      caller?.id === row.userId ? caller : (await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, row.userId)))[0];
    if (customer?.email) await enqueueMail(tx, now, orderConfirmationMail(customer.email, customer.firstName, row, services.config.publicUrl));
    // Kept with the paid outcome, so exactly when it is written: once, however many requests race to write it.
    if (saved) await keepSavedMethod(tx, services, row.userId, saved);
    return row;
  });
  if (written?.status === 'paid') services.mailer.wake();
  return written ?? (await reread(services.db, order.id));
}

async function reread(db: Database, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/**
 * After a crash between the charge and the order's outcome: orders still pending with no known charge, older than
 * `olderThanMs`, are settled from the provider's own record under the order's key (charged: paid; never charged:
 * payment_failed, so the shopper can try again). Run at start.
 */
export async function reconcileOrders(services: SettleServices, olderThanMs = 5 * 60_000): Promise<number> {
  const before = new Date(services.clock.now().getTime() - olderThanMs);
  const stranded = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), sql`${orders.chargeId} is null`, lte(orders.createdAt, before)));
  for (const order of stranded) {
    const charge = order.totalAmount > 0 ? await services.payments.findCharge(`order:${order.pubkey}`) : null;
    await recordOutcome(services, order, charge ? { kind: 'charge', charge } : order.totalAmount > 0 ? { kind: 'not_charged' } : { kind: 'free' });
  }
  return stranded.length;
}
