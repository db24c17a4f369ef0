/**
 * Coupons on the server's cart and orders (issue 28 item 5; spec 001 §3 Cart display_coupons, Cart item category
 * coupon, §9 "Coupons and referrals"; api/README.md "Coupons on a cart"; server/promotions/README.md).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#api';
import { toCents } from '#api/money';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { cartCoupons, carts, couponCounters, couponUses, coupons, orders, testProviderCharges } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { compileCoupons, couponBook, replaceCouponBook, type Coupon } from '../../server/promotions/coupon-book';
import { couponDiscount, couponOriginLabel } from '../../server/promotions/coupon-rules';
import { ApiError } from '../../api/client/api-error';
import { applyCartChange, cartPatchOf } from '../../shop/cart/cart-changes';
import { couponRefusal } from '../../shop/cart/cart-machine';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { untilLockWaiters } from './support/lock-waits';
import { createTestApp, testClock, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const NOW = new Date('2026-07-15T12:00:00Z');
const limits = oneAddressLimits;

/** A coupon for a test, over the defaults of the file. */
const coupon = (code: string, fields: Partial<Coupon> = {}): Coupon => ({
  code,
  key: code.toLowerCase(),
  label: `${code} label`,
  origin: 'promotion',
  percentOff: 10,
  amountOff: null,
  category: 'any',
  minimum: null,
  firstOrderOnly: false,
  starts: null,
  ends: null,
  usesPerCustomer: null,
  usesInAll: null,
  ...fields,
});

/** The shipped file's coupons and the tests' own. */
function bookWith(...extra: Coupon[]): Map<string, Coupon> {
  replaceCouponBook();
  const book = new Map(couponBook());
  for (const c of extra) book.set(c.key, c);
  return book;
}

const cents = (amount: number) => toCents(amount);

describe('the coupons file (spec 001 §9 Coupons and referrals)', () => {
  it('the shipped coupons.yaml is sound', () => {
    replaceCouponBook();
    expect(couponBook().get('welcome')).toMatchObject({ code: 'WELCOME', percentOff: 10, firstOrderOnly: true, usesPerCustomer: 1 });
  });

  it('a broken file names each problem at file:line:column; nothing is loaded', () => {
    const broken = compileCoupons(
      [
        '- code: SPRING',
        '  label: Spring',
        '  origin: promotion',
        '  percent_off: 120',
        '- code: spring',
        '  label: Again',
        '  origin: flyer',
        '  amount_off: { USD: 10.5 }',
        '- code: BOTH',
        '  label: Both',
        '  origin: gift',
        '  percent_off: 10',
        '  amount_off: { USD: 1000 }',
        "  starts: '2026-02-01T00:00:00Z'",
        "  ends: '2026-01-01T00:00:00Z'",
        '',
      ].join('\n'),
      'coupons.yaml',
    );
    expect(broken.table).toBeUndefined();
    expect(broken.problems.map((p) => [p.location.file, p.location.line, p.message])).toEqual([
      ['coupons.yaml', 4, 'Expected 1 to 100.'],
      ['coupons.yaml', 7, 'Expected one of referral_advocate, referral_code, gift, promotion, partner.'],
      ['coupons.yaml', 8, 'Expected whole cents, such as 1000 for $10.'],
    ]);
    const rules = compileCoupons(
      [
        '- code: SPRING',
        '  label: Spring',
        '  origin: promotion',
        '  percent_off: 10',
        '- code: spring',
        '  label: Again',
        '  origin: gift',
        '  percent_off: 10',
        '  amount_off: { USD: 1000 }',
        "  starts: '2026-02-01T00:00:00Z'",
        "  ends: '2026-01-01T00:00:00Z'",
        '',
      ].join('\n'),
      'coupons.yaml',
    );
    expect(rules.problems.map((p) => [p.location.line, p.message])).toEqual([
      [5, 'The code "spring" is used twice (codes are the same whatever the case).'],
      [5, 'Expected exactly one of percent_off and amount_off.'],
      [11, 'Expected ends after starts.'],
    ]);
  });

  it('§9: labels by origin: referral_advocate → Credit, referral_code → Discount, gift → Gift Set, otherwise Discount', () => {
    expect(['referral_advocate', 'referral_code', 'gift', 'promotion', 'partner'].map(couponOriginLabel)).toEqual([
      'Credit',
      'Discount',
      'Gift Set',
      'Discount',
      'Discount',
    ]);
  });

  it('percent off is rounded once, half up; amount off never takes more than the lines', () => {
    expect(couponDiscount({ percentOff: 15, amountOff: null }, 8330, 'USD')).toBe(1250); // 1249.5 → 1250
    expect(couponDiscount({ percentOff: 15, amountOff: null }, 8329, 'USD')).toBe(1249); // 1249.35
    expect(couponDiscount({ percentOff: null, amountOff: { USD: 1000 } }, 600, 'USD')).toBe(600);
    expect(couponDiscount({ percentOff: null, amountOff: { USD: 1000 } }, 6000, 'USD')).toBe(1000);
  });
});

