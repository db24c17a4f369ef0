/**
 * @module server/referrals/referral-paid: the advocate's reward (spec 001 §3 "Coupon customer", §7; issue 28 item 6).
 * Called by the money path in the transaction that writes an order's paid outcome (server/money/settle-payment.ts
 * `recordOutcome`, beside `onGiftOrderPaid`), so it happens exactly once whichever request, retry or reconciliation
 * writes it; a declined, refused or voided payment never reaches it, so rewards nothing.
 * When the order is the referee's first paid one, the referral's row is locked and marked rewarded with it, and the
 * advocate (a customer) is credited referrals.yaml's amount in their own shop currency: a ledger row of kind
 * `referral`, source `referral:<order pubkey>` (unique: written once whatever happens). A stylist's code is recorded
 * as rewarded with 0 (stylists are paid outside the shop); a code blocked before the order was paid rewards nothing.
 */
import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import type { Currency } from '#api/money';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { orders, referralCodes, referrals } from '../db/schema';
import { shopperCountry } from '../gifts/shopper-country';
import { grantCredit } from '../money/credit-ledger';
import type { OrderRow } from '../orders/order-view';
import { referralTerms } from './referral-terms';

/** The source key of the advocate's credit for a referee's order. */
export const referralCreditSource = (orderPubkey: string) => `referral:${orderPubkey}`;

/** Rewards the advocate when `order` (just written paid) is its referee's first paid order; returns the cents credited. */
export async function onReferralOrderPaid(tx: Database, services: { clock: Pick<Clock, 'now'> }, order: OrderRow): Promise<number> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.refereeId, order.userId), isNull(referrals.rewardedOrderId)))
    .for('update');
  if (!referral) return 0;
  // Only the first paid order: another (paid before, e.g. a race of two carts) has had its turn.
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), notInArray(orders.status, ['pending_payment', 'payment_failed'])))
    .limit(1);
  if (earlier) return 0;
  const [code] = await tx.select().from(referralCodes).where(eq(referralCodes.id, referral.codeId));
  if (!code || code.blockedAt !== null) return 0;
  let cents = 0;
  let currency: Currency | null = null;
  if (code.userId !== null) {
    currency = (await shopperCountry(tx, code.userId)).currency;
    const amount = referralTerms().advocateCredit[currency];
    if (await grantCredit(tx, { userId: code.userId, currency, cents: amount, kind: 'referral', source: referralCreditSource(order.pubkey) })) cents = amount;
  }
  await tx
    .update(referrals)
    .set({ rewardedOrderId: order.id, rewardCents: cents, rewardCurrency: currency, rewardedAt: services.clock.now() })
    .where(and(eq(referrals.id, referral.id), isNull(referrals.rewardedOrderId)));
  return cents;
}
