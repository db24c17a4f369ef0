/**
 * @module server/money/credit-ledger: a customer's shop credit (a redeemed gift card, a referral's reward), kept as
 * a ledger of signed movements in integer cents per currency (`credit_ledger`, server/db/schema/gifts.ts): the
 * balance is the sum of the rows, never a column that could drift from them. Each movement is written once (unique
 * keys: one credit per gift, one spend and one return per order, one row per `source`), so a retry writes nothing
 * more. Every write takes the customer's row lock first (`lockUser`), so two orders racing for one balance are
 * served one after the other and the balance never goes below zero. Call these inside the caller's transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '#api/money';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { creditLedger, orders, type CreditKind } from '../db/schema';

/** A movement that adds credit from outside an order: a redeemed gift card (`giftId`) or a reward (`source`). */
export interface CreditGrant {
  userId: number;
  currency: Currency;
  /** Integer cents, > 0. */
  cents: number;
  kind: Extract<CreditKind, 'gift_card' | 'referral'>;
  /** The gift card redeemed (required with kind gift_card): one credit per gift. */
  giftId?: number;
  /** The movement's own key (required with kind referral, e.g. `referral:<pubkey>`): one credit per key. */
  source?: string;
}

function assertCents(cents: number, what: string, min: number): void {
  if (!Number.isSafeInteger(cents) || cents < min) throw new Error(`${what} must be integer cents >= ${min}, got ${cents}.`);
}

/**
 * Adds credit to a customer's balance. Returns true when written, false when that movement was already written
 * (the same gift or source): a retry adds nothing.
 */
export async function grantCredit(tx: Database, grant: CreditGrant): Promise<boolean> {
  assertCents(grant.cents, 'A credit', 1);
  if (grant.kind === 'gift_card' && grant.giftId === undefined) throw new Error('A gift card credit names its gift.');
  if (grant.kind === 'referral' && !grant.source) throw new Error('A referral credit names its source.');
  await lockUser(tx, grant.userId);
  const written = await tx
    .insert(creditLedger)
    .values({
      userId: grant.userId,
      currency: grant.currency,
      amount: grant.cents,
      kind: grant.kind,
      giftId: grant.giftId ?? null,
      source: grant.source ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return written.length > 0;
}

/** A customer's credit in one currency: the sum of the ledger's rows, integer cents, never below zero. */
export async function creditBalance(db: Database, userId: number, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.currency, currency)));
  return Number(row?.cents ?? 0);
}

/** A customer's credit in every currency they hold some (a shopper who moved from the US to Canada may hold both). */
export async function creditBalances(db: Database, userId: number): Promise<Partial<Record<Currency, number>>> {
  const rows = await db
    .select({ currency: creditLedger.currency, cents: sql<number>`sum(${creditLedger.amount})::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .groupBy(creditLedger.currency);
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.cents)]));
}

/**
 * Spends up to `upTo` cents of the customer's credit on an order (of that customer, in that currency) and returns
 * the cents actually spent: the whole of `upTo` when the balance covers it, else the balance, 0 when there is none.
 * Takes the customer's row lock first, so a second order racing for the same balance waits and sees it spent.
 * Once per order: when the order already spent credit, nothing more is spent and that spend is returned again (a
 * retry of the same order), even if it was given back since.
 */
export async function spendCredit(tx: Database, input: { userId: number; currency: Currency; orderId: number; upTo: number }): Promise<number> {
  assertCents(input.upTo, 'A spend', 0);
  await lockUser(tx, input.userId);
  const [order] = await tx.select({ userId: orders.userId, currency: orders.currency }).from(orders).where(eq(orders.id, input.orderId));
  if (!order || order.userId !== input.userId || order.currency !== input.currency) {
    throw new Error(`Order ${input.orderId} is not an order of customer ${input.userId} in ${input.currency}.`);
  }
  const [already] = await tx
    .select({ amount: creditLedger.amount })
    .from(creditLedger)
    .where(and(eq(creditLedger.orderId, input.orderId), eq(creditLedger.kind, 'order_spent')));
  if (already) return -already.amount;
  const cents = Math.min(input.upTo, await creditBalance(tx, input.userId, input.currency));
  if (cents <= 0) return 0;
  await tx.insert(creditLedger).values({
    userId: input.userId,
    currency: input.currency,
    amount: -cents,
    kind: 'order_spent',
    orderId: input.orderId,
  });
  return cents;
}

/**
 * Gives back what an order spent (its payment failed or was voided, or it was canceled), once: returns the cents
 * given back now, 0 when it spent nothing or was already given back.
 */
export async function returnCredit(tx: Database, orderId: number): Promise<number> {
  const [spent] = await tx
    .select({ userId: creditLedger.userId, currency: creditLedger.currency, amount: creditLedger.amount })
    .from(creditLedger)
    .where(and(eq(creditLedger.orderId, orderId), eq(creditLedger.kind, 'order_spent')));
  if (!spent) return 0;
  await lockUser(tx, spent.userId);
  const written = await tx
    .insert(creditLedger)
    .values({ userId: spent.userId, currency: spent.currency, amount: -spent.amount, kind: 'order_returned', orderId })
    .onConflictDoNothing()
    .returning({ amount: creditLedger.amount });
  return written[0]?.amount ?? 0;
}

/** What an order spent of its customer's credit and kept (its spend less what was given back), integer cents. */
export async function orderCreditSpent(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(-sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.orderId, orderId), sql`${creditLedger.kind} in ('order_spent', 'order_returned')`));
  return Number(row?.cents ?? 0);
}

/** `orderCreditSpent` of many orders in one query: order id → cents (an order that spent none is absent). */
export async function ordersCreditSpent(db: Database, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: creditLedger.orderId, cents: sql<number>`-sum(${creditLedger.amount})::int` })
    .from(creditLedger)
    .where(and(inArray(creditLedger.orderId, [...orderIds]), sql`${creditLedger.kind} in ('order_spent', 'order_returned')`))
    .groupBy(creditLedger.orderId);
  return new Map(rows.filter((r) => r.orderId !== null && Number(r.cents) !== 0).map((r) => [r.orderId!, Number(r.cents)]));
}
