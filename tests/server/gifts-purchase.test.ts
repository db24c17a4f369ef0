import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { cartItems, carts, gifts, orders, scheduledJobs, users } from '../../server/db/schema';
import { GIFT_MAIL_JOB, giftMailKey, onGiftOrderPaid } from '../../server/gifts/gift-paid';
import { basketMayUseCredit } from '../../server/gifts/gift-lines';
import { moveGuestGifts } from '../../server/gifts/merge-guest-gifts';
import { cardToken, rosaAddress } from './support/checkout-shopper';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';

// 2026-10-20 15:00 UTC is 11 AM in New York (EDT): an Eastern "today" of 2026-10-20.
const NOW = new Date('2026-10-20T15:00:00Z');
const flows = loadProfileFlows('flows');

const form = (overrides: Record<string, unknown> = {}) => ({
  amount: 50,
  occasion: 'birthday',
  message: 'Happy birthday, Grace!\nWith love.',
  recipient_name: 'Grace Hopper',
  recipient_email: 'Grace@Example.com',
  sender_name: 'Ada',
  send_on: '2026-11-01',
  ...overrides,
});

describeEachDatabase('buying a gift card (issue 28 item 2; spec 001 §3 "Gifts and promotions", §5, §9 "Gift cards and gift sets")', (database) => {
  const db = () => database().db;
  const clock = testClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { clock, flows });
  });

  const universalCart = (token: string) => t.call('GET', '/v2/cart/', { token });
  const giftRow = async (pubkey: string) => (await db().select().from(gifts).where(eq(gifts.pubkey, pubkey)))[0]!;
  const userIdOf = async (token: string) => {
    const account = await t.call('GET', '/v1/account/', { token });
    return (await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey)))[0]!.id;
  };

  it('§3, §9: a guest buys a $50 gift card: the gift awaits its payment, and the universal cart holds one gift line at its amount, in checkout, with no shipping, no tax and no address needed', async () => {
    const { access: token } = await startGuest(t);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form() });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ pubkey: expect.any(String) });
    const gift = await giftRow(made.body.pubkey);
    expect(gift).toMatchObject({
      status: 'awaiting_payment',
      amount: 5000,
      currency: 'USD',
      country: 'US',
      occasion: 'birthday',
      recipientEmail: 'grace@example.com',
      message: 'Happy birthday, Grace!\nWith love.',
      sendOn: '2026-11-01',
      codeHash: null,
    });
    const cart = await universalCart(token);
    expect(cart.status).toBe(200);
    expect(cart.body.is_in_checkout).toBe(true);
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0]).toMatchObject({ category: 'gift', type: 'digital_gift', quantity: 1, unit_price: 50, total_price: 50 });
    expect(cart.body).toMatchObject({ total_price: 50, total_shipping: 0, amount_due: 50, need_address: false });
    expect(cart.body.estimated_taxes ?? 0).toBe(0);
  });

  it('§9: a second gift before the first is paid replaces it: one gift line, at the new amount; the first is never listed', async () => {
    const { access: token } = await signUpCustomer(t);
    const first = await t.call('POST', '/v1/gifts/', { token, body: form() });
    const second = await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 150, occasion: 'holidays' }) });
    expect(second.status).toBe(201);
    expect((await giftRow(first.body.pubkey)).status).toBe('replaced');
    const cart = await universalCart(token);
    expect(cart.body.items.map((i: { type: string; unit_price: number }) => [i.type, i.unit_price])).toEqual([['digital_gift', 150]]);
    const listed = await t.call('GET', '/v1/gifts/', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((g: { pubkey: string; status: string; amount: number }) => [g.pubkey, g.status, g.amount])).toEqual([
      [second.body.pubkey, 'awaiting_payment', 150],
    ]);
    expect((await t.call('GET', `/v1/gifts/${first.body.pubkey}`, { token })).status).toBe(404);
  });

  it('a gift line joins the accessories already in the universal cart, taxed and shipped as before while the gift card is neither', async () => {
    const { access: token } = await signUpCustomer(t);
    expect((await t.call('POST', '/v1/account/addresses', { token, body: { ...rosaAddress, primary: true } })).status).toBe(201);
    const withBrush = await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
    expect(withBrush.status).toBe(201);
    const before = withBrush.body;
    expect((await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 75 }) })).status).toBe(201);
    const cart = (await universalCart(token)).body;
    expect(cart.items.map((i: { type: string }) => i.type)).toEqual(['brush_mixed', 'digital_gift']);
    expect(cart.total_shipping).toBe(before.total_shipping);
    expect(cart.estimated_taxes).toBe(before.estimated_taxes);
    expect(cart.amount_due).toBeCloseTo(before.amount_due + 75, 2);
  });

  it('no shopper adds a gift card to a cart as an item: only POST /v1/gifts/ makes gift lines', async () => {
    const { access: token } = await signUpCustomer(t);
    const asItem = await t.call('POST', '/v2/cart/', {
      token,
      body: { items: [{ category: 'item', product: 'digital_gift', type: 'digital_gift', quantity: 1 }] },
    });
    expect(asItem.status).toBe(400);
    const asGift = await t.call('POST', '/v2/cart/', {
      token,
      body: { items: [{ category: 'gift', product: 'digital_gift', type: 'digital_gift', quantity: 1 }] },
    });
    expect(asGift.status).toBe(400);
  });

  it('§9 Countries, §5: a shopper in Canada buys the same amounts in CAD, redeemable in Canada', async () => {
    const { access: token } = await signUpCustomer(t);
    const home = { address1: '100 Queen St W', city: 'Toronto', state: 'ON', zipcode: 'M5H 2N2', country: 'CA', primary: true };
    expect((await t.call('POST', '/v1/account/addresses', { token, body: home })).status).toBe(201);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 100 }) });
    expect(await giftRow(made.body.pubkey)).toMatchObject({ amount: 10000, currency: 'CAD', country: 'CA' });
    const cart = (await universalCart(token)).body;
    expect(cart).toMatchObject({ currency: 'CAD', amount_due: 100, total_shipping: 0 });
  });

  it('bad values are 400 naming the field, and save nothing (no gift, no cart)', async () => {
    const { access: token } = await signUpCustomer(t);
    const userId = await userIdOf(token);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 60 }, 'amount'],
      [{ amount: '50' }, 'amount'],
      [{ occasion: 'wedding' }, 'occasion'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(501) }, 'message'],
      [{ message: 'bell\u0007' }, 'message'],
      [{ recipient_name: '' }, 'recipient_name'],
      [{ recipient_name: 'Grace\nHopper' }, 'recipient_name'],
      [{ recipient_email: 'grace@' }, 'recipient_email'],
      [{ sender_name: 'x'.repeat(101) }, 'sender_name'],
      [{ send_on: '2026-10-19' }, 'send_on'], // yesterday in New York
      [{ send_on: '2027-10-21' }, 'send_on'], // a year and a day on
      [{ send_on: '2026-02-30' }, 'send_on'],
      [{ send_on: 'tomorrow' }, 'send_on'],
    ];
    for (const [change, field] of cases) {
      const answer = await t.call('POST', '/v1/gifts/', { token, body: form(change) });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
      expect(Object.keys(answer.body.fields), JSON.stringify(change)).toContain(field);
    }
    const unknown = await t.call('POST', '/v1/gifts/', { token, body: { ...form(), price: 1 } });
    expect(unknown.status).toBe(400);
    expect(await db().select().from(gifts).where(eq(gifts.gifterId, userId))).toEqual([]);
    expect(await db().select().from(carts).where(eq(carts.userId, userId))).toEqual([]);
  });

  it('§9: today and a year on (US Eastern days) are accepted: at 11 PM in New York, UTC’s next day is not yet today', async () => {
    clock.set(new Date('2026-10-21T03:30:00Z')); // 11:30 PM on the 20th in New York
    try {
      const { access: token } = await signUpCustomer(t);
      expect((await t.call('POST', '/v1/gifts/', { token, body: form({ send_on: '2026-10-20' }) })).status).toBe(201);
      expect((await t.call('POST', '/v1/gifts/', { token, body: form({ send_on: '2027-10-20' }) })).status).toBe(201);
      expect((await t.call('POST', '/v1/gifts/', { token, body: form({ send_on: '2027-10-21' }) })).status).toBe(400);
    } finally {
      clock.set(NOW);
    }
  });

  it('without a session it is 401; another account never sees a gift it did not buy (404) nor lists it', async () => {
    expect((await t.call('POST', '/v1/gifts/', { body: form() })).status).toBe(401);
    const { access: gifter } = await signUpCustomer(t);
    const { access: other } = await signUpCustomer(t);
    const made = await t.call('POST', '/v1/gifts/', { token: gifter, body: form() });
    expect((await t.call('GET', `/v1/gifts/${made.body.pubkey}`, { token: gifter })).status).toBe(200);
    const foreign = await t.call('GET', `/v1/gifts/${made.body.pubkey}`, { token: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found' });
    expect((await t.call('GET', '/v1/gifts/', { token: other })).body.results).toEqual([]);
  });

  it('§9: the gift is paid through the universal cart’s checkout (POST /v2/cart/place-order/); once paid it is scheduled for 10 AM Eastern on its day, worth what was paid, once', async () => {
    const { access: token } = await signUpCustomer(t);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 100, send_on: '2026-11-01' }) });
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242 4242 4242 4242') } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ status: 'paid', total_amount: 100, total_shipping: 0 });
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    expect(order!.totalAmount).toBe(10000);
    // The money path's paid outcome calls onGiftOrderPaid (server/gifts/README.md); calling it again schedules nothing more.
    await db().transaction((tx) => onGiftOrderPaid(tx, { clock }, order!));
    expect(await db().transaction((tx) => onGiftOrderPaid(tx, { clock }, order!))).toBe(0);
    const gift = await giftRow(made.body.pubkey);
    expect(gift).toMatchObject({ status: 'scheduled', orderId: order!.id, amount: 10000, currency: 'USD', country: 'US' });
    // November 1 2026: the clocks went back at 2 AM, so 10 AM in New York is 15:00 UTC.
    expect(gift.sendAt?.toISOString()).toBe('2026-11-01T15:00:00.000Z');
    const jobs = await db()
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, GIFT_MAIL_JOB), eq(scheduledJobs.key, giftMailKey(gift.id))));
    expect(jobs.map((j) => j.dueAt.toISOString())).toEqual(['2026-11-01T15:00:00.000Z']);
    // The gift line left the cart with the order.
    const [cart] = await db().select().from(carts).where(eq(carts.id, order!.cartId!));
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
    const listed = await t.call('GET', '/v1/gifts/', { token });
    expect(listed.body.results[0]).toMatchObject({ status: 'scheduled', send_at: '2026-11-01T15:00:00.000Z', sent_at: null });
    expect(JSON.stringify(listed.body)).not.toMatch(/code/i);
  });

  it('§9: a gift whose day is today (US Eastern) is due at once when paid', async () => {
    const { access: token } = await signUpCustomer(t);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form({ send_on: '2026-10-20' }) });
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242 4242 4242 4242') } } });
    expect(placed.status).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    await db().transaction((tx) => onGiftOrderPaid(tx, { clock }, order!));
    expect((await giftRow(made.body.pubkey)).sendAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('a declined payment leaves the gift awaiting its payment and its line in the cart', async () => {
    const { access: token } = await signUpCustomer(t);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form() });
    const declined = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4000 0000 0000 0002') } } });
    expect(declined.status).toBe(402);
    expect((await giftRow(made.body.pubkey)).status).toBe('awaiting_payment');
    expect((await universalCart(token)).body.items.map((i: { type: string }) => i.type)).toEqual(['digital_gift']);
  });

  it('a guest who bought a gift card and signs in to an account that has its own universal cart brings the gift and its line along', async () => {
    const { access: guestToken } = await startGuest(t);
    const made = await t.call('POST', '/v1/gifts/', { token: guestToken, body: form({ amount: 75 }) });
    const guestId = await userIdOf(guestToken);
    const { access: token } = await signUpCustomer(t);
    const userId = await userIdOf(token);
    expect(
      (await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } })).status,
    ).toBe(201);
    const older = await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 150 }) });
    // What server/identity/merge-guest.ts does at sign-in, after the carts (the account keeps its own universal cart).
    await db().transaction((tx) => moveGuestGifts(tx, guestId, userId, clock.now()));
    expect(await giftRow(made.body.pubkey)).toMatchObject({ gifterId: userId, status: 'awaiting_payment' });
    expect((await giftRow(older.body.pubkey)).status).toBe('replaced');
    const cart = (await universalCart(token)).body;
    expect(cart.is_in_checkout).toBe(true);
    expect(cart.items.map((i: { type: string; unit_price: number }) => [i.type, i.unit_price])).toEqual([
      ['brush_mixed', expect.any(Number)],
      ['digital_gift', 75],
    ]);
    // Again (a retried sign-in): nothing more moves.
    await db().transaction((tx) => moveGuestGifts(tx, guestId, userId, clock.now()));
    expect((await universalCart(token)).body.items).toHaveLength(2);
  });

  it('a guest who bought a gift card and signs in with an e-mailed link (the gifter’s checkout, a known e-mail) pays for it as that customer', async () => {
    const customer = await signUpCustomer(t);
    const guest = await startGuest(t);
    const made = await t.call('POST', '/v1/gifts/', { token: guest.access, body: form({ amount: 75 }) });
    // The checkout's sign-up with a known e-mail mails a link; the guest's session follows it, so the guest is merged.
    const asked = await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email: customer.email, has_accepted_terms: true } });
    expect(asked.body).toEqual({ magic_link_sent: true });
    const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: guest.access, body: { token: await latestMagicToken(t, customer.email) } });
    expect(verified.status).toBe(200);
    const token = verified.body.access as string;
    expect((await giftRow(made.body.pubkey)).gifterId).toBe(await userIdOf(token));
    expect((await universalCart(token)).body.items.map((i: { type: string; unit_price: number }) => [i.type, i.unit_price])).toEqual([['digital_gift', 75]]);
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4242 4242 4242 4242') } } });
    expect(placed.body).toMatchObject({ status: 'paid', total_amount: 75 });
    expect(await giftRow(made.body.pubkey)).toMatchObject({ status: 'scheduled', amount: 7500 });
  });

  it('while an order of the universal cart waits for its bank, a new gift is 409 and changes nothing (its payment would take the new line)', async () => {
    const { access: token } = await signUpCustomer(t);
    const made = await t.call('POST', '/v1/gifts/', { token, body: form() });
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: await cardToken(t, '4000 0027 6000 3184') } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(202);
    const again = await t.call('POST', '/v1/gifts/', { token, body: form({ amount: 150 }) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order_in_progress');
    expect((await giftRow(made.body.pubkey)).status).toBe('awaiting_payment');
    expect((await universalCart(token)).body.items.map((i: { unit_price: number }) => i.unit_price)).toEqual([50]);
  });

  it('§5: a gift card cannot buy another gift card: a basket holding one may not use credit', () => {
    expect(basketMayUseCredit([{ category: 'gift', type: 'digital_gift' }])).toBe(false);
    expect(
      basketMayUseCredit([
        { category: 'item', type: 'brush_mixed' },
        { category: 'gift', type: 'digital_gift' },
      ]),
    ).toBe(false);
    expect(basketMayUseCredit([{ category: 'item', product: 'digital_gift' }])).toBe(false);
    expect(
      basketMayUseCredit([
        { category: 'item', type: 'brush_mixed' },
        { category: 'formula', type: 'shampoo' },
      ]),
    ).toBe(true);
  });
});
