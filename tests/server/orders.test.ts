import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { order as orderSchema, type Order } from '#api';
import { formatMoney } from '#api/money';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { cartItems, carts, orders, outbox, testProviderCharges } from '../../server/db/schema';
import { KEYLESS_REPLAY_MS } from '../../server/money/idempotency';
import { reconcileOrders } from '../../server/money/settle-payment';
import { defaultRateLimits } from '../../server/config';
import type { PaymentProvider } from '../../server/payments/payment-provider';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Services } from '../../server/services';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder as place, rosaAddress, shopperAtCheckout } from './support/checkout-shopper';
import { createTestApp, signUpCustomer, startGuest, testClock, TEST_SECRET, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const clock = testClock(new Date('2026-07-15T12:00:00Z'));
/** Every test here tokenizes its cards from the one test address: more than one shopper's limit (30 per 15 minutes). */
const config = { rateLimits: { ...defaultRateLimits, cardTokensPerIp: { limit: 500, windowSeconds: 15 * 60 } } };

describeEachDatabase('orders (spec 001 §3 Order, §4 Checkout and payment, Orders, §7 Orders and payment; API.md)', (database) => {
  let t: TestApp;
  const countOf = async (table: typeof orders | typeof testProviderCharges) => (await database().db.select({ n: count() }).from(table))[0]!.n;
  const linesOf = async (token: string) => (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;

  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows, clock, config });
  });

  it('a paid order: 201, its lines priced as the cart was, its formulas as ordered; the cart emptied; a confirmation mail', async () => {
    const token = await shopperAtCheckout(t);
    const cart = (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
    const response = await place(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242'), save_card: false } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order: Order = orderSchema.parse(response.body);
    // §4 Orders: paid is shown as "processing".
    expect(order).toMatchObject({ status: 'paid', display_status: 'processing', currency: 'USD', is_subscription: true });
    expect(order.serial_no).toMatch(/^\d{6,}$/);
    expect(order.payment.card).toEqual({ brand: 'visa', last4: '4242' });
    // Totals from the server's catalogue: the cart's own figures, plus the taxes of the profile's region.
    expect(order.total_price).toBe(cart.total_price);
    expect(order.total_discount).toBe(cart.total_discount);
    expect(order.total_amount).toBe(cart.amount_due);
    expect(cart.amount_due).toBeCloseTo(cart.total_amount + (cart.estimated_taxes ?? 0), 2);
    expect(order.items.map((i) => i.variant.type).sort()).toEqual(cart.items.map((i: { type: string }) => i.type).sort());
    const shampoo = order.items.find((i) => i.variant.type === 'shampoo')!;
    expect(shampoo.variant.is_formula).toBe(true);
    expect(shampoo.item_object.inci.length).toBeGreaterThan(0);
    expect(shampoo.item_object.ingredients.length).toBeGreaterThan(0);
    expect(shampoo.item_object.fragrance).toBe('Arcadia');
    // The cart is emptied and leaves checkout.
    expect(await t.call('GET', '/v1/account/cart/?category=haircare', { token })).toMatchObject({ status: 200, body: { items: [], is_in_checkout: false } });
    const mails = await database().db.select().from(outbox).where(eq(outbox.kind, 'order_confirmation'));
    expect(mails.some((m) => m.subject === `Your order ${order.serial_no} is confirmed` && !/4242/.test(m.textBody))).toBe(true);
    // The amount is written as the order page writes it (one formatter, api/money.ts): "$54.40", "$43", never "$43.00".
    const mail = mails.find((m) => m.subject === `Your order ${order.serial_no} is confirmed`)!;
    expect(mail.textBody).toContain(`(${formatMoney(order.total_amount, order.currency)})`);
    // GET /v2/orders/ and /v2/orders/{id}/.
    expect((await t.call('GET', '/v2/orders/', { token })).body.results.map((o: Order) => o.pubkey)).toEqual([order.pubkey]);
    // The order alone also says what its feedback flows read (spec 002 §3.1; server/feedback/order-facts.ts).
    const { feedback_facts: facts, ...shown } = (await t.call('GET', `/v2/orders/${order.pubkey}/`, { token })).body;
    expect(shown).toEqual(response.body);
    expect(facts.flows).toEqual({ haircare: 'feedback-haircare' });
  });

  it('issue 25 Order Success: each line carries its product’s picture, and a paid order that ships its delivery estimate; list and order alike', async () => {
    const token = await shopperAtCheckout(t);
    const response = await place(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242'), save_card: false } });
    const order: Order = orderSchema.parse(response.body);
    const shampoo = order.items.find((i) => i.variant.type === 'shampoo')!;
    expect(shampoo.picture).toEqual({ src: '/media/card-shampoo.svg', alt: 'Custom Shampoo bottle', width: 600, height: 600 });
    // Paid on Wednesday 15 July; made to order: 5 to 8 business days (the cart's estimate).
    expect(order.delivery_estimate).toEqual({ min: '2026-07-22', max: '2026-07-27' });
    const again = orderSchema.parse((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token })).body);
    expect(again.items.map((i) => i.picture?.src)).toEqual(order.items.map((i) => i.picture?.src));
    const listed = (await t.call('GET', '/v2/orders/', { token })).body.results[0];
    expect(orderSchema.parse(listed).items.map((i) => i.picture?.src)).toEqual(order.items.map((i) => i.picture?.src));
  });

  it('§3 Cart shipping_address, §4: the cart ships to the primary address and is taxed at its state; an order keeps the address as ordered', async () => {
    const token = await shopperAtCheckout(t);
    const cart = (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
    expect(cart).toMatchObject({ need_address: true, shipping_address: { ...rosaAddress, primary: true }, tax_region: 'TX' });
    const placed = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status).toBe(201);
    expect(placed.body.shipping_address).toEqual({ ...rosaAddress, address2: null });
    // A later change of the account's address does not change where the order went.
    const [saved] = (await t.call('GET', '/v1/account/addresses', { token })).body;
    await t.call('PATCH', `/v1/account/addresses/${saved.pubkey}`, { token, body: { address1: '1 Other Street' } });
    expect((await t.call('GET', `/v2/orders/${placed.body.pubkey}/`, { token })).body.shipping_address.address1).toBe(rosaAddress.address1);
  });

  it('§4: an order that ships needs a shipping address: 400 with fields.shipping_address, nothing ordered or charged', async () => {
    const token = await shopperAtCheckout(t, { address: false });
    const [orderCount, chargeCount] = [await countOf(orders), await countOf(testProviderCharges)];
    const refused = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { shipping_address: ['Add a shipping address.'] } } });
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orderCount, chargeCount]);
    expect((await linesOf(token)).is_in_checkout).toBe(true);
  });

  it('API.md: another customer’s order is 404, never its data; an unknown order is 404', async () => {
    const token = await shopperAtCheckout(t);
    const placed = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    const { access: other } = await signUpCustomer(t);
    expect(await t.call('GET', `/v2/orders/${placed.body.pubkey}/`, { token: other })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect((await t.call('GET', '/v2/orders/', { token: other })).body.results).toEqual([]);
    expect((await t.call('GET', '/v2/orders/ord_nothing/', { token })).status).toBe(404);
  });

  it('API.md Idempotency-Key: the same key and body give the first order again, with one charge; another body under it is 422', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4242424242424242') } };
    const [orders0, charges0] = [await countOf(orders), await countOf(testProviderCharges)];
    const first = await place(t, token, body, 'checkout-attempt-1');
    const again = await place(t, token, body, 'checkout-attempt-1');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.pubkey).toBe(first.body.pubkey);
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orders0 + 1, charges0 + 1]);
    const reused = await place(t, token, { category: 'skincare', ...body }, 'checkout-attempt-1');
    expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
  });

  it('a double click (two requests at once, no key): one order, one charge, both answered with it', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4242424242424242') } };
    const [orders0, charges0] = [await countOf(orders), await countOf(testProviderCharges)];
    const [a, b] = await Promise.all([place(t, token, body), place(t, token, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.pubkey).toBe(b.body.pubkey);
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orders0 + 1, charges0 + 1]);
  });

  it('a double click whose second request comes after the first has finished (no key): answered with the same order; later, refused', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4242424242424242') } };
    const [orders0, charges0] = [await countOf(orders), await countOf(testProviderCharges)];
    const first = await place(t, token, body);
    const second = await place(t, token, body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.pubkey).toBe(first.body.pubkey);
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orders0 + 1, charges0 + 1]);
    // Another request (another card) is not the same one: the cart is gone, so there is nothing to order.
    const other = await place(t, token, { payment: { token: await cardToken(t, '5555555555554444') } });
    expect(other).toMatchObject({ status: 422, body: { code: 'cart_not_in_checkout' } });
    // Past the replay window the same request is no longer taken for a repeat.
    clock.advance(KEYLESS_REPLAY_MS + 1000);
    expect(await place(t, token, body)).toMatchObject({ status: 422, body: { code: 'cart_not_in_checkout' } });
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orders0 + 1, charges0 + 1]);
  });

  it('two tabs, each with its own key and card, at once: one order and one charge; the other is refused', async () => {
    const token = await shopperAtCheckout(t);
    const [card1, card2] = [await cardToken(t, '4242424242424242'), await cardToken(t, '5555555555554444')];
    const [orders0, charges0] = [await countOf(orders), await countOf(testProviderCharges)];
    const results = await Promise.all([place(t, token, { payment: { token: card1 } }, 'tab-1'), place(t, token, { payment: { token: card2 } }, 'tab-2')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, results.find((r) => r.status !== 201)!.status]);
    const refused = results.find((r) => r.status !== 201)!;
    expect(['order_in_progress', 'cart_not_in_checkout']).toContain(refused.body.code);
    expect([await countOf(orders), await countOf(testProviderCharges)]).toEqual([orders0 + 1, charges0 + 1]);
  });

  it('§4, §8: a declined card is 402 with the reason; the cart stays as it was; another card then pays', async () => {
    const token = await shopperAtCheckout(t);
    const before = await linesOf(token);
    const declined = await place(t, token, { payment: { token: await cardToken(t, '4000000000000002') } });
    expect(declined).toMatchObject({ status: 402, body: { code: 'card_declined', detail: 'Your card was declined.' } });
    const after = await linesOf(token);
    expect(after.items).toEqual(before.items);
    expect(after.is_in_checkout).toBe(true);
    const paid = await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid).toMatchObject({ status: 201, body: { status: 'paid' } });
    // API.md: the declined attempt is kept for support and fraud review, as such, but is not listed as an order.
    expect((await t.call('GET', '/v2/orders/', { token })).body.results.map((o: Order) => o.status)).toEqual(['paid']);
    const [paidRow] = await database().db.select().from(orders).where(eq(orders.pubkey, paid.body.pubkey));
    const attempts = await database().db.select().from(orders).where(eq(orders.userId, paidRow!.userId));
    expect(attempts.map((a) => [a.status, a.declineCode]).sort()).toEqual([
      ['paid', null],
      ['payment_failed', 'card_declined'],
    ]);
  });

  it('§2 wait-payment-confirmation: a card that needs authentication is 202 with where to confirm; once confirmed, the same request pays', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4000002760003184') } };
    const waiting = await place(t, token, body, 'auth-1');
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
    expect(waiting.body).toMatchObject({ status: 'pending_payment', next_action: { url: expect.stringContaining('/checkout/confirm-payment/') } });
    expect((await linesOf(token)).items.length).toBeGreaterThan(0);
    const chargeId = decodeURIComponent(waiting.body.next_action.url.split('/').pop());
    // The shopper approves on the test provider's authentication page.
    expect(await t.call('POST', '/v1/payments/test/charges/ch_test_unknown/authenticate', { body: { approved: true } })).toMatchObject({ status: 404 });
    expect(await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved: 'yes' } })).toMatchObject({ status: 400 });
    expect(await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved: true } })).toMatchObject({
      status: 200,
      body: { status: 'succeeded' },
    });
    const paid = await place(t, token, body, 'auth-1');
    expect(paid).toMatchObject({ status: 201, body: { pubkey: waiting.body.pubkey, status: 'paid', next_action: null } });
  });

  it('§2 wait-payment-confirmation: after the shopper answers their bank, reading the order settles it: paid once, or failed with the reason', async () => {
    const charges0 = await countOf(testProviderCharges);
    for (const approved of [true, false]) {
      const token = await shopperAtCheckout(t);
      const waiting = await place(t, token, { payment: { token: await cardToken(t, '4000002760003184') } });
      const chargeId = decodeURIComponent(waiting.body.next_action.url.split('/').pop());
      const url = `/v2/orders/${waiting.body.pubkey}/`;
      // Still waiting for the bank: the order says so, and nothing changes.
      expect((await t.call('GET', url, { token })).body).toMatchObject({ status: 'pending_payment', next_action: { url: waiting.body.next_action.url } });
      await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved } });
      const [first, second] = await Promise.all([t.call('GET', url, { token }), t.call('GET', url, { token })]);
      expect(first.body.status).toBe(approved ? 'paid' : 'payment_failed');
      expect(second.body.status).toBe(first.body.status);
      expect((await linesOf(token)).items.length === 0).toBe(approved);
      // Another account still gets 404, and settles nothing.
      const other = await signUpCustomer(t);
      expect(await t.call('GET', url, { token: other.access })).toMatchObject({ status: 404 });
    }
    expect(await countOf(testProviderCharges)).toBe(charges0 + 2);
    const mails = await database().db.select().from(outbox).where(eq(outbox.kind, 'order_confirmation'));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(mails.length); // one confirmation per paid order
  });

  it('§4, §7 the wallet-type provider: its nonce pays once, in the wallet mode; §8 a refusing wallet is 402 and a bad e-mail 400', async () => {
    const token = await shopperAtCheckout(t);
    const approved = await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'Rosa@Example.com' } });
    expect(approved).toMatchObject({ status: 201, body: { email: 'rosa@example.com', nonce: expect.stringMatching(/^nonce_test_/) } });
    const paid = await place(t, token, { payment: { token: approved.body.nonce, save_card: 'true', payment_mode: 'wallet' } });
    expect(paid).toMatchObject({ status: 201, body: { status: 'paid', payment: { card: { brand: 'wallet' } } } });
    // save_card 'true' keeps the wallet, saved with the payment.
    expect((await t.call('GET', '/v1/account/payments/?payment_mode=wallet', { token })).body).toMatchObject([
      { service: 'wallet', is_default: true, label: 'TestPay wallet' },
    ]);
    // The nonce paid once: another cart cannot spend it again.
    const again = await shopperAtCheckout(t);
    const charges = await countOf(testProviderCharges);
    expect(await place(t, again, { payment: { token: approved.body.nonce, save_card: 'true', payment_mode: 'wallet' } })).toMatchObject({
      status: 402,
      body: { code: 'payment_refused' },
    });
    // A nonce not signed by this shop pays nothing.
    const forged = `${approved.body.nonce.slice(0, -4)}AAAA`;
    expect(await place(t, again, { payment: { token: forged, payment_mode: 'wallet' } }, 'forged-nonce')).toMatchObject({ status: 402 });
    expect(await countOf(testProviderCharges)).toBe(charges);
    expect(await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'declined.rosa@example.com' } })).toMatchObject({
      status: 402,
      body: { code: 'wallet_declined' },
    });
    expect(await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'not an e-mail' } })).toMatchObject({
      status: 400,
      body: { fields: { email: [expect.any(String)] } },
    });
    expect(await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'a@example.com', extra: 1 } })).toMatchObject({ status: 400 });
  });

  it('§7 Payment methods: save_card keeps the card; a second order pays with it; list by mode, default, delete; another account gets 404', async () => {
    const token = await shopperAtCheckout(t);
    const first = await place(t, token, { payment: { token: await cardToken(t, '5555555555554444'), save_card: true } });
    expect(first.status).toBe(201);
    const [card] = (await t.call('GET', '/v1/account/payments/?payment_mode=charge', { token })).body;
    expect(card).toMatchObject({ is_default: true, status: 'active', service: 'card', brand: 'mastercard', last4: '4444', label: 'Mastercard •••• 4444' });
    expect(JSON.stringify(card)).not.toMatch(/5555555555554444|pmref_/); // neither the number nor the provider's reference
    expect((await t.call('GET', '/v1/account/payments/?payment_mode=wallet', { token })).body).toEqual([]);

    // A second order, paid with the saved card (the /v1/place_order/ saved-method shape).
    await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
    const second = await t.call('POST', '/v1/place_order/', {
      token,
      body: { payment: { payment_mode: 'charge', saved_payment_method: card.id }, cart_type: 'cart' },
    });
    expect(second).toMatchObject({ status: 201, body: { status: 'paid', payment: { card: { brand: 'mastercard', last4: '4444' } } } });

    // A wallet saved beside it; the default moves to it; the card is deleted.
    const nonce = (await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'rosa@example.com' } })).body.nonce;
    const wallet = await t.call('POST', '/v1/account/payments/', { token, body: { token: nonce, payment_mode: 'wallet' } });
    expect(wallet).toMatchObject({ status: 201, body: { service: 'wallet', is_default: false, label: 'TestPay wallet' } });
    const chosen = await t.call('POST', '/v1/account/payments/select_as_default/', { token, body: { payment_id: wallet.body.id, payment_mode: 'wallet' } });
    expect(chosen.body.map((m: { id: string; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [wallet.body.id, true],
      [card.id, false],
    ]);

    // Another account sees none of it, can neither use, choose nor delete it: 404, or a payment field error.
    const other = (await signUpCustomer(t)).access;
    expect((await t.call('GET', '/v1/account/payments/', { token: other })).body).toEqual([]);
    expect(await t.call('DELETE', `/v1/account/payments/${card.id}/`, { token: other })).toMatchObject({ status: 404 });
    expect(
      await t.call('POST', '/v1/account/payments/select_as_default/', { token: other, body: { payment_id: card.id, payment_mode: 'charge' } }),
    ).toMatchObject({
      status: 404,
    });
    const theirs = await shopperAtCheckout(t);
    const charges = await countOf(testProviderCharges);
    expect(await place(t, theirs, { payment: { payment_mode: 'charge', saved_payment_method: card.id } })).toMatchObject({
      status: 400,
      body: { fields: { payment: ['Choose one of your saved payment methods.'] } },
    });
    expect(await countOf(testProviderCharges)).toBe(charges);

    expect(await t.call('DELETE', `/v1/account/payments/${card.id}/`, { token })).toMatchObject({ status: 204 });
    expect((await t.call('GET', '/v1/account/payments/', { token })).body.map((m: { id: string }) => m.id)).toEqual([wallet.body.id]);
    // The orders it paid keep their record.
    expect((await t.call('GET', `/v2/orders/${second.body.pubkey}/`, { token })).body.payment.card.last4).toBe('4444');
    // Bad input saves nothing.
    expect(await t.call('POST', '/v1/account/payments/', { token, body: { token: 'tok_test_forged.abc' } })).toMatchObject({ status: 402 });
    expect(await t.call('POST', '/v1/account/payments/', { token, body: {} })).toMatchObject({ status: 400 });
    expect(await t.call('GET', '/v1/account/payments/?payment_mode=paypal', { token })).toMatchObject({ status: 400 });
    expect(await t.call('POST', '/v1/account/payments/token/', { token, body: { payment_mode: 'wallet' } })).toMatchObject({
      status: 200,
      body: { token: expect.stringMatching(/^client_test_/), payment_mode: 'wallet' },
    });
    expect((await t.call('GET', '/v1/account/payments/', { token })).body).toHaveLength(1);
  });

  /** The customer's saved methods, every mode (a card kept twice would be listed twice). */
  const savedMethods = async (token: string) => (await t.call('GET', '/v1/account/payments/', { token })).body;

  it('spec 001 §7 Orders and payment, Payment methods: save_card on a paid order keeps the card once, saved with the charge; the same request replayed under its Idempotency-Key keeps no second', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4242424242424242'), save_card: true } };
    const first = await place(t, token, body, 'save-card-1');
    expect(first).toMatchObject({ status: 201, body: { status: 'paid' } });
    // The charge kept the card: the test provider's charge row names the saved method.
    const [charge] = await database()
      .db.select()
      .from(testProviderCharges)
      .where(eq(testProviderCharges.idempotencyKey, `order:${first.body.pubkey}`));
    expect(charge!.saveRef).toMatch(/^pmref_test_/);
    const again = await place(t, token, body, 'save-card-1');
    expect(again).toMatchObject({ status: 201, body: { pubkey: first.body.pubkey } });
    expect(await savedMethods(token)).toMatchObject([
      { is_default: true, service: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, label: 'Visa •••• 4242' },
    ]);
    // The same key with save_card changed is another request.
    expect(await place(t, token, { payment: { token: body.payment.token, save_card: false } }, 'save-card-1')).toMatchObject({
      status: 422,
      body: { code: 'idempotency_key_reused' },
    });
  });

  it('spec 001 §7 Orders and payment, Payment methods, §8: a declined card with save_card keeps nothing; the card that then pays is kept', async () => {
    const token = await shopperAtCheckout(t);
    const declined = await place(t, token, { payment: { token: await cardToken(t, '4000000000000002'), save_card: true } });
    expect(declined).toMatchObject({ status: 402, body: { code: 'card_declined' } });
    expect(await savedMethods(token)).toEqual([]);
    expect((await place(t, token, { payment: { token: await cardToken(t, '5555555555554444'), save_card: true } })).status).toBe(201);
    expect(await savedMethods(token)).toMatchObject([{ is_default: true, brand: 'mastercard', last4: '4444' }]);
  });

  it('spec 001 §7 Orders and payment, Payment methods, §2 wait-payment-confirmation: a 3-D Secure card with save_card is kept once the shopper has authenticated, whether the order is read or placed again', async () => {
    for (const then of ['read', 'place'] as const) {
      const token = await shopperAtCheckout(t);
      const body = { payment: { token: await cardToken(t, '4000002760003184'), save_card: true } };
      const waiting = await place(t, token, body, `save-3ds-${then}`);
      expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
      // Nothing is kept while the bank waits.
      expect(await savedMethods(token)).toEqual([]);
      const chargeId = decodeURIComponent(waiting.body.next_action.url.split('/').pop());
      expect(await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved: true } })).toMatchObject({
        status: 200,
        body: { status: 'succeeded' },
      });
      const url = `/v2/orders/${waiting.body.pubkey}/`;
      const settled =
        then === 'read'
          ? await Promise.all([t.call('GET', url, { token }), t.call('GET', url, { token })])
          : [await place(t, token, body, `save-3ds-${then}`), await t.call('GET', url, { token })];
      expect(settled.map((r) => r.body.status)).toEqual(['paid', 'paid']);
      // Read again and placed again: still one.
      await place(t, token, body, `save-3ds-${then}`);
      expect(await savedMethods(token), then).toMatchObject([{ is_default: true, service: 'card', brand: 'visa', last4: '3184' }]);
    }
  });

  it('spec 001 §7 Orders and payment, Payment methods, §8: a refused authentication with save_card keeps nothing', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4000002760003184'), save_card: true } };
    const waiting = await place(t, token, body, 'save-3ds-refused');
    const chargeId = decodeURIComponent(waiting.body.next_action.url.split('/').pop());
    await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved: false } });
    expect(await place(t, token, body, 'save-3ds-refused')).toMatchObject({ status: 402, body: { code: 'card_declined' } });
    expect(await savedMethods(token)).toEqual([]);
  });

  it('§8: a refused authentication is a declined payment (402 with the reason); the cart stays for another card', async () => {
    const token = await shopperAtCheckout(t);
    const body = { payment: { token: await cardToken(t, '4000002760003184') } };
    const waiting = await place(t, token, body, 'auth-refused');
    const chargeId = decodeURIComponent(waiting.body.next_action.url.split('/').pop());
    await t.call('POST', `/v1/payments/test/charges/${chargeId}/authenticate`, { body: { approved: false } });
    expect(await place(t, token, body, 'auth-refused')).toMatchObject({
      status: 402,
      body: { code: 'card_declined', detail: expect.stringMatching(/unable to authenticate/) },
    });
    expect((await linesOf(token)).items.length).toBeGreaterThan(0);
  });

  it('bad input saves nothing: no cart in checkout 422, no payment for a paid order 400 with fields, a malformed body 400', async () => {
    const { access: token } = await startGuest(t);
    expect(await place(t, token, { payment: { token: 'tok' } })).toMatchObject({ status: 422, body: { code: 'cart_not_in_checkout' } });
    const shopper = await shopperAtCheckout(t);
    const orders0 = await countOf(orders);
    expect(await place(t, shopper, {})).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { payment: expect.any(Array) } } });
    expect(await place(t, shopper, { payment: { token: '' } })).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await place(t, shopper, { payment: { token: 'x', cvc: '123' } })).toMatchObject({ status: 400 });
    expect(await place(t, shopper, { category: 'shoes', payment: { token: 'x' } })).toMatchObject({ status: 400 });
    expect(await place(t, shopper, { payment: { token: 'not-a-real-token' } })).toMatchObject({ status: 402, body: { code: 'payment_refused' } });
    expect((await linesOf(shopper)).items.length).toBeGreaterThan(0);
    expect(await countOf(orders)).toBe(orders0 + 1); // the refused token's attempt, kept as payment_failed
    expect(await t.call('POST', '/v2/orders/', { body: {} })).toMatchObject({ status: 401 });
  });

  it('§7 /v1/place_order/ {payment: {token, save_card, payment_mode}, card_id, cart_type}: the same order; a bad shape is 400 and saves nothing', async () => {
    const token = await shopperAtCheckout(t);
    const orders0 = await countOf(orders);
    for (const bad of [
      { payment: { token: 'x' }, cart_type: 7 },
      { payment: { token: 'x', payment_mode: 'cash' } },
      { payment: { token: 'x' }, extra: true },
    ]) {
      expect(await t.call('POST', '/v1/place_order/', { token, body: bad })).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    }
    expect(await countOf(orders)).toBe(orders0);
    const card = await cardToken(t, '4242424242424242');
    const placed = await t.call('POST', '/v1/place_order/', {
      token,
      body: { payment: { token: card, save_card: 'true', payment_mode: 'charge' }, card_id: null },
    });
    expect(placed).toMatchObject({ status: 201, body: { status: 'paid' } });
  });

  it('§7 /v2/cart/place-order/ orders the universal cart only: a per-category cart in checkout is not its to order', async () => {
    const token = await shopperAtCheckout(t);
    const card = await cardToken(t, '4242424242424242');
    expect(await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: card } } })).toMatchObject({
      status: 422,
      body: { code: 'cart_not_in_checkout' },
    });
    expect(await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: {} } })).toMatchObject({ status: 400 });
    await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
    await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } });
    const placed = await t.call('POST', '/v2/cart/place-order/', { token, body: { payment: { token: card } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.items.map((i: { variant: { type: string } }) => i.variant.type)).toEqual(['brush_mixed']);
    // Spec 001 §3 Order formulaset.categories ("accessories when absent"): an order of accessories alone says so.
    expect(placed.body.formulaset.categories).toEqual(['accessories']);
    // An order of accessories alone is an order, but not one with formulas (spec 001 §4).
    expect((await t.call('GET', '/v1/account/', { token })).body.profile).toMatchObject({ has_order: true, has_order_with_formulas: false });
    expect((await linesOf(token)).items.length).toBeGreaterThan(0);
  });

  it('§6: a guest checks out too; §4: after a paid order has_order and has_order_with_formulas are true and order_count is 1', async () => {
    const token = await shopperAtCheckout(t, { guest: true });
    const profile = async () => (await t.call('GET', '/v1/account/', { token })).body;
    expect((await profile()).profile).toMatchObject({ has_order: false, has_order_with_formulas: false, order_count: 0 });
    // A declined attempt is no order of theirs.
    expect((await place(t, token, { payment: { token: await cardToken(t, '4000000000000002') } })).status).toBe(402);
    expect((await profile()).profile.order_count).toBe(0);
    expect((await place(t, token, { payment: { token: await cardToken(t, '4242424242424242') } })).status).toBe(201);
    // API.md: the declined attempt is kept for support, not listed as an order.
    expect((await t.call('GET', '/v2/orders/', { token })).body.results.map((o: Order) => o.status)).toEqual(['paid']);
    const after = await profile();
    expect(after.profile).toMatchObject({ has_order: true, has_order_with_formulas: true, order_count: 1 });
    expect(after.is_returning_customer).toBe(true);
  });

  /** The shop with a provider that charges, then dies before the order hears of it (a crash between the two). */
  function crashingAfterCharge() {
    const real = createTestProvider({ db: database().db, secret: TEST_SECRET, clock, actionUrl: (id) => id });
    const crashing: PaymentProvider = {
      ...real,
      async charge(request) {
        await real.charge(request);
        throw new Error('the process died here');
      },
    };
    return { real, crashApp: createTestApp(database().db, { flows, clock, payments: crashing, config }) };
  }

  it('spec 001 §7 Orders and payment, Payment methods: a crash between a save_card charge and the order: the reconciliation pays the order and keeps the card, once', async () => {
    const { real, crashApp } = crashingAfterCharge();
    const token = await shopperAtCheckout(crashApp);
    const crashed = await place(crashApp, token, { payment: { token: await cardToken(crashApp, '5555555555554444'), save_card: true } }, 'crash-save-card');
    expect(crashed.status).toBe(500);
    const [stranded] = await database().db.select().from(orders).where(eq(orders.idempotencyKey, 'client:crash-save-card'));
    expect(stranded!.status).toBe('pending_payment');
    expect(await savedMethods(token)).toEqual([]);
    const services = {
      db: database().db,
      clock,
      payments: real,
      mailer: { wake: () => undefined },
      config: { publicUrl: 'https://shop.test' },
    } as unknown as Services;
    expect(await reconcileOrders(services, 0)).toBeGreaterThanOrEqual(1);
    await reconcileOrders(services, 0); // run again (another start): nothing more is kept
    const [after] = await database().db.select().from(orders).where(eq(orders.id, stranded!.id));
    expect(after!.status).toBe('paid');
    expect(await savedMethods(token)).toMatchObject([{ is_default: true, service: 'card', brand: 'mastercard', last4: '4444' }]);
  });

  it('a crash between the charge and the order: reconciliation at start finds the charge and pays the order, once', async () => {
    const { real, crashApp } = crashingAfterCharge();
    const token = await shopperAtCheckout(crashApp);
    const charges0 = await countOf(testProviderCharges);
    const crashed = await place(crashApp, token, { payment: { token: await cardToken(crashApp, '4242424242424242') } });
    expect(crashed.status).toBe(500);
    const [stranded] = await database().db.select().from(orders).where(eq(orders.status, 'pending_payment'));
    expect(stranded).toBeDefined();
    const services = {
      db: database().db,
      clock,
      payments: real,
      mailer: { wake: () => undefined },
      config: { publicUrl: 'https://shop.test' },
    } as unknown as Services;
    expect(await reconcileOrders(services, 0)).toBeGreaterThanOrEqual(1);
    const [after] = await database().db.select().from(orders).where(eq(orders.id, stranded!.id));
    expect(after!.status).toBe('paid');
    expect(await countOf(testProviderCharges)).toBe(charges0 + 1);
    const [cart] = await database().db.select().from(carts).where(eq(carts.id, after!.cartId!));
    expect(await database().db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
  });
});
