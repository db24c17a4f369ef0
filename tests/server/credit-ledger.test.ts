import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Currency } from '#api/money';
import { lockUser } from '../../server/account/lock-user';
import type { Database } from '../../server/db/database';
import { creditLedger, orders } from '../../server/db/schema';
import { creditBalance, creditBalances, grantCredit, orderCreditSpent, returnCredit, spendCredit } from '../../server/money/credit-ledger';
import { describeEachDatabase } from './support/databases';
import { insertOrder, insertShopper } from './support/fulfilment-orders';
import { untilLockWaiters } from './support/lock-waits';

/** A pending order of `userId` in `currency`. */
async function pendingOrder(db: Database, userId: number, currency: Currency): Promise<number> {
  const order = await insertOrder(db, userId, { status: 'pending_payment' });
  if (currency !== 'USD') await db.update(orders).set({ currency }).where(eq(orders.id, order.id));
  return order.id;
}

/** The ledger's rows of a customer, summed in JavaScript per currency (not through creditBalance). */
async function rowSums(db: Database, userId: number): Promise<Record<Currency, number>> {
  const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const sums: Record<Currency, number> = { USD: 0, CAD: 0 };
  for (const row of rows) {
    expect(Number.isInteger(row.amount)).toBe(true);
    sums[row.currency] += row.amount;
  }
  return sums;
}

const referral = () => `referral:${randomBytes(6).toString('hex')}`;

