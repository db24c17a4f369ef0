import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subscriptionPreview, subscription as subscriptionSchema } from '#api';
import { lockUser } from '../../server/account/lock-user';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { hairProfiles, orders, outbox, paymentMethods, scheduledJobs, subscriptionProducts, subscriptions, users } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { addDays, renewalInstant, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { US_ADDRESS } from './support/fulfilment-orders';
import { untilLockWaiters } from './support/lock-waits';
import { insertSavedMethod } from './support/subscribers';
import { createTestApp, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const TODAY = '2026-03-02';
const NOW = new Date(`${TODAY}T10:00:00Z`);
const TOMORROW = addDays(TODAY, 1);

describeEachDatabase('POST /v2/subscriptions and its preview: a subscription made from the account (issue 27 item 3; spec 001 §4 "Create", §7)', (database) => {
  const db = () => database().db;
  const clock = testClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { clock, flows });
  });

  /** A customer with Rosa's completed haircare consultation, an address and a saved card. */
  async function customer() {
    const { access: token, email } = await signUpCustomer(t);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const rosa = personas.find((p) => p.name === 'Rosa')!;
    await db()
      .insert(hairProfiles)
      .values({ userId: user!.id, answers: rosa.answers, consultationStatuses: { haircare: 'completed' } });
    const address = await t.call('POST', '/v1/account/addresses', { token, body: { ...US_ADDRESS, address2: undefined, primary: true } });
    expect(address.status).toBe(201);
    const methodId = await insertSavedMethod(db(), user!.id);
    const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    return { token, email, userId: user!.id, address: address.body.pubkey as string, method: method!.pubkey };
  }
  const body = (c: { address: string; method: string }, over: Record<string, unknown> = {}) => ({
    category: 'haircare',
    regular_products: [
      { type: 'shampoo', quantity: 2, frequency: 4 },
      { type: 'conditioner', quantity: 1, frequency: 8 },
    ],
    shipping_address: c.address,
    payment_source: c.method,
    next_start: addDays(TODAY, 7),
    ...over,
  });
  const saved = async (userId: number) => ({
    subscriptions: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    jobs: (await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB))).length,
  });

  it('spec 001 §4 "Create: the new subscription goes first in the list": 201 the subscription, each product from next_start, its renewal job scheduled, the created mail, nothing charged now', async () => {
    clock.set(NOW);
    const c = await customer();
    // An older, canceled subscription of theirs: the new one still comes first.
    await db()
      .insert(subscriptions)
      .values({
        pubkey: `sub_old_${c.userId}`,
        userId: c.userId,
        category: 'skincare',
        subCategory: 'topicals',
        status: 'canceled',
        shippingAddress: US_ADDRESS,
        discountPercentage: 15,
        currency: 'USD',
        canceledAt: NOW,
      });
    const made = await t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c) });
    expect(made.status).toBe(201);
    const sub = subscriptionSchema.parse(made.body);
    expect(sub).toMatchObject({
      status: 'active',
      category: 'haircare',
      sub_category: 'topicals',
      next_start: addDays(TODAY, 7),
      shipping_address: c.address,
      payment_source: c.method,
      discount_percentage: 15,
      currency: 'USD',
      must_have_jars: true,
    });
    expect(sub.regular_products.map((p) => [p.type, p.quantity, p.frequency, p.next_start, p.can_skip])).toEqual([
      ['shampoo', 2, 4, addDays(TODAY, 7), true],
      ['conditioner', 1, 8, addDays(TODAY, 7), true],
    ]);
    const list = await t.call('GET', '/v2/subscriptions', { token: c.token });
    expect(list.body.map((s: { pubkey: string }) => s.pubkey)).toEqual([sub.pubkey, `sub_old_${c.userId}`]);
    // Spec 001 §4: has_active_subscription is set from status = active.
    expect((await t.call('GET', '/v1/account/', { token: c.token })).body.profile.has_active_subscription).toBe(true);

    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.pubkey, sub.pubkey));
    const [job] = await db()
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${row!.id}`)));
    expect(job?.dueAt).toEqual(renewalInstant(addDays(TODAY, 7)));
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, c.email));
    expect(mails.map((m) => m.subject)).toContain('Your hair care subscription is set');
    // Nothing is charged now: the first box is the renewal's on next_start.
    expect(await db().select().from(orders).where(eq(orders.userId, c.userId))).toEqual([]);
  });

  it('spec 001 §4 "A subscription is current when active or onhold", issue 27 item 1 "One current subscription per category and sub-category": a second is 422 subscription_exists; supplements and skincare have their own', async () => {
    clock.set(NOW);
    const c = await customer();
    expect((await t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c) })).status).toBe(201);
    const again = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: body(c, { regular_products: [{ type: 'hair_mask', quantity: 1, frequency: 8 }] }),
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('subscription_exists');
    const supplements = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: body(c, { regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }] }),
    });
    expect(supplements.status).toBe(201);
    expect(supplements.body.sub_category).toBe('supplements');
    const skincare = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: body(c, { category: 'skincare', regular_products: [{ type: 'cleanser', quantity: 1, frequency: 12 }] }),
    });
    expect(skincare.status).toBe(201);
    // A canceled one is no current subscription: a new one may be made.
    await db().update(subscriptions).set({ status: 'canceled', canceledAt: NOW }).where(eq(subscriptions.pubkey, skincare.body.pubkey));
    expect(
      (
        await t.call('POST', '/v2/subscriptions', {
          token: c.token,
          body: body(c, { category: 'skincare', regular_products: [{ type: 'serum', quantity: 1, frequency: 4 }] }),
        })
      ).status,
    ).toBe(201);
  });

  it('a retried create: two identical requests at once make one subscription; the other is 422 subscription_exists', async () => {
    clock.set(NOW);
    const c = await customer();
    const answers = await Promise.all([1, 2].map(() => t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe('subscription_exists');
    const rows = (await saved(c.userId)).subscriptions;
    expect(rows).toHaveLength(1);
    expect(await db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, rows[0]!.id))).toHaveLength(2);
  });

  it('the same race forced (PostgreSQL): both creates wait behind the customer’s lock, then the first makes it and the second finds it (422)', async () => {
    if (database().driver !== 'postgres') return; // the embedded database has one connection: requests already take turns
    clock.set(NOW);
    const c = await customer();
    let pending: Promise<{ status: number; body: { code?: string } }>[] = [];
    await db().transaction(async (tx) => {
      await lockUser(tx, c.userId);
      pending = [1, 2].map(() => t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c) }));
      await untilLockWaiters(db(), 2);
    });
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect((await saved(c.userId)).subscriptions).toHaveLength(1);
  });

  it('spec 001 §9, issue 27 "Security and bad input": every bad field is named in one 400 (an accessory, a supplement among topicals, a product twice, a frequency not offered, another shopper’s address and card, a removed card), nothing saved', async () => {
    clock.set(NOW);
    const c = await customer();
    const other = await customer();
    const removed = await insertSavedMethod(db(), c.userId, { outcome: 'succeeds' }, '1881');
    await db().update(paymentMethods).set({ deletedAt: NOW }).where(eq(paymentMethods.id, removed));
    const before = await saved(c.userId);
    const bad = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: body(other, {
        regular_products: [
          { type: 'candle_arcadia', quantity: 1, frequency: 4 },
          { type: 'supplement_core', quantity: 1, frequency: 4 },
          { type: 'shampoo', quantity: 1, frequency: 6 },
          { type: 'conditioner', quantity: 1, frequency: 4 },
          { type: 'conditioner', quantity: 1, frequency: 8 },
          { type: 'face_cream', quantity: 1, frequency: 4 },
          { type: 'trial_shampoo', quantity: 1, frequency: 4 },
        ],
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(Object.keys(bad.body.fields).sort()).toEqual(
      [
        'regular_products.0.type',
        'regular_products.1.type',
        'regular_products.2.frequency',
        'regular_products.4.type',
        'regular_products.5.type',
        'regular_products.6.type',
        'shipping_address',
        'payment_source',
      ].sort(),
    );
    // Supplements come every 25 days only (spec 001 §9); a removed card is not theirs to choose.
    const supplements = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: body(c, {
        regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 8 }],
        payment_source: (await db().select().from(paymentMethods).where(eq(paymentMethods.id, removed)))[0]!.pubkey,
      }),
    });
    expect(Object.keys(supplements.body.fields).sort()).toEqual(['payment_source', 'regular_products.0.frequency']);
    // The shapes the contract refuses: a quantity out of 1–4, no product, an unknown field, a category of accessories.
    for (const over of [
      { regular_products: [{ type: 'shampoo', quantity: 5, frequency: 4 }] },
      { regular_products: [{ type: 'shampoo', quantity: 0, frequency: 4 }] },
      { regular_products: [] },
      { category: 'others' },
      { next_start: 'soon' },
      { extra: true },
    ]) {
      const answer = await t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c, over) });
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}).length, JSON.stringify(over)).toBeGreaterThan(0);
    }
    expect(await saved(c.userId)).toEqual(before);
  });

  it('our choice (README "Create and upsells"): the first delivery is tomorrow unless given, from tomorrow to 90 days ahead (spec 001 §5 snooze’s limit), else 400 on next_start', async () => {
    clock.set(NOW);
    for (const [next, status] of [
      [TODAY, 400],
      [addDays(TODAY, 91), 400],
      ['2026-02-30', 400],
    ] as const) {
      const c = await customer();
      const answer = await t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c, { next_start: next }) });
      expect(answer.status, next).toBe(status);
      expect(Object.keys(answer.body.fields), next).toEqual(['next_start']);
    }
    const limit = await customer();
    expect((await t.call('POST', '/v2/subscriptions', { token: limit.token, body: body(limit, { next_start: addDays(TODAY, 90) }) })).body.next_start).toBe(
      addDays(TODAY, 90),
    );
    const unset = await customer();
    const { next_start: _, ...rest } = body(unset);
    expect((await t.call('POST', '/v2/subscriptions', { token: unset.token, body: rest })).body.next_start).toBe(TOMORROW);
  });

  it('only the shopper’s own: a guest cannot subscribe (403), no token is 401, nothing saved', async () => {
    clock.set(NOW);
    const c = await customer();
    const guest = await startGuest(t);
    const before = await saved(c.userId);
    const asGuest = await t.call('POST', '/v2/subscriptions', { token: guest.access, body: body(c) });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe('guest_account');
    expect((await t.call('POST', '/v2/subscriptions', { body: body(c) })).status).toBe(401);
    expect((await t.call('POST', '/v2/subscriptions/preview', { body: body(c) })).status).toBe(401);
    // Another account naming this shopper's address and card: 400 on both, nothing of theirs used.
    const other = await customer();
    const foreign = await t.call('POST', '/v2/subscriptions', { token: other.token, body: body(c) });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.fields).sort()).toEqual(['payment_source', 'shipping_address']);
    expect(await saved(c.userId)).toEqual(before);
    expect((await saved(other.userId)).subscriptions).toEqual([]);
  });

  it('spec 001 §3 "Preview ... responses", §7: POST /v2/subscriptions/preview answers the ticket and forecast such a subscription would have, saves nothing, and the subscription then made forecasts the same', async () => {
    clock.set(NOW);
    const c = await customer();
    const before = await saved(c.userId);
    const preview = await t.call('POST', '/v2/subscriptions/preview', { token: c.token, body: body(c) });
    expect(preview.status).toBe(200);
    const parsed = subscriptionPreview.parse(preview.body);
    expect(parsed.forecast.status).toBe('AVAILABLE');
    expect(parsed.forecast.forecast[0]!.next_charge).toBe(addDays(TODAY, 7));
    expect(parsed.forecast.forecast[0]!.items.map((i) => [i.type, i.quantity])).toEqual([
      ['shampoo', 2],
      ['conditioner', 1],
    ]);
    // Free shipping and the 15% saving (spec 001 §9); the shampoo alone 4 weeks later.
    expect(parsed.forecast.forecast[0]!.total_shipping).toBe(0);
    expect(parsed.forecast.forecast[0]!.discount_rate).toBe(0.15);
    expect(parsed.forecast.forecast[1]!.items.map((i) => i.type)).toEqual(['shampoo']);
    expect(parsed.ticket!.products.map((p) => p.slug)).toEqual(['shampoo', 'conditioner']);
    expect(parsed.ticket!.coupons[0]).toMatchObject({ property: 'subscription' });
    expect(parsed.subscribed_products).toEqual([
      { type: 'shampoo', can_skip: true, can_unskip: false },
      { type: 'conditioner', can_skip: true, can_unskip: false },
    ]);
    expect(await saved(c.userId)).toEqual(before);
    // Without an address or card the preview still answers (taxes of the shopper's primary address).
    const { shipping_address: _a, payment_source: _p, ...bare } = body(c);
    expect((await t.call('POST', '/v2/subscriptions/preview', { token: c.token, body: bare })).body.forecast).toEqual(parsed.forecast);
    // Its checks are the create's: a frequency not offered is 400 naming it.
    const bad = await t.call('POST', '/v2/subscriptions/preview', {
      token: c.token,
      body: body(c, { regular_products: [{ type: 'shampoo', quantity: 1, frequency: 5 }] }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['regular_products.0.frequency']);

    const made = await t.call('POST', '/v2/subscriptions', { token: c.token, body: body(c) });
    const forecast = await t.call('POST', `/v2/subscriptions/${made.body.pubkey}/forecast`, { token: c.token });
    expect(forecast.body).toEqual(parsed.forecast);
  });
});
