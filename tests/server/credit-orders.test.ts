/**
 * Shop credit paying orders (issue 28 item 3; spec 001 §3 Cart gift_cards and payment_from_customer, §4 Checkout and
 * payment, §5 "A gift card cannot buy other gift cards"), and the order's totals adding up (issue 28 item 7): the
 * credit the cart shows is spent with the order, a refused payment gives it back, a cart the credit pays in full needs
 * no card, and two orders racing for one credit never spend it twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#api';
import { toCents, type Currency } from '#api/money';
import type { CatalogueEntry } from '../../server/catalog/catalogue-reader';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { priceCart } from '../../server/cart/price-cart';
import { creditLedger, gifts, orders, scheduledJobs, testProviderCharges, users } from '../../server/db/schema';
import { GIFT_MAIL_JOB, giftMailKey } from '../../server/gifts/gift-paid';
import { creditBalance, grantCredit } from '../../server/money/credit-ledger';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Coupon } from '../../server/promotions/coupon-book';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, rosaAddress, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { untilLockWaiters } from './support/lock-waits';
import { createTestApp, signUpCustomer, testClock, TEST_SECRET, type TestApp } from './support/test-app';
import { reconcileOrders } from '../../server/money/settle-payment';
import type { PaymentProvider } from '../../server/payments/payment-provider';
import { createTestProvider } from '../../server/payments/test-provider';
import { couponUses } from '../../server/db/schema';
import type { Services } from '../../server/services';

const flows = loadProfileFlows('flows');
const NOW = new Date('2026-10-20T16:00:00Z');
const limits = oneAddressLimits;
const cents = toCents;

describe('an order’s total adds up (issue 28 item 7: total = lines − coupon − credit + shipping + tax, in cents)', () => {
  const entry = (i: number, category: string, price: number, subscribable: boolean): CatalogueEntry =>
    ({
      type: i === 0 && category === 'others' ? 'digital_gift' : `p${i}`,
      category,
      isSubscribable: subscribable,
      price: { USD: price, CAD: price + 100 },
      subscribedPrice: { USD: Math.round(price * 0.85), CAD: Math.round((price + 100) * 0.85) },
    }) as unknown as CatalogueEntry;
  const line = fc.record({
    i: fc.integer({ min: 0, max: 5 }),
    category: fc.constantFrom('haircare', 'skincare', 'others'),
    price: fc.integer({ min: 1, max: 20_000 }),
    subscribable: fc.boolean(),
    subscribed: fc.boolean(),
    quantity: fc.integer({ min: 0, max: 4 }),
    gift: fc.boolean(),
  });
  const coupon = fc.record({
    percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    amount: fc.integer({ min: 1, max: 50_000 }),
    category: fc.constantFrom('haircare', 'skincare', 'accessories', 'any' as const),
    minimum: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null }),
  });

  it('never negative, always adds up, whatever the cart, coupon, credit and tax rate', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.option(coupon, { nil: null }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(fc.integer({ min: 0, max: 15_000 }), { nil: null }),
        fc.constantFrom<Currency>('USD', 'CAD'),
        (lines, c, balance, rate, currency) => {
          const priced = lines.map((l) => ({
            entry: entry(l.i, l.category, l.price, l.subscribable),
            quantity: l.quantity,
            subscriptionActive: l.subscribed,
            category: l.gift ? 'gift' : 'formula',
          }));
          const applied: Coupon | null = c && {
            code: 'X',
            key: 'x',
            label: 'X',
            origin: 'promotion',
            percentOff: c.percent,
            amountOff: c.percent === null ? { [currency]: c.amount } : null,
            category: c.category,
            minimum: c.minimum === null ? null : { [currency]: c.minimum },
            firstOrderOnly: false,
            starts: null,
            ends: null,
            usesPerCustomer: null,
            usesInAll: null,
          };
          const facts = { now: NOW, currency, hasOrdered: false, usesByCustomer: 0, usesInAll: 0 };
          const p = priceCart(priced, currency, { rate, coupon: applied && { coupon: applied, facts }, credit: balance });
          const off = p.coupon?.discount ?? 0;
          for (const value of [p.totalPrice, p.totalDiscount, p.totalShipping, p.totalAmount, p.taxes, p.amountDue, p.credit, p.paymentFromCustomer, off])
            expect(Number.isInteger(value) && value >= 0).toBe(true);
          expect(p.totalDiscount).toBe(p.subscriptionSaving + off);
          expect(p.totalAmount).toBe(p.totalPrice - p.totalDiscount + p.totalShipping);
          expect(p.amountDue).toBe(p.totalAmount + p.taxes);
          // What the card pays: lines − savings − coupon − credit + shipping + tax.
          expect(p.paymentFromCustomer).toBe(p.totalPrice - p.subscriptionSaving - off - p.credit + p.totalShipping + p.taxes);
          expect(p.credit).toBeLessThanOrEqual(balance);
          expect(p.credit).toBeLessThanOrEqual(p.amountDue);
          // §5: a cart holding a gift card uses no credit; otherwise the credit pays all it can.
          if (p.holdsGiftCard) expect(p.credit).toBe(0);
          else expect(p.credit).toBe(Math.min(balance, p.amountDue));
          // The coupon never takes off more than the goods, nor anything off a gift card.
          expect(off).toBeLessThanOrEqual(p.totalPrice - p.subscriptionSaving);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describeEachDatabase('shop credit pays orders (spec 001 §3 Cart gift_cards, §4 Checkout and payment, §5)', (database) => {
  const db = () => database().db;
  const clock = testClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows, clock, config: { rateLimits: limits } });
  });

  const userIdOf = async (token: string) => {
    const account = await t.call('GET', '/v1/account/', { token });
    return (await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey)))[0]!.id;
  };
  const grant = async (token: string, amount: number) => {
    const userId = await userIdOf(token);
    await db().transaction((tx) => grantCredit(tx, { userId, currency: 'USD', cents: amount, kind: 'referral', source: `test:${userId}:${Math.random()}` }));
    return userId;
  };
  const haircareCart = async (token: string): Promise<Cart> => (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
  /** A universal cart of one brush (nothing subscribable), in checkout. */
  const brushAtCheckout = async (token: string, address = true): Promise<Cart> => {
    if (address) expect((await t.call('POST', '/v1/account/addresses', { token, body: { ...rosaAddress, primary: true } })).status).toBe(201);
    expect(
      (await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } })).status,
    ).toBe(201);
    const checkout = await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } });
    expect(checkout.status).toBe(200);
    return checkout.body;
  };
  const ledgerOf = async (userId: number) =>
    (await db().select({ kind: creditLedger.kind, amount: creditLedger.amount }).from(creditLedger).where(eq(creditLedger.userId, userId))).map((r) => [
      r.kind,
      r.amount,
    ]);
  const chargeCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(testProviderCharges)
    )[0]!.n;

  it('§3 Cart: the credit that will apply shows in gift_cards and payment_from_customer is amount_due less it; the order spends it and the card pays the rest', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await grant(token, 2000);
    const cart = await haircareCart(token);
    expect(cart.gift_cards).toEqual([{ code: 'credit', amount: 20 }]);
    expect(cents(cart.payment_from_customer)).toBe(cents(cart.amount_due) - 2000);
    const placed = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ status: 'paid', total_amount: cart.payment_from_customer });
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    const [charge] = await db().select().from(testProviderCharges).where(eq(testProviderCharges.id, order!.chargeId!));
    expect(charge!.amount).toBe(cents(cart.amount_due) - 2000);
    // total = lines − discounts − credit + shipping + tax, in cents.
    expect(order!.totalAmount).toBe(order!.totalPrice - order!.totalDiscount - 2000 + order!.totalShipping + order!.totalTaxes);
    expect(await ledgerOf(userId)).toContainEqual(['order_spent', -2000]);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
  });

  it('§4: when the credit pays everything and nothing is a subscription, no card is needed and the order is paid at once, without the provider', async () => {
    const { access: token } = await signUpCustomer(t);
    const userId = await grant(token, 50_000);
    const cart = await brushAtCheckout(token);
    expect(cart.payment_from_customer).toBe(0);
    expect(cart.gift_cards).toEqual([{ code: 'credit', amount: cart.amount_due }]);
    const before = await chargeCount();
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: {} });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ status: 'paid', total_amount: 0 });
    expect(await chargeCount()).toBe(before);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    expect(order).toMatchObject({ paymentProvider: null, chargeId: null, totalAmount: 0 });
    expect(await creditBalance(db(), userId, 'USD')).toBe(50_000 - cents(cart.amount_due));
  });

  it('§4: a subscription still needs a card even when the credit pays it all (400 naming payment, nothing spent)', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await grant(token, 100_000);
    expect((await haircareCart(token)).payment_from_customer).toBe(0);
    const refused = await placeOrder(t, token, {});
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { payment: [expect.any(String)] } } });
    expect(await creditBalance(db(), userId, 'USD')).toBe(100_000);
  });

  it('a declined payment gives the credit back, in the transaction that writes the outcome; the retry spends it again, once', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await grant(token, 1500);
    const declined = await placeOrder(t, token, { payment: { token: await cardToken(t, '4000000000000002') } });
    expect(declined).toMatchObject({ status: 402, body: { code: 'card_declined' } });
    expect(await creditBalance(db(), userId, 'USD')).toBe(1500);
    expect(await ledgerOf(userId)).toEqual(
      expect.arrayContaining([
        ['order_spent', -1500],
        ['order_returned', 1500],
      ]),
    );
    expect((await haircareCart(token)).gift_cards).toEqual([{ code: 'credit', amount: 15 }]);
    await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
    const paid = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
  });

  it('§5: a cart holding a gift card uses no credit: gift_cards is empty and the card pays it all; the paid gift order schedules its e-mail', async () => {
    const { access: token } = await signUpCustomer(t);
    const userId = await grant(token, 10_000);
    const made = await t.call('POST', '/v1/gifts/', {
      token,
      body: {
        amount: 50,
        occasion: 'birthday',
        message: 'Happy birthday!',
        recipient_name: 'Grace Hopper',
        recipient_email: 'grace@example.com',
        sender_name: 'Ada',
        send_on: '2026-11-01',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cart: Cart = (await t.call('GET', '/v2/cart/', { token })).body;
    expect(cart.gift_cards).toEqual([]);
    expect(cart.payment_from_customer).toBe(cart.amount_due);
    expect((await t.call('POST', '/v2/cart/place-order/', { token, body: {} })).status).toBe(400);
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242424242424242') } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.total_amount).toBe(50);
    expect(await creditBalance(db(), userId, 'USD')).toBe(10_000);
    // The money path's paid outcome scheduled the gift's e-mail (server/gifts/gift-paid.ts), nobody else.
    const [gift] = await db().select().from(gifts).where(eq(gifts.pubkey, made.body.pubkey));
    expect(gift!.status).toBe('scheduled');
    const jobs = await db()
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, GIFT_MAIL_JOB), eq(scheduledJobs.key, giftMailKey(gift!.id))));
    expect(jobs).toHaveLength(1);
  });

  it('two orders racing for one credit never spend it twice: each order waits for the other’s, and the card pays what the credit no longer covers (forced interleaving on PostgreSQL)', async () => {
    const token = await shopperAtCheckout(t);
    const userId = await grant(token, 3000);
    await brushAtCheckout(token, false);
    const [ta, tb] = [await cardToken(t, '4242424242424242'), await cardToken(t, '4242424242424242')];
    const race = () => [
      placeOrder(t, token, { category: 'haircare', payment: { token: ta } }),
      t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: tb } } }),
    ];
    let results: { status: number; body: any }[] = [];
    if (database().driver === 'postgres') {
      await db().transaction(async (tx) => {
        // The customer's row is held while both orders come to spend: then they go one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const racing = race();
        await untilLockWaiters(db(), 2);
        setTimeout(() => void Promise.all(racing).then((r) => (results = r)), 0);
      });
      await expect.poll(() => results.length, { timeout: 20_000 }).toBe(2);
    } else {
      results = await Promise.all(race());
    }
    expect(
      results.map((r) => r.status),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual([201, 201]);
    const spent = (await ledgerOf(userId)).filter(([kind]) => kind === 'order_spent').map(([, amount]) => amount);
    expect(spent.reduce((a, b) => (a as number) + (b as number), 0)).toBe(-3000);
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
    // Each order's charge is its amount due less the credit it spent.
    for (const r of results) {
      const [order] = await db().select().from(orders).where(eq(orders.pubkey, r.body.pubkey));
      const own = -(
        (
          await db()
            .select({ amount: creditLedger.amount })
            .from(creditLedger)
            .where(and(eq(creditLedger.orderId, order!.id), eq(creditLedger.kind, 'order_spent')))
        )[0]?.amount ?? 0
      );
      expect(order!.totalAmount).toBe(order!.totalPrice - order!.totalDiscount + order!.totalShipping + order!.totalTaxes - own);
    }
  });

  /** The shop with a provider that dies before or after charging (a crash between the order and its outcome). */
  function crashing(when: 'before' | 'after') {
    const real = createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id });
    const provider: PaymentProvider = {
      ...real,
      async charge(request) {
        if (when === 'after') await real.charge(request);
        throw new Error('the process died here');
      },
    };
    const services = { db: db(), clock, payments: real, mailer: { wake: () => undefined }, config: { publicUrl: 'https://shop.test' } } as unknown as Services;
    return { app: createTestApp(db(), { flows, clock, payments: provider, config: { rateLimits: limits } }), services };
  }

  it('a crash before the charge: the reconciliation writes the attempt failed and gives back its credit and its coupon’s use, once', async () => {
    const { app, services } = crashing('before');
    const token = await shopperAtCheckout(app);
    const userId = await grant(token, 1200);
    expect((await app.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { coupon: 'WELCOME' } })).status).toBe(200);
    const crashed = await placeOrder(app, token, { payment: { token: await cardToken(app, '4242424242424242') } }, 'crash-before-credit');
    expect(crashed.status).toBe(500);
    const [stranded] = await db().select().from(orders).where(eq(orders.idempotencyKey, 'client:crash-before-credit'));
    expect(stranded!.status).toBe('pending_payment');
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
    await reconcileOrders(services, 0);
    await reconcileOrders(services, 0); // another start: nothing more is given back
    const [after] = await db().select().from(orders).where(eq(orders.id, stranded!.id));
    expect(after).toMatchObject({ status: 'payment_failed', declineCode: 'not_charged' });
    expect(await creditBalance(db(), userId, 'USD')).toBe(1200);
    expect(await db().select({ status: couponUses.status }).from(couponUses).where(eq(couponUses.orderId, stranded!.id))).toEqual([{ status: 'released' }]);
  });

  it('a crash after the charge: the reconciliation pays the order, and its credit and coupon stay spent', async () => {
    const { app, services } = crashing('after');
    const token = await shopperAtCheckout(app);
    const userId = await grant(token, 1200);
    expect((await app.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { coupon: 'WELCOME' } })).status).toBe(200);
    const crashed = await placeOrder(app, token, { payment: { token: await cardToken(app, '4242424242424242') } }, 'crash-after-credit');
    expect(crashed.status).toBe(500);
    const [stranded] = await db().select().from(orders).where(eq(orders.idempotencyKey, 'client:crash-after-credit'));
    await reconcileOrders(services, 0);
    const [after] = await db().select().from(orders).where(eq(orders.id, stranded!.id));
    expect(after!.status).toBe('paid');
    expect(await creditBalance(db(), userId, 'USD')).toBe(0);
    expect(await db().select({ status: couponUses.status }).from(couponUses).where(eq(couponUses.orderId, stranded!.id))).toEqual([{ status: 'used' }]);
    const [charge] = await db()
      .select()
      .from(testProviderCharges)
      .where(eq(testProviderCharges.idempotencyKey, `order:${stranded!.pubkey}`));
    expect(charge!.amount).toBe(after!.totalAmount);
    expect(after!.totalAmount).toBe(after!.totalPrice - after!.totalDiscount + after!.totalShipping + after!.totalTaxes - 1200);
  });
});
