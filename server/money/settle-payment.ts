/**
 * @module server/money/settle-payment: a recorded order is brought to its outcome, once (DESIGN.md "One money path").
 * 1. The card (a token, the wallet's nonce or a saved method) is charged under the order's own key (`order:<pubkey>`):
 *    however many requests reach this step for one order (a retry after a lost reply, a second tab, the
 *    reconciliation after a crash), the provider makes one charge and hands the same one back.
 * 2. The outcome is written once (a conditional update from pending_payment): paid (the ordered lines leave the cart,
 *    the confirmation mail is queued), waiting for the bank (202 with where the shopper confirms), or failed
 *    (payment_failed: an attempt kept for support and fraud review, never listed as an order).
 * 3. One cart, one paid order: a new attempt at a cart voids the attempt still waiting for the bank (`supersede`), so
 *    its late approval takes nothing; when the bank approved it first, that attempt is the order.
 * A new card to keep (`save_card`) is saved with the charge, as Stripe saves a card during a payment (its token pays
 * once): the charge asks the provider to keep it (`saveFor`), and the method the succeeded charge kept becomes the
 * shopper's in the same transaction as the paid outcome, whichever request writes it. A declined charge keeps nothing.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Order } from '#api';
import { ApiError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import type { Database } from '../db/database';
import { cartItems, carts, orderItems, orders, users } from '../db/schema';
import { PaymentRequestRefused, type Charge, type PaymentSource } from '../payments/payment-provider';
import { keepPaymentMethod, keepSavedMethod } from '../payments/payment-methods';
import { lockUser } from '../account/lock-user';
import { enqueueMail } from '../mail/enqueue-mail';
import { orderConfirmationMail } from '../orders/order-mail';
import { orderMailLines } from '../orders/order-mail-lines';
import { declineDetail, orderView, viewOf, type OrderItemRow, type OrderRow } from '../orders/order-view';
import { cataloguePictures } from '../orders/order-pictures';
import { subscribeFromPaidOrder } from '../subscriptions/from-order';
import { clearUsedCoupon, releaseCouponUse, spendCouponUse } from '../promotions/coupon-store';
import { orderCreditSpent, returnCredit } from './credit-ledger';
import { onGiftOrderPaid } from '../gifts/gift-paid';
import { onReferralOrderPaid } from '../referrals/referral-paid';
import { onOrderPaidTracking } from '../tracking/purchase-event';

/** What settling an order needs of the services (the reconciliation has no more). */
export type SettleServices = Pick<Services, 'db' | 'clock' | 'payments' | 'mailer' | 'requestConsent'> & { config: Pick<Services['config'], 'publicUrl'> };

/** How the order is paid: the provider's source (none: nothing to pay, or the charge is looked up), and the card to keep. */
export interface Payment {
  source: PaymentSource | null;
  /** A new card's token to keep for the shopper (save_card). */
  saveToken?: string | undefined;
}

export type SettledOrder = { status: 201 | 202; order: Order };

/** Brings an order to its outcome and answers with it (see the module's description); a failed payment is 402. */
export async function settle(services: Services, user: UserRow, order: OrderRow & { items?: OrderItemRow[] }, payment: Payment): Promise<SettledOrder> {
  const current = await chargeOrder(services, order, payment, user);
  // Nothing was charged, so the token is unused: the card is saved from it, as a card is saved outside an order.
  if (order.status === 'pending_payment' && order.totalAmount === 0 && current.status === 'paid' && payment.saveToken)
    await keepPaymentMethod(services, user, payment.saveToken);
  if (current.status === 'payment_failed') throw new ApiError(402, 'card_declined', declineDetail(current.declineCode));
  const pictures = await cataloguePictures(services.catalogue);
  const view = order.items
    ? viewOf(current, order.items, pictures, [], await orderCreditSpent(services.db, current.id))
    : await orderView(services.db, current, pictures);
  return { status: current.status === 'pending_payment' ? 202 : 201, order: view };
}

/**
 * What a caller of `chargeOrder` adds to the outcome: `then` runs in the transaction that writes a paid or failed
 * outcome, after it (so what the caller writes with it is written once, with it, or not at all); `confirmationMail:
 * false` when the caller mails the shopper its own receipt (a renewal's "Your subscription renewed").
 */
