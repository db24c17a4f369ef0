import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { defaultRateLimits } from '../../server/config';
import { orderItems, orders, outbox, paymentMethods, scheduledJobs, subscriptionProducts, subscriptions, users } from '../../server/db/schema';
import { createTestProvider } from '../../server/payments/test-provider';
import { chargeOrder } from '../../server/money/settle-payment';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { adoptPaidOrders, subscribeFromPaidOrder } from '../../server/subscriptions/from-order';
import { addWeeks, renewalInstant, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import type { OrderRow } from '../../server/orders/order-view';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, shopperAtCheckout } from './support/checkout-shopper';
import { insertShopper } from './support/fulfilment-orders';
import { paidSubscriptionOrder, PUBLIC_URL } from './support/subscribers';
import { createTestApp, testClock, TEST_SECRET, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const clock = testClock(new Date('2026-07-15T12:00:00Z'));
const config = { rateLimits: { ...defaultRateLimits, cardTokensPerIp: { limit: 500, windowSeconds: 15 * 60 } } };

describeEachDatabase('subscriptions made from checkout (issue 27 item 1; spec 001 §3 Subscription, §4 Subscriptions)', (database) => {
  let t: TestApp;
  const db = () => database().db;
  /** The shopper of the newest order (placed or declined). */
  const newestOrderUser = async () => {
    const [order] = await db().select({ userId: orders.userId }).from(orders).orderBy(desc(orders.id)).limit(1);
    const [row] = await db().select().from(users).where(eq(users.id, order!.userId));
    return row!;
  };
  const subscriptionsOf = (userId: number) => db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const productsOf = (subscriptionId: number) =>
    db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, subscriptionId)).orderBy(subscriptionProducts.type);

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { flows, clock, config });
  });

  it('spec 001 §3 Subscription: a paid order with subscription lines makes the category’s subscription, each product on its own date, with the saved card, scheduled and mailed', async () => {
    const token = await shopperAtCheckout(t);
    const placed = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242'), save_card: true } });
    expect(placed.status).toBe(201);
    const user = await newestOrderUser();
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    const subscribedLines = await db()
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order!.id), eq(orderItems.subscriptionActive, true)));
    expect(subscribedLines.length).toBeGreaterThan(0);

    const made = await subscriptionsOf(user.id);
    const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    // One subscription per sub-category the order holds (a haircare routine may hold supplements too).
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const subscription of made) {
      expect(subscription).toMatchObject({
        category: 'haircare',
        status: 'active',
        statusReason: null,
        discountPercentage: 15,
        currency: 'USD',
        mustHaveJars: true,
        paymentMethodId: method!.id,
        shippingAddress: order!.shippingAddress,
      });
    }
    const products = (await Promise.all(made.map((s) => productsOf(s.id)))).flat();
    expect(products.map((p) => p.type).sort()).toEqual(subscribedLines.map((l) => l.type).sort());
    for (const product of products) {
      const line = subscribedLines.find((l) => l.type === product.type)!;
      expect(product).toMatchObject({ quantity: line.quantity, frequency: line.frequency, skipped: false, nextStart: addWeeks('2026-07-15', line.frequency!) });
    }
    const jobs = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB));
    for (const subscription of made) {
      const first = products
        .filter((p) => p.subscriptionId === subscription.id)
        .map((p) => p.nextStart)
        .sort()[0]!;
      expect(jobs.find((j) => j.key === `subscription:${subscription.id}`)?.dueAt).toEqual(renewalInstant(first));
    }
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, user.email!));
    expect(mails.filter((m) => m.kind === 'subscription_created')).toHaveLength(made.length);
    expect(mails.find((m) => m.kind === 'subscription_created')!.textBody).toContain(`${PUBLIC_URL}/account/subscription/haircare`);
  });

  it('spec 001 §4: a declined order makes no subscription; the retried request of a paid order adds nothing twice', async () => {
    const token = await shopperAtCheckout(t);
    const declined = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4000000000000002') } });
    expect(declined.status).toBe(402);
    const user = await newestOrderUser();
    expect(await subscriptionsOf(user.id)).toEqual([]);

    const body = { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242') } };
    const paid = await placeOrder(t, token, body, 'subscribe-once');
    expect(paid.status).toBe(201);
    const again = await placeOrder(t, token, body, 'subscribe-once');
    expect(again.body.pubkey).toBe(paid.body.pubkey);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, paid.body.pubkey));
    // Settling the paid order again (a retry, the reconciliation) and making its subscriptions again add nothing.
    const payments = createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id });
    await chargeOrder({ db: db(), clock, payments, mailer: outboxOnlyMailer, config: { publicUrl: PUBLIC_URL } }, order as OrderRow, { source: null }, user);
    expect(await db().transaction((tx) => subscribeFromPaidOrder(tx, order as OrderRow, { now: clock.now(), publicUrl: PUBLIC_URL }))).toEqual([]);

    const made = await subscriptionsOf(user.id);
    const lines = await db()
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order!.id), eq(orderItems.subscriptionActive, true)));
    const products = (await Promise.all(made.map((s) => productsOf(s.id)))).flat();
    expect(products).toHaveLength(lines.length);
    expect(products.map((p) => p.quantity)).toEqual(products.map((p) => lines.find((l) => l.type === p.type)!.quantity));
    // Paid with a card not kept: no saved method to charge later (a renewal holds it until the shopper adds one).
    expect(made.every((s) => s.paymentMethodId === null)).toBe(true);
  });

  it('spec 001 §4 "one current subscription per category": a second paid order adds to the current subscription, its quantity and frequency winning', async () => {
    const shopper = await insertShopper(db());
    await paidSubscriptionOrder(db(), shopper.id, { lines: ['shampoo'], subscribed: { shampoo: 4 }, paidAt: new Date('2026-07-01T10:00:00Z') });
    const second = await paidSubscriptionOrder(db(), shopper.id, {
      lines: ['shampoo', 'conditioner'],
      subscribed: { shampoo: 8, conditioner: 12 },
      paidAt: new Date('2026-07-10T10:00:00Z'),
    });
    await db()
      .update(orderItems)
      .set({ quantity: 2 })
      .where(and(eq(orderItems.orderId, second.id), eq(orderItems.type, 'shampoo')));
    expect(await adoptPaidOrders(db(), { now: clock.now(), publicUrl: PUBLIC_URL })).toBeGreaterThanOrEqual(2);
    const made = await subscriptionsOf(shopper.id);
    expect(made).toHaveLength(1);
    expect((await productsOf(made[0]!.id)).map((p) => [p.type, p.quantity, p.frequency, p.nextStart])).toEqual([
      ['conditioner', 1, 12, '2026-10-02'],
      ['shampoo', 2, 8, '2026-09-04'],
    ]);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, shopper.email!));
    expect(mails.filter((m) => m.kind === 'subscription_created')).toHaveLength(1);
  });

  it('the migration: orders paid before subscriptions existed become subscriptions, once, whoever runs it; declined, canceled and renewal orders do not', async () => {
    const [a, b] = [await insertShopper(db()), await insertShopper(db())];
    await paidSubscriptionOrder(db(), a.id, {
      lines: ['shampoo', 'conditioner', 'supplements', 'candle'],
      subscribed: { shampoo: 4, conditioner: 8, supplements: 4 },
      paidAt: new Date('2026-06-01T10:00:00Z'),
      status: 'delivered',
    });
    await paidSubscriptionOrder(db(), a.id, { lines: ['cleanser'], subscribed: { cleanser: 12 }, paidAt: new Date('2026-06-20T10:00:00Z'), status: 'shipped' });
    await paidSubscriptionOrder(db(), b.id, {
      lines: ['shampoo'],
      subscribed: { shampoo: 4 },
      paidAt: new Date('2026-06-02T10:00:00Z'),
      status: 'payment_failed',
    });
    await paidSubscriptionOrder(db(), b.id, { lines: ['shampoo'], subscribed: { shampoo: 4 }, paidAt: new Date('2026-06-03T10:00:00Z'), status: 'canceled' });
    await paidSubscriptionOrder(db(), b.id, {
      lines: ['conditioner'],
      subscribed: { conditioner: 4 },
      paidAt: new Date('2026-06-04T10:00:00Z'),
      key: 'renewal:sub_x:2026-06-04:1',
    });
    await paidSubscriptionOrder(db(), b.id, { lines: ['shampoo'], subscribed: {}, paidAt: new Date('2026-06-05T10:00:00Z') });

    // Two processes starting at once (two handles on PostgreSQL share the work; PGlite runs them in turn).
    await Promise.all([adoptPaidOrders(db(), { now: clock.now(), publicUrl: PUBLIC_URL }), adoptPaidOrders(db(), { now: clock.now(), publicUrl: PUBLIC_URL })]);
    expect(await adoptPaidOrders(db(), { now: clock.now(), publicUrl: PUBLIC_URL })).toBe(0);

    const made = (await subscriptionsOf(a.id)).sort((x, y) => `${x.category}${x.subCategory}`.localeCompare(`${y.category}${y.subCategory}`));
    expect(made.map((s) => [s.category, s.subCategory, s.status])).toEqual([
      ['haircare', 'supplements', 'active'],
      ['haircare', 'topicals', 'active'],
      ['skincare', 'topicals', 'active'],
    ]);
    expect((await productsOf(made[1]!.id)).map((p) => [p.type, p.frequency, p.nextStart])).toEqual([
      ['conditioner', 8, '2026-07-27'],
      ['shampoo', 4, '2026-06-29'],
    ]);
    expect((await productsOf(made[0]!.id)).map((p) => [p.type, p.nextStart])).toEqual([['supplement_core', '2026-06-29']]);
    expect(await subscriptionsOf(b.id)).toEqual([]);
  });
});