describe('the web cart’s coupon (shop/cart: the server decides and prices it)', () => {
  it('sends {coupon} (null removes it), changes nothing before the server answers, and shows the server’s reason when refused', () => {
    expect(cartPatchOf({ kind: 'coupon', code: 'WELCOME' }, null)).toEqual({ coupon: 'WELCOME' });
    expect(cartPatchOf({ kind: 'coupon', code: null }, null)).toEqual({ coupon: null });
    const cart = { items: [], display_coupons: [] } as unknown as Cart;
    expect(applyCartChange(cart, { kind: 'coupon', code: 'WELCOME' })).toBe(cart);
    const refused = new ApiError({
      status: 422,
      code: 'invalid_coupon',
      detail: 'This code has been used up.',
      fields: { coupon: ['This code has been used up.'] },
    });
    expect(couponRefusal(refused)).toBe('This code has been used up.');
    expect(couponRefusal(new Error('offline'))).toBe('We could not apply this code. Please try again.');
  });
});

describeEachDatabase('coupons on the cart and the order (spec 001 §3 Cart display_coupons, §9)', (database) => {
  let t: TestApp;
  const clock = testClock(NOW);
  const cartOf = async (token: string): Promise<Cart> => (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
  const setCoupon = (token: string, code: unknown) => t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { coupon: code } });
  /** The orders using a code now (reserved or paid): what its limits count. */
  const liveUses = async (code: string) =>
    (
      await database()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(couponUses)
        .where(and(eq(couponUses.code, code), inArray(couponUses.status, ['reserved', 'used'])))
    )[0]!.n;
  const backToCheckout = (token: string) => t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });

  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    await database().db.insert(coupons).values({ code: 'welcome' }).onConflictDoNothing();
    t = createTestApp(database().db, { flows, clock, config: { rateLimits: limits } });
  });
  afterEach(() => {
    replaceCouponBook();
    clock.set(NOW);
  });

  it('§3 Cart: a coupon lowers total_discount, taxes, amount_due and payment_from_customer exactly, in cents; shown in display_coupons with its §9 label and as a coupon item', async () => {
    const token = await shopperAtCheckout(t);
    const before = await cartOf(token);
    const applied = await setCoupon(token, ' welcome ');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const cart: Cart = applied.body;
    // 10% of the goods as the cart charges them (after the subscription saving), half up.
    const goods = cents(before.total_amount) - cents(before.total_shipping);
    const off = Math.floor((goods * 10 + 50) / 100);
    expect(cart.display_coupons).toEqual([{ code: 'WELCOME', label: 'Discount', amount: off / 100 }]);
    expect(cart.items.find((i) => i.category === 'coupon')).toMatchObject({
      category: 'coupon',
      product: 'WELCOME',
      quantity: 1,
      label: 'Welcome, 10% off your first order',
      amount: off / 100,
      total_price: -off / 100,
      is_cart_visible: false,
      origin: 'promotion',
    });
    expect(cents(cart.total_discount)).toBe(cents(before.total_discount) + off);
    expect(cents(cart.total_amount)).toBe(cents(before.total_amount) - off);
    // Taxes on the goods after the coupon (Austin, TX 6.25%), rounded once, half up.
    const taxes = Math.floor(((goods - off) * 6250 + 50_000) / 100_000);
    expect(cents(cart.estimated_taxes!)).toBe(taxes);
    expect(cents(cart.amount_due)).toBe(cents(cart.total_amount) + taxes);
    expect(cart.payment_from_customer).toBe(cart.amount_due);
    expect(cart.gift_cards).toEqual([]);
    // A GET shows the same; removing it (null) puts every figure back.
    expect(await cartOf(token)).toEqual(cart);
    const removed = await setCoupon(token, null);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ display_coupons: [], amount_due: before.amount_due, total_discount: before.total_discount });
    expect(removed.body.items.some((i: { category: string }) => i.category === 'coupon')).toBe(false);
  });

  it('§9: a referral_advocate code shows as Credit, a gift code as Gift Set', async () => {
    replaceCouponBook(bookWith(coupon('GIFTSET5', { origin: 'gift', percentOff: 5 })));
    const token = await shopperAtCheckout(t);
    expect((await setCoupon(token, 'thankyou15')).body.display_coupons).toMatchObject([{ code: 'THANKYOU15', label: 'Credit', amount: 15 }]);
    expect((await setCoupon(token, 'GIFTSET5')).body.display_coupons).toMatchObject([{ code: 'GIFTSET5', label: 'Gift Set' }]);
  });

  it('an unknown, not-yet-valid, expired, wrong-category, below-minimum or other-currency code is 422 invalid_coupon naming why in fields.coupon, and changes nothing', async () => {
    replaceCouponBook(
      bookWith(
        coupon('LATER', { starts: new Date('2026-08-01T00:00:00Z') }),
        coupon('GONE', { ends: new Date('2026-07-01T00:00:00Z') }),
        coupon('BIGSPEND', { minimum: { USD: 100_000 } }),
        coupon('CANADA', { percentOff: null, amountOff: { CAD: 500 } }),
      ),
    );
    const token = await shopperAtCheckout(t);
    await setCoupon(token, 'welcome');
    const db = database().db;
    const before = await cartOf(token);
    const [row] = await db.select().from(carts).where(eq(carts.pubkey, before.pubkey));
    const cases: [string, RegExp][] = [
      ['NOPE', /There is no coupon with this code/],
      ['LATER', /can be used from August 1, 2026/],
      ['GONE', /expired on June 30, 2026/],
      ['GLOW10', /for skincare products: your cart has none/],
      ['BIGSPEND', /needs \$1,000 of products/],
      ['CANADA', /cannot be used in USD/],
    ];
    for (const [code, why] of cases) {
      const refused = await setCoupon(token, code);
      expect(refused.status, code).toBe(422);
      expect(refused.body).toMatchObject({ code: 'invalid_coupon', detail: expect.stringMatching(why), fields: { coupon: [expect.stringMatching(why)] } });
    }
    // Nothing changed: the cart keeps its coupon, figures and version.
    expect(await cartOf(token)).toEqual(before);
    expect((await db.select().from(carts).where(eq(carts.id, row!.id)))[0]!.version).toBe(row!.version);
    expect((await db.select().from(cartCoupons).where(eq(cartCoupons.cartId, row!.id)))[0]!.code).toBe('welcome');
  });

  it('a malformed code is a 400 validation_error naming coupon; a shopper without a cart gets 404 (another account’s cart is never touched)', async () => {
    const token = await shopperAtCheckout(t);
    const bad = await setCoupon(token, 'no spaces!');
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { coupon: [expect.any(String)] } } });
    expect((await setCoupon(token, 42)).status).toBe(400);
    const other = await t.call('POST', '/v1/auth/signup/', { body: { email: `other.${Date.now()}@example.com`, has_accepted_terms: true } });
    const missing = await setCoupon(other.body.access, 'welcome');
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect((await cartOf(token)).display_coupons).toEqual([]);
  });

  it('the order charges what the cart showed with its coupon, records the coupon’s use with it, and the cart no longer carries the code', async () => {
    const token = await shopperAtCheckout(t);
    const cart: Cart = (await setCoupon(token, 'welcome')).body;
    const placed = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ status: 'paid', total_amount: cart.amount_due, total_price: cart.total_price, total_taxes: cart.estimated_taxes });
    const db = database().db;
    const [order] = await db.select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    expect(order!.totalDiscount).toBe(cents(cart.total_discount));
    // The invariant: what is charged = lines − discounts (subscription and coupon) + shipping + taxes.
    expect(order!.totalAmount).toBe(order!.totalPrice - order!.totalDiscount + order!.totalShipping + order!.totalTaxes);
    const [charge] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.id, order!.chargeId!));
    expect(charge!.amount).toBe(cents(cart.amount_due));
    expect(
      await db
        .select({ code: couponUses.code, status: couponUses.status, amount: couponUses.amount })
        .from(couponUses)
        .where(eq(couponUses.orderId, order!.id)),
    ).toEqual([{ code: 'welcome', status: 'used', amount: cents(cart.display_coupons[0]!.amount) }]);
    expect((await cartOf(token).catch(() => null))?.display_coupons ?? []).toEqual([]);
    // First order only, once per customer: the next cart cannot take it.
    await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    expect(await setCoupon(token, 'welcome')).toMatchObject({ status: 422, body: { fields: { coupon: ['This code is for a first order only.'] } } });
  });

  it('a declined payment releases the coupon’s use; the retry with another card uses it, once', async () => {
    replaceCouponBook(bookWith(coupon('ONCE', { usesInAll: 1 })));
    const token = await shopperAtCheckout(t);
    const cart: Cart = (await setCoupon(token, 'ONCE')).body;
    const declined = await placeOrder(t, token, { payment: { token: await cardToken(t, '4000000000000002') } });
    expect(declined).toMatchObject({ status: 402, body: { code: 'card_declined' } });
    const db = database().db;
    expect(await db.select({ status: couponUses.status }).from(couponUses).where(eq(couponUses.code, 'once'))).toEqual([{ status: 'released' }]);
    expect(await liveUses('once')).toBe(0);
    expect((await cartOf(token)).display_coupons).toEqual(cart.display_coupons);
    await backToCheckout(token);
    const paid = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.total_amount).toBe(cart.amount_due);
    expect(await liveUses('once')).toBe(1);
    // A retry of the same request finds the same order: the use is not counted twice.
    const again = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect([201, 422]).toContain(again.status);
    expect(await liveUses('once')).toBe(1);
  });

  it('a coupon that expired after the cart showed it: the order is refused (422 invalid_coupon), nothing is charged, the coupon leaves the cart, and the next order charges the cart’s new total', async () => {
    replaceCouponBook(bookWith(coupon('TODAY', { ends: new Date('2026-07-15T12:05:00Z') })));
    const token = await shopperAtCheckout(t);
    const shown: Cart = (await setCoupon(token, 'today')).body;
    expect(shown.display_coupons).toHaveLength(1);
    clock.set(new Date('2026-07-15T12:05:01Z'));
    const db = database().db;
    const charges = (await db.select({ n: sql<number>`count(*)::int` }).from(testProviderCharges))[0]!.n;
    const refused = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(refused).toMatchObject({
      status: 422,
      body: {
        code: 'invalid_coupon',
        detail: expect.stringMatching(/expired.*removed from your cart/),
        fields: { coupon: [expect.stringMatching(/expired/)] },
      },
    });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(testProviderCharges))[0]!.n).toBe(charges);
    const now: Cart = await cartOf(token);
    expect(now.display_coupons).toEqual([]);
    expect(cents(now.amount_due)).toBeGreaterThan(cents(shown.amount_due));
    const placed = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.total_amount).toBe(now.amount_due);
  });

  it('a coupon given at sign-up is kept on the account and applied to its cart', async () => {
    const token = await shopperAtCheckout(t, {});
    // shopperAtCheckout signs up without a coupon: sign a new one up with it.
    const email = `signup.coupon.${Date.now()}@example.com`;
    const signed = await t.call('POST', '/v1/auth/signup/', { body: { email, has_accepted_terms: true, coupon: 'Welcome' } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const mine = signed.body.access as string;
    const made = await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo"]')}`, { token: mine });
    expect(made.status).toBe(200);
    expect((await cartOf(mine)).display_coupons).toMatchObject([{ code: 'WELCOME', label: 'Discount' }]);
    // Removed by the shopper, it stays off.
    expect((await setCoupon(mine, null)).body.display_coupons).toEqual([]);
    expect((await cartOf(mine)).display_coupons).toEqual([]);
    // The other shopper, who signed up without it, has none.
    expect((await cartOf(token)).display_coupons).toEqual([]);
  });

  it('a coupon with one use left, claimed by two shoppers racing: exactly one order gets it, the other is refused and charged nothing (forced interleaving on PostgreSQL)', async () => {
    replaceCouponBook(bookWith(coupon('LAST1', { usesInAll: 1 })));
    const [a, b] = [await shopperAtCheckout(t), await shopperAtCheckout(t)];
    expect((await setCoupon(a, 'last1')).status).toBe(200);
    expect((await setCoupon(b, 'last1')).status).toBe(200);
    await Promise.all([backToCheckout(a), backToCheckout(b)]);
    const [ta, tb] = [await cardToken(t, '4242424242424242'), await cardToken(t, '4242424242424242')];
    const db = database().db;
    let results: { status: number; body: any }[] = [];
    if (database().driver === 'postgres') {
      // The code's row is held while both orders come to claim it; then they go one after the other.
      await db.insert(couponCounters).values({ code: 'last1' }).onConflictDoNothing();
      await db.transaction(async (tx) => {
        await tx.select().from(couponCounters).where(eq(couponCounters.code, 'last1')).for('update');
        const racing = [placeOrder(t, a, { payment: { token: ta } }), placeOrder(t, b, { payment: { token: tb } })];
        await untilLockWaiters(db, 2);
        setTimeout(() => void Promise.all(racing).then((r) => (results = r)), 0);
      });
      await expect.poll(() => results.length, { timeout: 20_000 }).toBe(2);
    } else {
      results = await Promise.all([placeOrder(t, a, { payment: { token: ta } }), placeOrder(t, b, { payment: { token: tb } })]);
    }
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body).toMatchObject({ code: 'invalid_coupon', fields: { coupon: ['This code has been used up.'] } });
    expect(await db.select({ status: couponUses.status }).from(couponUses).where(eq(couponUses.code, 'last1'))).toEqual([{ status: 'used' }]);
    expect(await liveUses('last1')).toBe(1);
    const paidWithIt = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(couponUses, eq(couponUses.orderId, orders.id))
      .where(and(eq(couponUses.code, 'last1'), eq(orders.status, 'paid')));
    expect(paidWithIt).toHaveLength(1);
  });
});
