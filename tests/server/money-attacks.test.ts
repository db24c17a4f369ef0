/**
 * The money path tried as an attacker would (issue: "five money defects found by probing the API"): one cart charged
 * twice through a late bank approval, card testing, tax avoided with a ZIP from another state, cart lines lost by a
 * late approval, and a Canadian order charged in US dollars. Each test failed before its fix.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Order } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { addresses, orders, testProviderCharges } from '../../server/db/schema';
import { defaultRateLimits } from '../../server/config';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder as place, rosaAddress, shopperAtCheckout, oneAddressLimits } from './support/checkout-shopper';
import { createTestApp, signUpCustomer, testClock, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const clock = testClock(new Date('2026-07-15T12:00:00Z'));
/** Every test here comes from one test address: its per-address limits are raised, each shopper's are the shop's own. */
const limits = oneAddressLimits;

const chargeIdOf = (waiting: { body: { next_action: { url: string } } }) => decodeURIComponent(waiting.body.next_action.url.split('/').pop()!);

describeEachDatabase('the money path under attack (spec 001 §4 Checkout and payment, §7 Orders and payment)', (database) => {
  let t: TestApp;
  const ordersOf = async (token: string) => (await t.call('GET', '/v2/orders/', { token })).body.results as Order[];
  const cartOf = async (token: string) => (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;

  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows, clock, config: { rateLimits: limits } });
  });

  it('one cart, one paid order: a new attempt voids the one waiting for the bank, whose late approval pays nothing and says so', async () => {
    const token = await shopperAtCheckout(t);
    const waiting = await place(t, token, { payment: { token: await cardToken(t, '4000002760003184') } });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
    // Back to checkout (every PATCH raises the cart's version), then another card.
    expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
    const paid = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid, JSON.stringify(paid.body)).toMatchObject({ status: 201, body: { status: 'paid' } });
    // The bank's page approves the first, superseded attempt: nothing is paid, and the page says why.
    const late = await t.call('POST', `/v1/payments/test/charges/${chargeIdOf(waiting)}/authenticate`, { body: { approved: true } });
    expect(late).toMatchObject({ status: 200, body: { status: 'canceled' } });
    const first = await t.call('GET', `/v2/orders/${waiting.body.pubkey}/`, { token });
    expect(first.body).toMatchObject({ status: 'payment_failed', payment_error: expect.stringMatching(/replaced it\. Nothing was charged/) });
    const succeeded = await database()
      .db.select({ n: count() })
      .from(testProviderCharges)
      .where(and(eq(testProviderCharges.id, chargeIdOf(waiting)), eq(testProviderCharges.status, 'succeeded')));
    expect(succeeded[0]!.n).toBe(0);
    expect((await ordersOf(token)).filter((o) => o.status === 'paid').map((o) => o.pubkey)).toEqual([paid.body.pubkey]);
  });

  it('one cart, one paid order: when the bank approved the waiting attempt before the new one, that one is the order and the new one charges nothing', async () => {
    const token = await shopperAtCheckout(t);
    const waiting = await place(t, token, { payment: { token: await cardToken(t, '4000002760003184') } });
    await t.call('POST', `/v1/payments/test/charges/${chargeIdOf(waiting)}/authenticate`, { body: { approved: true } });
    expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
    const charges0 = (await database().db.select({ n: count() }).from(testProviderCharges))[0]!.n;
    const again = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(again).toMatchObject({ status: 409, body: { code: 'cart_already_ordered' } });
    expect((await database().db.select({ n: count() }).from(testProviderCharges))[0]!.n).toBe(charges0);
    expect((await ordersOf(token)).map((o) => [o.pubkey, o.status])).toEqual([[waiting.body.pubkey, 'paid']]);
  });

  it('card testing: declines are counted per account, and placing orders and saving cards are rate-limited (429)', async () => {
    const token = await shopperAtCheckout(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await place(t, token, { payment: { token: await cardToken(t, '4000000000000002') } })).status);
    const declines = statuses.filter((s) => s === 402).length;
    expect(declines).toBe(defaultRateLimits.declinesPerUser.limit);
    expect(statuses.slice(declines).every((s) => s === 429)).toBe(true);
    const refused = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(refused).toMatchObject({ status: 429, body: { code: 'too_many_declines' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // A declined attempt is not an order: the list stays empty.
    expect(await ordersOf(token)).toEqual([]);

    const saver = (await signUpCustomer(t)).access;
    const saves: number[] = [];
    for (let i = 0; i < defaultRateLimits.savedCardsPerUser.limit + 2; i++)
      saves.push(
        (await t.call('POST', '/v1/account/payments/', { token: saver, body: { token: await cardToken(t, '4242424242424242'), payment_mode: 'charge' } }))
          .status,
      );
    expect(saves.slice(0, defaultRateLimits.savedCardsPerUser.limit).every((s) => s === 201)).toBe(true);
    expect(saves.slice(defaultRateLimits.savedCardsPerUser.limit)).toEqual([429, 429]);
  });

  it('card testing: placing orders is limited per account even when every attempt is refused before the charge', async () => {
    const token = await shopperAtCheckout(t);
    const statuses: number[] = [];
    for (let i = 0; i < defaultRateLimits.placeOrderPerUser.limit + 2; i++)
      statuses.push((await place(t, token, { payment: { token: 'tok_not_a_card' } })).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('card testing: declines from one address across many accounts are limited too', async () => {
    const strict = createTestApp(database().db, {
      flows,
      clock,
      config: { trustProxy: true, rateLimits: { ...limits, declinesPerIp: { limit: 3, windowSeconds: 3600 } } },
    });
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const token = await shopperAtCheckout(strict);
      const body = { payment: { token: await cardToken(strict, '4000000000000002') } };
      statuses.push((await strict.call('POST', '/v2/orders/', { token, body, headers: from })).status);
    }
    expect(statuses).toEqual([402, 402, 402, 429, 429]);
    // Another address is not held back by this one's declines.
    const token = await shopperAtCheckout(strict);
    const body = { payment: { token: await cardToken(strict, '4242424242424242') } };
    expect((await strict.call('POST', '/v2/orders/', { token, body, headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(201);
  });

  it('tax: a US ZIP code must belong to the state (11201 is in NY, not OR): 400 naming the field, nothing saved', async () => {
    const { access: token } = await signUpCustomer(t);
    const refused = await t.call('POST', '/v1/account/addresses', { token, body: { ...rosaAddress, city: 'Brooklyn', zipcode: '11201', state: 'OR' } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { zipcode: [expect.stringMatching(/New York|NY/)] } } });
    expect((await t.call('GET', '/v1/account/addresses', { token })).body).toEqual([]);
    const ca = await t.call('POST', '/v1/account/addresses', {
      token,
      body: { address1: '1 Front St W', city: 'Toronto', state: 'BC', zipcode: 'M5V 3L9', country: 'CA' },
    });
    expect(ca).toMatchObject({ status: 400, body: { fields: { zipcode: [expect.stringMatching(/Ontario|ON/)] } } });
    // A change that moves only the state is checked against the kept ZIP code too.
    const kept = await t.call('POST', '/v1/account/addresses', { token, body: { ...rosaAddress } });
    expect(kept.status).toBe(201);
    const moved = await t.call('PATCH', `/v1/account/addresses/${kept.body.pubkey}`, { token, body: { state: 'OR' } });
    expect(moved).toMatchObject({ status: 400, body: { fields: { zipcode: [expect.any(String)] } } });
  });

  it('tax: an address kept before the check, whose ZIP is another state’s, is refused at order time and nothing is charged', async () => {
    const token = await shopperAtCheckout(t);
    const [primary] = (await t.call('GET', '/v1/account/addresses', { token })).body;
    await database().db.update(addresses).set({ zipcode: '11201', state: 'OR' }).where(eq(addresses.pubkey, primary.pubkey));
    const charges0 = (await database().db.select({ n: count() }).from(testProviderCharges))[0]!.n;
    const refused = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { shipping_address: [expect.any(String)] } } });
    expect((await database().db.select({ n: count() }).from(testProviderCharges))[0]!.n).toBe(charges0);
  });

  it('cart lines: a line added while an order waits for the bank stays in the cart when that order is paid', async () => {
    const token = await shopperAtCheckout(t);
    const waiting = await place(t, token, { payment: { token: await cardToken(t, '4000002760003184') } });
    expect(waiting.status).toBe(202);
    const ordered = waiting.body.items.map((i: Order['items'][number]) => i.variant.type);
    const extra = (await cartOf(token)).catalog.find((c: { type: string; category: string }) => c.category === 'item' && !ordered.includes(c.type));
    const added = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token,
      body: { items: [{ type: extra.type, product: extra.product, category: 'item', quantity: 1 }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await t.call('POST', `/v1/payments/test/charges/${chargeIdOf(waiting)}/authenticate`, { body: { approved: true } });
    expect((await t.call('GET', `/v2/orders/${waiting.body.pubkey}/`, { token })).body.status).toBe('paid');
    const cart = await cartOf(token);
    expect(cart.items.map((i: { type: string }) => i.type)).toEqual([extra.type]);
    expect(cart.is_in_checkout).toBe(false);
  });

  it('currency: a cart made while the profile said US is priced and ordered in CAD once it ships to Canada (spec 001 §9 Countries)', async () => {
    const token = await shopperAtCheckout(t);
    expect((await cartOf(token)).currency).toBe('USD');
    await t.call('PATCH', '/v1/account/hair_profile/', { token, body: { profile_country: 'CA', profile_zipcode: 'M5V 3L9' } });
    const toronto = await t.call('POST', '/v1/account/addresses', {
      token,
      body: { address1: '1 Front St W', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9', country: 'CA', primary: true },
    });
    expect(toronto.status, JSON.stringify(toronto.body)).toBe(201);
    const cart = await cartOf(token);
    expect(cart.currency).toBe('CAD');
    const placed = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed, JSON.stringify(placed.body)).toMatchObject({ status: 201, body: { currency: 'CAD', total_amount: cart.amount_due } });
    const [row] = await database().db.select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    expect(row!.currency).toBe('CAD');
    const [charge] = await database().db.select().from(testProviderCharges).where(eq(testProviderCharges.id, row!.chargeId!));
    expect(charge).toMatchObject({ currency: 'CAD', amount: row!.totalAmount });
  });
});