export interface OutcomeOptions {
  then?: (tx: Database, row: OrderRow) => Promise<void>;
  confirmationMail?: boolean;
}

/**
 * Steps 1 and 2 of the module's description for a recorded order, as a row: charged under its key and its outcome
 * written once (a charge the provider refuses outright is 402 payment_refused, written as failed). A subscription
 * renewal (server/subscriptions/renew.ts) settles its order this way, with the subscription's saved method, and
 * concludes the renewal in the outcome's own transaction (`options.then`).
 */
export async function chargeOrder(
  services: SettleServices,
  order: OrderRow,
  payment: Payment,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  options: OutcomeOptions = {},
): Promise<OrderRow> {
  let current: OrderRow = order;
  if (current.status === 'pending_payment') {
    let charge: Charge | null = null;
    if (current.totalAmount > 0) {
      if (current.chargeId) charge = await services.payments.getCharge(current.chargeId);
      else {
        try {
          charge = payment.source
            ? await services.payments.charge({
                idempotencyKey: `order:${current.pubkey}`,
                amount: current.totalAmount,
                currency: current.currency,
                source: payment.source,
                ...(payment.saveToken ? { saveFor: { userId: user.id, email: user.email } } : {}),
              })
            : await services.payments.findCharge(`order:${current.pubkey}`);
        } catch (error) {
          if (!(error instanceof PaymentRequestRefused)) throw error;
          await recordOutcome(services, current, { kind: 'refused', code: error.code }, user, options);
          throw new ApiError(402, 'payment_refused', error.message);
        }
      }
    }
    // Nothing to pay is paid; something to pay with no charge found is not (never paid without a charge).
    const outcome: Outcome = current.totalAmount === 0 ? { kind: 'free' } : charge ? { kind: 'charge', charge } : { kind: 'not_charged' };
    current = await recordOutcome(services, current, outcome, user, options);
  }
  return current;
}

/**
 * An order the bank was holding, as it is now: once the shopper has answered their bank (the charge no longer waits),
 * its outcome is written, as placing it again would. The wait-payment step and the order page read it this way.
 */
export async function refreshPendingOrder(services: SettleServices, user: UserRow, row: OrderRow): Promise<OrderRow> {
  if (row.status !== 'pending_payment' || !row.chargeId) return row;
  const charge = await services.payments.getCharge(row.chargeId);
  if (!charge || charge.status === 'requires_action') return row;
  return recordOutcome(services, row, { kind: 'charge', charge }, user);
}

/**
 * Voids the attempts still waiting for their bank (a new attempt at the same cart replaces them): each charge is
 * canceled at the provider and its order written as failed (`superseded`), so a late approval pays nothing. An
 * attempt the bank approved first is written as paid instead, and returned: that one is the cart's order.
 */
export async function supersede(services: SettleServices, waiting: readonly OrderRow[]): Promise<OrderRow | null> {
  let paid: OrderRow | null = null;
  for (const order of waiting) {
    const charge = order.chargeId ? await services.payments.cancelCharge(order.chargeId) : null;
    const written = await recordOutcome(services, order, charge ? { kind: 'charge', charge } : { kind: 'not_charged' });
    if (written.status !== 'pending_payment' && written.status !== 'payment_failed') paid = written;
  }
  return paid;
}

type Outcome = { kind: 'free' } | { kind: 'charge'; charge: Charge } | { kind: 'refused'; code: string } | { kind: 'not_charged' };

/** Why an outcome is a failure (the order's decline_code), or null when it paid. */
function failureOf(outcome: Outcome): string | null {
  if (outcome.kind === 'free') return null;
  if (outcome.kind === 'refused') return outcome.code;
  if (outcome.kind === 'not_charged') return 'not_charged';
  const { charge } = outcome;
  if (charge.status === 'succeeded') return null;
  if (charge.status === 'canceled') return 'superseded';
  return charge.status === 'declined' ? charge.code : 'not_charged';
}

