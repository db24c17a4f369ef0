/**
 * An order paid partly (or wholly) with shop credit says so (issue 28; spec 001 §3 Order, §3 Cart gift_cards, §4
 * Checkout and payment): `credit_applied` on the order the API shows (placed, read, listed), the figures adding up
 * in cents (total_price − total_discount + total_shipping + total_taxes − credit_applied = total_amount, what the card
 * paid), and the confirmation mail's lines.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#api';
import { formatMoney, toCents } from '#api/money';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { orders, outbox, testProviderCharges, users } from '../../server/db/schema';
import { grantCredit, orderCreditSpent } from '../../server/money/credit-ledger';
import { orderConfirmationMail } from '../../server/orders/order-mail';
import type { OrderRow } from '../../server/orders/order-view';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { describeEachDatabase } from './support/databases';
import { cardToken, oneAddressLimits, placeOrder, rosaAddress, shopperAtCheckout } from './support/checkout-shopper';
import { createTestApp, signUpCustomer, testClock, type TestApp } from './support/test-app';

const cents = toCents;

/** Spec 001 §3 Order with the credit: what the order came to, less the credit, is what the card paid. */
function expectAddsUp(order: Order): void {
  expect(cents(order.total_price) - cents(order.total_discount) + cents(order.total_shipping) + cents(order.total_taxes) - cents(order.credit_applied)).toBe(
    cents(order.total_amount),
  );
}

describe('the order confirmation mail with gift card credit (issue 28; spec 001 §4 Checkout and payment)', () => {
  const row = {
    pubkey: 'ord_pub_77',
    serialNo: 100077,
    currency: 'USD',
    totalPrice: 10_000,
    totalDiscount: 1_500,
    totalShipping: 0,
    totalTaxes: 700,
    totalAmount: 4_200,
  } as unknown as OrderRow;
  const lines = [{ label: 'Custom Shampoo', quantity: 2, totalPrice: 10_000, picture: null }];

  it('shows subtotal, savings, shipping, taxes, the total, the gift card credit and what was paid, in text and HTML; they add up', () => {
    const mail = orderConfirmationMail('rosa@example.com', 'Rosa', row, 'https://shop.example.com', lines, 5_000);
    expect(mail.text).toContain('your order 100077 ($92, $50 of it paid with gift card credit)');
    expect(mail.text).toContain(
      ['Subtotal: $100', 'Savings: −$15', 'Shipping: Free', 'Taxes: $7', 'Total: $92', 'Gift card credit: −$50', 'Paid: $42'].join('\n'),
    );
    const html = mail.html!;
    for (const [label, amount] of [
      ['Total', '$92'],
      ['Gift card credit', '−$50'],
      ['Paid', '$42'],
    ] as const)
      expect(html).toMatch(new RegExp(`>${label}</td><td align="right"[^>]*>${amount.replace('$', '\\$')}</td>`));
  });

  it('without credit, its figures end with "Total paid", the card’s amount, as before', () => {
    const mail = orderConfirmationMail('rosa@example.com', 'Rosa', { ...row, totalAmount: 9_200 }, 'https://shop.example.com', lines);
    expect(mail.text).toContain('your order 100077 ($92)');
    expect(mail.text).toContain('Total paid: $92');
    expect(mail.text).not.toContain('Gift card credit');
    expect(mail.text).not.toContain('Paid:');
    expect(mail.html).toMatch(/>Total paid<\/td><td align="right"[^>]*>\$92<\/td>/);
  });
});

describeEachDatabase('an order says the gift card credit it spent (issue 28; spec 001 §3 Order)', (database) => {
  const db = () => database().db;
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows: loadProfileFlows('flows'), clock: testClock(new Date('2026-10-20T16:00:00Z')), config: { rateLimits: oneAddressLimits } });
  });

  const grant = async (token: string, amount: number) => {
    const account = await t.call('GET', '/v1/account/', { token });
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.pubkey, account.body.pubkey));
    await db().transaction((tx) =>
      grantCredit(tx, { userId: user!.id, currency: 'USD', cents: amount, kind: 'referral', source: `test:${user!.id}:${amount}` }),
    );
  };

  it('placed with credit and a card: POST and GET /v2/orders/{pubkey}/ carry credit_applied, total_amount is what the card paid, and it adds up; another account gets 404', async () => {
    const token = await shopperAtCheckout(t);
    await grant(token, 2_000);
    const placed = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242') } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order: Order = placed.body;
    expect(order.credit_applied).toBe(20);
    expectAddsUp(order);

    const read = await t.call('GET', `/v2/orders/${order.pubkey}/`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ credit_applied: 20, total_amount: order.total_amount });
    expectAddsUp(read.body);
    // total_amount is the charge: what the card paid, the credit spent being the ledger's.
    const [row] = await db().select().from(orders).where(eq(orders.pubkey, order.pubkey));
    const [charge] = await db().select().from(testProviderCharges).where(eq(testProviderCharges.id, row!.chargeId!));
    expect(cents(read.body.total_amount)).toBe(charge!.amount);
    expect(await orderCreditSpent(db(), row!.id)).toBe(2_000);

    const listed = await t.call('GET', '/v2/orders/', { token });
    expect(listed.body.results.find((o: Order) => o.pubkey === order.pubkey)).toMatchObject({ credit_applied: 20, total_amount: order.total_amount });

    // Another account: no such order, credit or not.
    const { access: other } = await signUpCustomer(t);
    expect(await t.call('GET', `/v2/orders/${order.pubkey}/`, { token: other })).toMatchObject({ status: 404, body: { code: 'not_found' } });

    // The confirmation mail says the credit too.
    const email = (await t.call('GET', '/v1/account/', { token })).body.email as string;
    const [confirmation] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'order_confirmation')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(confirmation!.textBody).toContain('Gift card credit: −$20');
    expect(confirmation!.textBody).toContain(`Paid: ${formatMoney(order.total_amount, 'USD')}`);
  });

  it('an order without credit says 0; an order the credit pays in full says all of it, with total_amount 0', async () => {
    const plain = await shopperAtCheckout(t);
    const paid = await placeOrder(t, plain, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242') } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.credit_applied).toBe(0);
    expectAddsUp(paid.body);

    const { access: token } = await signUpCustomer(t);
    await grant(token, 50_000);
    expect((await t.call('POST', '/v1/account/addresses', { token, body: { ...rosaAddress, primary: true } })).status).toBe(201);
    await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
    const cart = await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } });
    const free = await t.call('POST', '/v2/cart/place-order/', { token, body: {} });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body).toMatchObject({ total_amount: 0, credit_applied: cart.body.amount_due });
    expectAddsUp(free.body);
    expect((await t.call('GET', `/v2/orders/${free.body.pubkey}/`, { token })).body).toMatchObject({ total_amount: 0, credit_applied: cart.body.amount_due });
  });
});