describeEachDatabase('the credit ledger (issue 28; spec 001 §5, §9 "Gift cards never expire; leftover credit carries over")', (database) => {
  const db = () => database().db;

  it('any sequence of grants, spends and returns keeps every balance >= 0 and equal to the sum of its rows and to a model; each movement is written once', async () => {
    const currency = fc.constantFrom<Currency>('USD', 'CAD');
    const command = fc.oneof(
      fc.record({ op: fc.constant('grant' as const), currency, cents: fc.integer({ min: 1, max: 20_000 }) }),
      fc.record({ op: fc.constant('grant_again' as const) }),
      fc.record({ op: fc.constant('spend' as const), order: fc.integer({ min: 0, max: 3 }), upTo: fc.integer({ min: 0, max: 30_000 }) }),
      fc.record({ op: fc.constant('return' as const), order: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const { id: userId } = await insertShopper(db());
        const orderCurrencies: Currency[] = ['USD', 'CAD', 'USD', 'CAD'];
        const orderIds = await Promise.all(orderCurrencies.map((c) => pendingOrder(db(), userId, c)));
        const balance: Record<Currency, number> = { USD: 0, CAD: 0 };
        const spent = new Map<number, number>();
        const returned = new Set<number>();
        let lastGrant: { source: string; currency: Currency; cents: number } | undefined;
        for (const c of commands) {
          if (c.op === 'grant') {
            lastGrant = { source: referral(), currency: c.currency, cents: c.cents };
            const written = await db().transaction((tx) => grantCredit(tx, { userId, kind: 'referral', ...lastGrant! }));
            expect(written).toBe(true);
            balance[c.currency] += c.cents;
          } else if (c.op === 'grant_again') {
            if (!lastGrant) continue;
            const written = await db().transaction((tx) => grantCredit(tx, { userId, kind: 'referral', ...lastGrant! }));
            expect(written).toBe(false);
          } else if (c.op === 'spend') {
            const orderId = orderIds[c.order]!;
            const cur = orderCurrencies[c.order]!;
            const cents = await db().transaction((tx) => spendCredit(tx, { userId, currency: cur, orderId, upTo: c.upTo }));
            if (spent.has(orderId)) {
              expect(cents).toBe(spent.get(orderId));
            } else {
              const expected = Math.min(c.upTo, balance[cur]);
              expect(cents).toBe(expected);
              if (expected > 0) spent.set(orderId, expected);
              balance[cur] -= expected;
            }
          } else {
            const orderId = orderIds[c.order]!;
            const cents = await db().transaction((tx) => returnCredit(tx, orderId));
            const due = spent.has(orderId) && !returned.has(orderId) ? spent.get(orderId)! : 0;
            expect(cents).toBe(due);
            if (due > 0) {
              returned.add(orderId);
              balance[orderCurrencies[c.order]!] += due;
            }
          }
          const sums = await rowSums(db(), userId);
          for (const cur of ['USD', 'CAD'] as const) {
            expect(sums[cur]).toBeGreaterThanOrEqual(0);
            expect(sums[cur]).toBe(balance[cur]);
            expect(await creditBalance(db(), userId, cur)).toBe(balance[cur]);
          }
        }
        for (const [index, orderId] of orderIds.entries()) {
          const kept = spent.has(orderId) && !returned.has(orderId) ? spent.get(orderId)! : 0;
          expect(await orderCreditSpent(db(), orderId), `order ${index}`).toBe(kept);
        }
        const all = await creditBalances(db(), userId);
        expect(all.USD ?? 0).toBe(balance.USD);
        expect(all.CAD ?? 0).toBe(balance.CAD);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('two orders racing for one balance spend it once: the second waits for the first (the customer’s lock) and finds nothing left', async () => {
    const { id: userId } = await insertShopper(db());
    await db().transaction((tx) => grantCredit(tx, { userId, currency: 'USD', cents: 5000, kind: 'referral', source: referral() }));
    const [first, second] = [await pendingOrder(db(), userId, 'USD'), await pendingOrder(db(), userId, 'USD')];
    let results: Promise<number>[] = [];
    if (database().driver === 'postgres') {
      // Forced: both spends start while the customer's row is held, so both wait for it; released, they go one by one.
      await db().transaction(async (tx) => {
        await lockUser(tx, userId);
        results = [first, second].map((orderId) => db().transaction((t2) => spendCredit(t2, { userId, currency: 'USD', orderId, upTo: 4000 })));
        await untilLockWaiters(db(), 2);
      });
    } else {
      // The embedded database has one connection: the two transactions take turns.
      results = [first, second].map((orderId) => db().transaction((tx) => spendCredit(tx, { userId, currency: 'USD', orderId, upTo: 4000 })));
    }
    const spent = await Promise.all(results);
    expect(spent.sort((a, b) => a - b)).toEqual([1000, 4000]);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
    expect((await rowSums(db(), userId)).USD).toBe(0);
  });

  it('a spend held open makes the next one wait until it commits (PostgreSQL), so the second sees the first’s spend', async () => {
    if (database().driver !== 'postgres') return;
    const { id: userId } = await insertShopper(db());
    await db().transaction((tx) => grantCredit(tx, { userId, currency: 'USD', cents: 3000, kind: 'referral', source: referral() }));
    const [first, second] = [await pendingOrder(db(), userId, 'USD'), await pendingOrder(db(), userId, 'USD')];
    let secondSpend: Promise<number> | undefined;
    const firstSpend = await db().transaction(async (tx) => {
      const cents = await spendCredit(tx, { userId, currency: 'USD', orderId: first, upTo: 3000 });
      secondSpend = db().transaction((t2) => spendCredit(t2, { userId, currency: 'USD', orderId: second, upTo: 3000 }));
      await untilLockWaiters(db(), 1);
      return cents;
    });
    expect(firstSpend).toBe(3000);
    expect(await secondSpend).toBe(0);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
  });

  it('a gift card credits its giftee once; a credit in cents that are not whole, zero or negative is refused before anything is written', async () => {
    const { id: userId } = await insertShopper(db());
    const giftless = grantCredit(db(), { userId, currency: 'USD', cents: 100, kind: 'gift_card' });
    await expect(giftless).rejects.toThrow(/names its gift/);
    for (const cents of [0, -5, 10.5]) {
      await expect(grantCredit(db(), { userId, currency: 'USD', cents, kind: 'referral', source: referral() })).rejects.toThrow(/integer cents/);
    }
    const orderId = await pendingOrder(db(), userId, 'USD');
    await expect(db().transaction((tx) => spendCredit(tx, { userId, currency: 'USD', orderId, upTo: -1 }))).rejects.toThrow(/integer cents/);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
  });

  it('an order spends only its own customer’s credit, in its own currency', async () => {
    const { id: userId } = await insertShopper(db());
    const { id: otherId } = await insertShopper(db());
    await db().transaction((tx) => grantCredit(tx, { userId: otherId, currency: 'USD', cents: 2000, kind: 'referral', source: referral() }));
    const orderId = await pendingOrder(db(), userId, 'USD');
    await expect(db().transaction((tx) => spendCredit(tx, { userId: otherId, currency: 'USD', orderId, upTo: 2000 }))).rejects.toThrow(/not an order of/);
    await expect(db().transaction((tx) => spendCredit(tx, { userId, currency: 'CAD', orderId, upTo: 2000 }))).rejects.toThrow(/not an order of/);
    expect(await creditBalance(db(), otherId, 'USD')).toBe(2000);
  });

  it('the database itself refuses a second spend or return for one order and a credit of the wrong sign', async () => {
    const { id: userId } = await insertShopper(db());
    const orderId = await pendingOrder(db(), userId, 'USD');
    await db().insert(creditLedger).values({ userId, currency: 'USD', amount: 500, kind: 'referral', source: referral() });
    await db().insert(creditLedger).values({ userId, currency: 'USD', amount: -100, kind: 'order_spent', orderId });
    await expect(db().insert(creditLedger).values({ userId, currency: 'USD', amount: -100, kind: 'order_spent', orderId })).rejects.toThrow();
    await db().insert(creditLedger).values({ userId, currency: 'USD', amount: 100, kind: 'order_returned', orderId });
    await expect(db().insert(creditLedger).values({ userId, currency: 'USD', amount: 100, kind: 'order_returned', orderId })).rejects.toThrow();
    await expect(db().insert(creditLedger).values({ userId, currency: 'USD', amount: -5, kind: 'referral', source: referral() })).rejects.toThrow();
    await expect(db().insert(creditLedger).values({ userId, currency: 'USD', amount: 5, kind: 'order_spent', orderId })).rejects.toThrow();
  });
});