/** Writes what became of the order's payment, once: a request that loses the race reads what the winner wrote. */
async function recordOutcome(
  services: SettleServices,
  order: OrderRow,
  outcome: Outcome,
  /** The customer asking, when it is them: their e-mail need not be read again. */
  caller?: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  options: OutcomeOptions = {},
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
  const declineCode = failureOf(outcome);
  const paid = declineCode === null;
  // The card the charge kept for the customer (save_card), theirs once the order is paid.
  const saved = charge?.status === 'succeeded' ? charge.saved : undefined;
  const written = await services.db.transaction(async (tx) => {
    // The customer first, as their other writes lock it before their cart: keeping the card waits for them, not the reverse.
    // A subscription order locks them too: its paid outcome makes or adds to their subscription (subscribeFromPaidOrder).
    // A failure gives back the order's credit (returnCredit locks them too): first, before the order's row.
    if (saved || order.isSubscription || !paid) await lockUser(tx, order.userId);
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
    if (!row) return row;
    // A failed or voided payment gives back what the order held: its shop credit and its coupon's use.
    if (!paid) {
      await returnCredit(tx, row.id);
      await releaseCouponUse(tx, row.id, now);
      await options.then?.(tx, row);
      return row;
    }
    if (row.cartId !== null) {
      await releaseOrderedLines(tx, row, now);
      // Its coupon's use is kept, and its cart no longer carries the code (server/promotions/coupon-store.ts). Only a
      // cart's order has one (a renewal's retention offer is the subscription's own: server/subscriptions/coupons.ts).
      const couponCode = await spendCouponUse(tx, row.id, now);
      if (couponCode) await clearUsedCoupon(tx, row.cartId, couponCode, now);
    }
    const customer =
      options.confirmationMail === false
        ? null
        : caller?.id === row.userId
          ? caller
          : (await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, row.userId)))[0];
    if (customer?.email) {
      const lines = await orderMailLines(tx, row.id);
      // The shop credit it spent is in its figures (issue 28), as on its page.
      await enqueueMail(
        tx,
        now,
        orderConfirmationMail(customer.email, customer.firstName, row, services.config.publicUrl, lines, await orderCreditSpent(tx, row.id)),
      );
    }
    // Kept with the paid outcome, so exactly when it is written: once, however many requests race to write it.
    const kept = saved ? await keepSavedMethod(tx, services, row.userId, saved) : null;
    // Its subscription lines make or add to the shopper's subscriptions, with the paid outcome: once (issue 27).
    if (row.isSubscription) await subscribeFromPaidOrder(tx, row, { now, publicUrl: services.config.publicUrl, methodId: kept?.id ?? null });
    // The gift cards it bought are paid: their e-mails are scheduled, with the paid outcome, once (server/gifts/).
    await onGiftOrderPaid(tx, services, row);
    // The referee's first paid order credits their advocate, with the paid outcome: once (server/referrals/).
    await onReferralOrderPaid(tx, services, row);
    // Its purchase event (spec 001 §9 Tracking), with the paid outcome: once (server/tracking/).
    await onOrderPaidTracking(tx, services, row);
    await options.then?.(tx, row);
    return row;
  });
  if (written?.status === 'paid') services.mailer.wake();
  return written ?? (await reread(services.db, order.id));
}

/**
 * A paid order's lines leave its cart, and the cart leaves checkout; lines the order did not hold (added while it
 * waited for the bank) stay, and so does the rest of a quantity raised meanwhile. The cart's version stays, so a
 * retried request still finds this order.
 */
async function releaseOrderedLines(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const cartId = order.cartId!;
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
  const ordered = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  for (const line of lines) {
    const sold = ordered.filter((o) => o.category === line.category && o.type === line.type).reduce((n, o) => n + o.quantity, 0);
    if (sold === 0) continue;
    if (line.quantity <= sold) await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    else
      await tx
        .update(cartItems)
        .set({ quantity: line.quantity - sold })
        .where(eq(cartItems.id, line.id));
  }
  await tx.update(carts).set({ isInCheckout: false, updatedAt: now }).where(eq(carts.id, cartId));
}

async function reread(db: Database, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/**
 * After a crash between the charge and the order's outcome: orders still pending with no known charge, older than
 * `olderThanMs`, are settled from the provider's own record under the order's key (charged: paid; never charged:
 * payment_failed, so the shopper can try again). Run at start and then as a job.
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
