/**
 * Coupons and shop credit tried as an attacker would (issue 28 "Security and bad input"; spec 001 §3 Cart, §4
 * Checkout and payment): a price or discount sent by the client, a retried order, two tabs ordering one cart with a
 * coupon and credit, one code used from two carts, and a decline followed by a retry. Each ends with one order at
 * most per cart, one use of the code, and the credit spent once.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { Cart } from '#api';
import { toCents } from '#api/money';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { couponUses, creditLedger, orders, testProviderCharges, users } from '../../server/db/schema';
import { creditBalance, grantCredit } from '../../server/money/credit-ledger';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { couponBook, replaceCouponBook, type Coupon } from '../../server/promotions/coupon-book';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, rosaAddress, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { createTestApp, testClock, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const NOW = new Date('2026-07-15T12:00:00Z');
const limits = oneAddressLimits;

const oncePerCustomer: Coupon = {
  code: 'MINE1',
  key: 'mine1',
  label: 'Yours once',
  origin: 'promotion',
  percentOff: 20,
  amountOff: null,
  category: 'any',
  minimum: null,
  firstOrderOnly: false,
  starts: null,
  ends: null,
  usesPerCustomer: 1,
  usesInAll: null,
};

describeEachDatabase('coupons and credit under attack (issue 28 Security and bad input)', (database) => {
  const db = () => database().db;
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows, clock: testClock(NOW), config: { rateLimits: limits } });
    replaceCouponBook(new Map([...couponBook(), [oncePerCustomer.key, oncePerCustomer]]));
  });
  afterEach(() => replaceCouponBook(new Map([...couponBook(), [oncePerCustomer.key, oncePerCustomer]])));

  const userIdOf = async (token: string) => {
    const account = await t.call('GET', '/v1/account/', { token });
    return (await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey)))[0]!.id;
  };
  const grant = async (userId: number, cents: number) =>
    db().transaction((tx) => grantCredit(tx, { userId, currency: 'USD', cents, kind: 'referral', source: `attack:${userId}:${cents}:${Math.random()}` }));
  const setCoupon = (token: string, body: unknown) => t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body });
  /** The orders using a code now (reserved or paid): what its limits count. */
  const liveUses = async (code: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(couponUses)
        .where(and(eq(couponUses.code, code), inArray(couponUses.status, ['reserved', 'used'])))
    )[0]!.n;
  const usesOf = async (userId: number) =>
    (await db().select({ status: couponUses.status }).from(couponUses).where(eq(couponUses.userId, userId))).map((u) => u.status).sort();
  const spentBy = async (userId: number) =>
    Number(
      (
        await db()
          .select({ n: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, userId), inArray(creditLedger.kind, ['order_spent', 'order_returned'])))
      )[0]!.n,
    );

  it('a price, a discount or a credit sent with the cart or the order is refused (400), and nothing changes', async () => {
    const token = await shopperAtCheckout(t);
    const before: Cart = (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
    for (const body of [
      { coupon: 'WELCOME', total_discount: 100 },
      { coupon: 'WELCOME', amount: 50 },
      { coupon: { code: 'WELCOME', percent_off: 100 } },
      { gift_cards: [{ code: 'credit', amount: 500 }] },
      { payment_from_customer: 0 },
    ]) {
      const refused = await setCoupon(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('validation_error');
    }
    const order = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') }, total_amount: 0, coupon: 'WELCOME' });
    expect(order.status).toBe(400);
    expect((await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body).toEqual(before);
  });

  it('a retried order (the same Idempotency-Key) is the same order: one charge, one use of the code, the credit spent once', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await userIdOf(token);
    await grant(userId, 1000);
    expect((await setCoupon(token, { coupon: 'mine1' })).status).toBe(200);
    const body = { payment: { token: await cardToken(t, '4242424242424242') } };
    const first = await placeOrder(t, token, body, 'attack-retry-1');
    const again = await placeOrder(t, token, body, 'attack-retry-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { pubkey: first.body.pubkey, total_amount: first.body.total_amount } });
    const charges = await db()
      .select({ n: count() })
      .from(testProviderCharges)
      .where(eq(testProviderCharges.idempotencyKey, `order:${first.body.pubkey}`));
    expect(charges[0]!.n).toBe(1);
    expect(await usesOf(userId)).toEqual(['used']);
    expect(await spentBy(userId)).toBe(-1000);
  });

  it('two tabs ordering one cart with a coupon and credit at once: one order, one use of the code, the credit spent once', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await userIdOf(token);
    await grant(userId, 700);
    expect((await setCoupon(token, { coupon: 'mine1' })).status).toBe(200);
    const [a, b] = [await cardToken(t, '4242424242424242'), await cardToken(t, '4242424242424242')];
    const results = await Promise.all([placeOrder(t, token, { payment: { token: a } }), placeOrder(t, token, { payment: { token: b } })]);
    const placed = results.filter((r) => r.status === 201);
    expect(placed, JSON.stringify(results.map((r) => [r.status, r.body.code]))).toHaveLength(1);
    for (const other of results.filter((r) => r.status !== 201)) expect([409, 422]).toContain(other.status);
    const paid = await db()
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')));
    expect(paid[0]!.n).toBe(1);
    expect(await usesOf(userId)).toEqual(['used']);
    expect(await spentBy(userId)).toBe(-700);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
  });

  it('a code good once per customer, put on two carts of one shopper: the first order takes it, the second is refused (422) and charges nothing', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await userIdOf(token);
    expect((await setCoupon(token, { coupon: 'mine1' })).status).toBe(200);
    expect(
      (await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } })).status,
    ).toBe(201);
    expect((await t.call('PATCH', '/v2/cart/', { token, body: { coupon: 'MINE1' } })).status).toBe(200);
    expect((await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } })).status).toBe(200);
    const first = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242') } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const charges = (await db().select({ n: count() }).from(testProviderCharges))[0]!.n;
    const second = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242424242424242') } } });
    expect(second).toMatchObject({ status: 422, body: { code: 'invalid_coupon', fields: { coupon: ['You have already used this code.'] } } });
    expect((await db().select({ n: count() }).from(testProviderCharges))[0]!.n).toBe(charges);
    expect(await usesOf(userId)).toEqual(['used']);
    // The universal cart no longer carries it: the next attempt charges what the cart now shows.
    const universal: Cart = (await t.call('GET', '/v2/cart/', { token })).body;
    expect(universal.display_coupons).toEqual([]);
    const third = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242424242424242') } } });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect(toCents(third.body.total_amount)).toBe(toCents(universal.amount_due));
  });

  it('a declined card keeps neither the code’s use nor the credit; declines do not use up a code with one use left', async () => {
    replaceCouponBook(new Map([...couponBook(), ['solo', { ...oncePerCustomer, code: 'SOLO', key: 'solo', usesPerCustomer: null, usesInAll: 1 }]]));
    const token = await shopperAtCheckout(t, { address: { ...rosaAddress } });
    const userId = await userIdOf(token);
    await grant(userId, 500);
    expect((await setCoupon(token, { coupon: 'solo' })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const declined = await placeOrder(t, token, { payment: { token: await cardToken(t, '4000000000000002') } });
      expect(declined.status).toBe(402);
      await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
    }
    expect(await usesOf(userId)).toEqual(['released', 'released', 'released']);
    expect(await liveUses('solo')).toBe(0);
    expect(await creditBalance(db(), userId, 'USD')).toBe(500);
    const paid = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await liveUses('solo')).toBe(1);
  });
});
