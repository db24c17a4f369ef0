import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { hairProfiles, paymentMethods, scheduledJobs, subscriptionProducts, subscriptionRenewals, subscriptions, users } from '../../server/db/schema';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { renewSubscription } from '../../server/subscriptions/renew';
import { addDays, renewalInstant, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { US_ADDRESS, type LineName } from './support/fulfilment-orders';
import { insertSavedMethod, paidSubscriptionOrder, PUBLIC_URL, shopServices } from './support/subscribers';
import { createTestApp, signUpCustomer, startGuest, testClock, TEST_SECRET, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const PAID_DAY = '2026-03-02';
const PAID = new Date(`${PAID_DAY}T10:00:00Z`);
/** The shampoo (every 4 weeks) is due 4 weeks after the paid day, the conditioner (every 8) 8 weeks after. */
const SHAMPOO_DAY = addDays(PAID_DAY, 28);
const CONDITIONER_DAY = addDays(PAID_DAY, 56);

describeEachDatabase('the account’s subscription calls: list, read, skip, unskip, snooze (issue 27 item 3; spec 001 §3, §4, §5, §7)', (database) => {
  const db = () => database().db;
  const clock = testClock(PAID);
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { clock, flows });
  });

  /** A signed-up customer with Rosa's answers, a saved card, and a subscription made from a paid order on PAID. */
  async function subscriber(subscribed: Partial<Record<LineName, number>> = { shampoo: 4, conditioner: 8 }) {
    const { access: token, email } = await signUpCustomer(t);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const rosa = personas.find((p) => p.name === 'Rosa')!;
    await db().insert(hairProfiles).values({ userId: user!.id, answers: rosa.answers }).onConflictDoNothing();
    const methodId = await insertSavedMethod(db(), user!.id);
    await paidSubscriptionOrder(db(), user!.id, { lines: Object.keys(subscribed) as LineName[], subscribed, paidAt: PAID });
    await adoptPaidOrders(db(), { now: PAID, publicUrl: PUBLIC_URL });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    return { token, userId: user!.id, methodId, id: row!.id, pubkey: row!.pubkey };
  }
  const rowOf = async (id: number) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const productsOf = (id: number) =>
    db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id)).orderBy(subscriptionProducts.type);
  const jobAt = async (id: number) =>
    (
      await db()
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${id}`)))
    )[0]?.dueAt;
  const product = (body: { regular_products: Record<string, unknown>[] }, type: string) => body.regular_products.find((p) => p.type === type)!;
  const snapshot = async (id: number) => ({ row: await rowOf(id), products: await productsOf(id), job: await jobAt(id) });

  it('spec 001 §3 Subscription, §7: GET /v2/subscriptions lists the caller’s subscriptions and GET /v2/subscriptions/{id} reads one, each product on its own schedule', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const added = await t.call('POST', '/v1/account/addresses', { token: s.token, body: { ...US_ADDRESS, address2: undefined, primary: true } });
    expect(added.status).toBe(201);
    const [method] = await db().select().from(subscriptions).where(eq(subscriptions.id, s.id));

    const list = await t.call('GET', '/v2/subscriptions', { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const one = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[0]);
    expect(one.body).toMatchObject({
      pubkey: s.pubkey,
      status: 'active',
      status_reason: null,
      category: 'haircare',
      sub_category: 'topicals',
      next_start: SHAMPOO_DAY,
      shipping_address: added.body.pubkey,
      shipping_address_details: { city: 'Austin', state: 'TX', country: 'US' },
      discount_percentage: 15,
      currency: 'USD',
      must_have_jars: true,
      canceled_at: null,
      version: method!.version,
    });
    expect(one.body.payment_source).toMatch(/^pm_/);
    // Spec 001 §4 "Skip and unskip": only the shampoo is in the next delivery.
    expect(product(one.body, 'shampoo')).toMatchObject({
      quantity: 1,
      frequency: 4,
      next_start: SHAMPOO_DAY,
      skipped: false,
      can_skip: true,
      can_unskip: false,
    });
    expect(product(one.body, 'conditioner')).toMatchObject({ frequency: 8, next_start: CONDITIONER_DAY, can_skip: false, can_unskip: false });
    expect(product(one.body, 'shampoo').label).toBeTruthy();
    // The trailing-slash form is served too (API.md).
    expect((await t.call('GET', `/v2/subscriptions/${s.pubkey}/`, { token: s.token })).body).toEqual(one.body);
  });

  it('only the owner: another account and a guest get 404 for a subscription (and nothing of it in their list), no token is 401', async () => {
    const s = await subscriber();
    const other = await signUpCustomer(t);
    const guest = await startGuest(t);
    const before = await snapshot(s.id);
    for (const token of [other.access, guest.access]) {
      expect((await t.call('GET', '/v2/subscriptions', { token })).body).toEqual([]);
      const read = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token });
      expect(read.status).toBe(404);
      expect(read.body.code).toBe('not_found');
      expect(JSON.stringify(read.body)).not.toContain('shampoo');
      for (const [path, body] of [
        ['skip/', { product: 'shampoo' }],
        ['unskip/', { product: 'shampoo' }],
        ['snooze/', { days: 7 }],
      ] as const)
        expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/${path}`, { token, body })).status, path).toBe(404);
      expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/forecast`, { token })).status).toBe(404);
      expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/preview`, { token, body: { regular_products: [] } })).status).toBe(404);
      expect((await t.call('PATCH', `/v2/subscriptions/${s.pubkey}`, { token, body: { regular_products: [{ type: 'shampoo', quantity: 2 }] } })).status).toBe(
        404,
      );
    }
    expect((await t.call('GET', `/v2/subscriptions/${s.pubkey}`)).status).toBe(401);
    expect((await t.call('GET', '/v2/subscriptions/sub_nothing', { token: s.token })).status).toBe(404);
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('spec 001 §4 "Skip and unskip": a product of the next delivery is skipped and put back, each answering what every product may do; the renewal then leaves it out and moves it', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const version = (await rowOf(s.id)).version;
    const skipped = await t.call('POST', `/v2/subscriptions/${s.pubkey}/skip/`, { token: s.token, body: { product: 'shampoo' } });
    expect(skipped.status).toBe(200);
    // The shampoo's next box is one frequency later: the next delivery is now the conditioner's (and the shampoo's) day.
    expect(skipped.body.subscription.next_start).toBe(CONDITIONER_DAY);
    expect(product(skipped.body.subscription, 'shampoo')).toMatchObject({ skipped: true, next_start: CONDITIONER_DAY, can_skip: false, can_unskip: true });
    expect(skipped.body.subscribed_products).toEqual([
      { type: 'shampoo', can_skip: false, can_unskip: true },
      { type: 'conditioner', can_skip: true, can_unskip: false },
    ]);
    expect(skipped.body.subscription.version).toBe(version + 1);
    // A new forecast and ticket (spec 001 §3 "Preview, skip and unskip responses"): the first charge is the 8th week's.
    expect(skipped.body.forecast.status).toBe('AVAILABLE');
    expect(skipped.body.forecast.forecast[0].next_charge).toBe(CONDITIONER_DAY);
    expect(skipped.body.ticket.products.map((p: { slug: string; quantity: number }) => [p.slug, p.quantity])).toEqual([
      ['shampoo', 1],
      ['conditioner', 1],
    ]);
    expect(skipped.body.ticket.coupons).toEqual([
      expect.objectContaining({ property: 'subscription', total_price: -skipped.body.forecast.forecast[0].total_discount }),
    ]);
    expect(skipped.body.ticket.coupons[0].total_price).toBeLessThan(0);
    expect(skipped.body.gwps).toEqual([]);
    // The renewal job stays on the shampoo's date, where the renewal moves it.
    expect(await jobAt(s.id)).toEqual(renewalInstant(SHAMPOO_DAY));

    const back = await t.call('POST', `/v2/subscriptions/${s.pubkey}/unskip/`, { token: s.token, body: { product: 'shampoo' } });
    expect(back.status).toBe(200);
    expect(back.body.subscription.next_start).toBe(SHAMPOO_DAY);
    expect(back.body.subscribed_products[0]).toEqual({ type: 'shampoo', can_skip: true, can_unskip: false });
    expect(back.body.forecast.forecast[0].next_charge).toBe(SHAMPOO_DAY);

    // Skipped again, the renewal on its day charges nothing and moves it by its frequency, un-skipped.
    await t.call('POST', `/v2/subscriptions/${s.pubkey}/skip/`, { token: s.token, body: { product: 'shampoo' } });
    const services = shopServices({
      db: db(),
      clock,
      mailer: outboxOnlyMailer,
      flows,
      payments: createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id }),
    });
    clock.set(renewalInstant(SHAMPOO_DAY));
    expect(await renewSubscription(services, s.id)).toBe('all_skipped');
    clock.set(PAID); // the access token's day
    const after = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(product(after.body, 'shampoo')).toMatchObject({ skipped: false, next_start: CONDITIONER_DAY, can_skip: true });
    expect(after.body.next_start).toBe(CONDITIONER_DAY);
  });

  it('spec 001 §4 "Skip and unskip": an unknown product, one not in the next delivery, or one not skipped is 400 naming product, and nothing changes', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const before = await snapshot(s.id);
    const cases: [string, unknown][] = [
      ['skip/', { product: 'face_cream' }],
      ['skip/', { product: 'conditioner' }],
      ['unskip/', { product: 'shampoo' }],
      ['skip/', { product: '' }],
      ['skip/', {}],
      ['skip/', { product: 'shampoo', extra: 1 }],
    ];
    for (const [path, body] of cases) {
      const answer = await t.call('POST', `/v2/subscriptions/${s.pubkey}/${path}`, { token: s.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_error');
      expect(Object.keys(answer.body.fields ?? {}).join(','), JSON.stringify(body)).toMatch(/product|extra|^$/);
    }
    for (const [path, body] of cases.slice(0, 4)) {
      const answer = await t.call('POST', `/v2/subscriptions/${s.pubkey}/${path}`, { token: s.token, body });
      expect(answer.body.fields.product, JSON.stringify(body)).toHaveLength(1);
    }
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('spec 001 §5 Snooze: the next delivery moves by the days (reported as weeks), every product’s date with it and the renewal job too; up to 90 days after today, never beyond ("Cannot snooze beyond 90 days", nothing saved)', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const snoozed = await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: 14 } });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ next_start: addDays(SHAMPOO_DAY, 14), weeks: 2 });
    expect((await productsOf(s.id)).map((p) => [p.type, p.nextStart])).toEqual([
      ['conditioner', addDays(CONDITIONER_DAY, 14)],
      ['shampoo', addDays(SHAMPOO_DAY, 14)],
    ]);
    expect(await jobAt(s.id)).toEqual(renewalInstant(addDays(SHAMPOO_DAY, 14)));

    // Today + 90 days is the limit: the next delivery (shampoo day + 14) plus 49 days is one day beyond it.
    const limit = addDays(PAID_DAY, 90);
    const next = addDays(SHAMPOO_DAY, 14);
    const over = Math.round((Date.parse(limit) - Date.parse(next)) / 86_400_000) + 1;
    const before = await snapshot(s.id);
    const refused = await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: over } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_error',
      detail: 'Cannot snooze beyond 90 days',
      fields: { days: ['Cannot snooze beyond 90 days'] },
    });
    for (const days of [0, -3, 1.5, '7', null]) {
      const bad = await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days } });
      expect(bad.status, String(days)).toBe(400);
      expect(Object.keys(bad.body.fields), String(days)).toEqual(['days']);
    }
    expect(await snapshot(s.id)).toEqual(before);

    const atLimit = await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: over - 1 } });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.next_start).toBe(limit);
    expect(await jobAt(s.id)).toEqual(renewalInstant(limit));
  });

  it('spec 001 §5, §8: a canceled subscription cannot be snoozed ("Missing subscription to snooze") nor skipped: 422, nothing changes', async () => {
    const s = await subscriber();
    await db().update(subscriptions).set({ status: 'canceled', canceledAt: PAID }).where(eq(subscriptions.id, s.id));
    const before = await snapshot(s.id);
    const snooze = await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: 7 } });
    expect(snooze.status).toBe(422);
    expect(snooze.body).toEqual({ code: 'subscription_not_current', detail: 'Missing subscription to snooze' });
    const skip = await t.call('POST', `/v2/subscriptions/${s.pubkey}/skip/`, { token: s.token, body: { product: 'shampoo' } });
    expect(skip.status).toBe(422);
    const read = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(read.body.status).toBe('canceled');
    expect(read.body.regular_products.every((p: { can_skip: boolean; can_unskip: boolean }) => !p.can_skip && !p.can_unskip)).toBe(true);
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('a box being made right now (its renewal pending) is not skipped nor snoozed: 409, nothing changes', async () => {
    clock.set(PAID);
    const s = await subscriber();
    await db().insert(subscriptionRenewals).values({ subscriptionId: s.id, dueOn: SHAMPOO_DAY, status: 'pending' });
    const before = await snapshot(s.id);
    const read = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(product(read.body, 'shampoo').can_skip).toBe(false);
    for (const [path, body] of [
      ['skip/', { product: 'shampoo' }],
      ['snooze/', { days: 7 }],
    ] as const) {
      const answer = await t.call('POST', `/v2/subscriptions/${s.pubkey}/${path}`, { token: s.token, body });
      expect(answer.status, path).toBe(409);
      expect(answer.body.code).toBe('subscription_changed');
    }
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('two tabs at once: a skip and a snooze sent together are both kept, the version bumped twice', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const version = (await rowOf(s.id)).version;
    const [skip, snooze] = await Promise.all([
      t.call('POST', `/v2/subscriptions/${s.pubkey}/skip/`, { token: s.token, body: { product: 'shampoo' } }),
      t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: 7 } }),
    ]);
    expect([skip.status, snooze.status]).toEqual([200, 200]);
    const products = await productsOf(s.id);
    expect(products.map((p) => [p.type, p.nextStart, p.skipped])).toEqual([
      ['conditioner', addDays(CONDITIONER_DAY, 7), false],
      ['shampoo', addDays(SHAMPOO_DAY, 7), true],
    ]);
    expect((await rowOf(s.id)).version).toBe(version + 2);
  });

  const patch = (s: { token: string; pubkey: string }, body: unknown) => t.call('PATCH', `/v2/subscriptions/${s.pubkey}`, { token: s.token, body });
  const methodPubkey = async (id: number) => (await db().select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]!.pubkey;
  const newAddress = async (token: string, fields: Record<string, string> = {}) => {
    const added = await t.call('POST', '/v1/account/addresses', {
      token,
      body: { address1: '500 W 2nd St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', ...fields },
    });
    expect(added.status).toBe(201);
    return added.body.pubkey as string;
  };

  it('spec 001 §7 update, §9 frequencies: PATCH changes a product’s frequency and another’s quantity; each keeps its date and the renewal then moves it by its new frequency', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const version = (await rowOf(s.id)).version;
    const changed = await patch(s, {
      regular_products: [
        { type: 'shampoo', frequency: 8 },
        { type: 'conditioner', quantity: 3 },
      ],
      version,
    });
    expect(changed.status).toBe(200);
    expect(product(changed.body, 'shampoo')).toMatchObject({ frequency: 8, quantity: 1, next_start: SHAMPOO_DAY });
    expect(product(changed.body, 'conditioner')).toMatchObject({ frequency: 8, quantity: 3, next_start: CONDITIONER_DAY });
    expect(changed.body.version).toBe(version + 1);
    expect((await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token })).body).toEqual(changed.body);
    expect(await jobAt(s.id)).toEqual(renewalInstant(SHAMPOO_DAY));

    const services = shopServices({
      db: db(),
      clock,
      mailer: outboxOnlyMailer,
      flows,
      payments: createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id }),
    });
    clock.set(renewalInstant(SHAMPOO_DAY));
    expect(await renewSubscription(services, s.id)).toBe('renewed');
    clock.set(PAID);
    expect((await productsOf(s.id)).map((p) => [p.type, p.nextStart])).toEqual([
      ['conditioner', CONDITIONER_DAY],
      ['shampoo', addDays(SHAMPOO_DAY, 56)],
    ]);
  });

  it('spec 001 §9: supplements come only every 4 weeks (25 days): another frequency is 400 naming it, nothing saved', async () => {
    const s = await subscriber({ supplements: 4 });
    const read = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(read.body.sub_category).toBe('supplements');
    const before = await snapshot(s.id);
    const refused = await patch(s, { regular_products: [{ type: 'supplement_core', frequency: 8 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'regular_products.0.frequency': ['Supplements come every 25 days (4 weeks).'] });
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('PATCH bad input: an unknown product, a frequency not offered, a quantity out of 1–4, another shopper’s address or card, a removed card, nothing to change: 400 naming the field, nothing saved', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const other = await subscriber();
    const foreignAddress = await newAddress(other.token);
    const foreignCard = await methodPubkey(other.methodId);
    const removed = await insertSavedMethod(db(), s.userId, { outcome: 'succeeds' }, '1111');
    await db().update(paymentMethods).set({ deletedAt: PAID }).where(eq(paymentMethods.id, removed));
    const before = await snapshot(s.id);
    const cases: [unknown, string[]][] = [
      [{ regular_products: [{ type: 'face_cream', quantity: 2 }] }, ['regular_products.0.type']],
      [{ regular_products: [{ type: 'shampoo', frequency: 6 }] }, ['regular_products.0.frequency']],
      [
        {
          regular_products: [
            { type: 'shampoo', frequency: 4 },
            { type: 'conditioner', frequency: 5 },
          ],
        },
        ['regular_products.1.frequency'],
      ],
      [{ regular_products: [{ type: 'shampoo', quantity: 5 }] }, ['regular_products.0.quantity']],
      [{ regular_products: [{ type: 'shampoo', quantity: 0 }] }, ['regular_products.0.quantity']],
      [
        {
          regular_products: [
            { type: 'shampoo', quantity: 2 },
            { type: 'shampoo', quantity: 3 },
          ],
        },
        ['regular_products.1.type'],
      ],
      [{ shipping_address: foreignAddress }, ['shipping_address']],
      [{ shipping_address: 'adr_nothing' }, ['shipping_address']],
      [{ payment_source: foreignCard }, ['payment_source']],
      [{ payment_source: await methodPubkey(removed) }, ['payment_source']],
      [{ regular_products: [{ type: 'shampoo', quantity: 2 }], payment_source: foreignCard }, ['payment_source']],
      [{}, ['regular_products']],
      [{ regular_products: [{ type: 'shampoo' }], status: 'canceled' }, ['status']],
    ];
    for (const [body, named] of cases) {
      const answer = await patch(s, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_error');
      expect(Object.keys(answer.body.fields ?? {}).sort(), JSON.stringify(body)).toEqual(named);
    }
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('PATCH the shipping address (one of the caller’s) and the payment method (one of theirs): the renewals ship and charge there', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const address = await newAddress(s.token, { address1: '200 Congress Ave', zipcode: '78701' });
    const card = await insertSavedMethod(db(), s.userId, { outcome: 'succeeds' }, '5555');
    const changed = await patch(s, { shipping_address: address, payment_source: await methodPubkey(card) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ shipping_address: address, payment_source: await methodPubkey(card), status: 'active' });
    expect(changed.body.shipping_address_details).toMatchObject({ address1: '200 Congress Ave', city: 'Austin' });
    const row = await rowOf(s.id);
    expect(row.paymentMethodId).toBe(card);
    expect(row.shippingAddress.address1).toBe('200 Congress Ave');
  });

  it('issue 27 item 2: a subscription on hold for its payment resumes when the shopper chooses another card, its renewal scheduled again at its product date', async () => {
    clock.set(PAID);
    const s = await subscriber();
    await db().update(subscriptions).set({ status: 'onhold', statusReason: 'payment_error', failedCharges: 4 }).where(eq(subscriptions.id, s.id));
    await db()
      .delete(scheduledJobs)
      .where(eq(scheduledJobs.key, `subscription:${s.id}`));
    const held = await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token });
    expect(held.body).toMatchObject({ status: 'onhold', status_reason: 'payment_error' });
    const card = await insertSavedMethod(db(), s.userId, { outcome: 'succeeds' }, '5555');
    const resumed = await patch(s, { payment_source: await methodPubkey(card) });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', status_reason: null, payment_source: await methodPubkey(card) });
    expect((await rowOf(s.id)).failedCharges).toBe(0);
    expect(await jobAt(s.id)).toEqual(renewalInstant(SHAMPOO_DAY));
  });

  it('two tabs at once: two PATCHes of different products are both kept; two sent with the same version keep one and refuse the other (409), losing nothing silently', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const version = (await rowOf(s.id)).version;
    const both = await Promise.all([
      patch(s, { regular_products: [{ type: 'shampoo', frequency: 12 }] }),
      patch(s, { regular_products: [{ type: 'conditioner', quantity: 2 }] }),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect((await productsOf(s.id)).map((p) => [p.type, p.frequency, p.quantity])).toEqual([
      ['conditioner', 8, 2],
      ['shampoo', 12, 1],
    ]);
    expect((await rowOf(s.id)).version).toBe(version + 2);

    const seen = version + 2;
    const race = await Promise.all([
      patch(s, { regular_products: [{ type: 'shampoo', quantity: 2 }], version: seen }),
      patch(s, { regular_products: [{ type: 'shampoo', quantity: 4 }], version: seen }),
    ]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = race.find((a) => a.status === 200)!;
    const loser = race.find((a) => a.status === 409)!;
    expect(loser.body.code).toBe('subscription_changed');
    expect((await productsOf(s.id)).find((p) => p.type === 'shampoo')!.quantity).toBe(product(winner.body, 'shampoo').quantity);
    expect((await rowOf(s.id)).version).toBe(seen + 1);
  });

  it('a canceled subscription is not updated: 422, nothing changes', async () => {
    const s = await subscriber();
    await db().update(subscriptions).set({ status: 'canceled', canceledAt: PAID }).where(eq(subscriptions.id, s.id));
    const before = await snapshot(s.id);
    const answer = await patch(s, { regular_products: [{ type: 'shampoo', quantity: 2 }] });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('subscription_not_current');
    expect(await snapshot(s.id)).toEqual(before);
  });

  it('spec 001 §4 Forecast status: AVAILABLE with the next charges for an active subscription; NOT_AVAILABLE, with the reason, when canceled, on hold or without a live card', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const available = await t.call('POST', `/v2/subscriptions/${s.pubkey}/forecast`, { token: s.token });
    expect(available.status).toBe(200);
    expect(available.body).toMatchObject({ status: 'AVAILABLE', reason: null, currency: 'USD' });
    // The shampoo every 4 weeks, the conditioner every 8: the 4th and the 8th week, then the 12th.
    expect(available.body.forecast.map((f: { next_charge: string; items: { type: string }[] }) => [f.next_charge, f.items.map((i) => i.type)])).toEqual([
      [SHAMPOO_DAY, ['shampoo']],
      [CONDITIONER_DAY, ['shampoo', 'conditioner']],
      [addDays(PAID_DAY, 84), ['shampoo']],
    ]);
    const [first] = available.body.forecast;
    expect(first).toMatchObject({ discount_rate: 0.15, total_shipping: 0 });
    expect(first.total_amount).toBeCloseTo(first.total_price - first.total_discount + first.total_taxes, 2);
    expect(first.shipping_estimate.min_date > SHAMPOO_DAY).toBe(true);

    const held = await subscriber();
    await db().update(subscriptions).set({ status: 'onhold', statusReason: 'payment_error' }).where(eq(subscriptions.id, held.id));
    const removed = await subscriber();
    await db().update(paymentMethods).set({ deletedAt: PAID }).where(eq(paymentMethods.id, removed.methodId));
    const canceled = await subscriber();
    await db().update(subscriptions).set({ status: 'canceled', canceledAt: PAID }).where(eq(subscriptions.id, canceled.id));
    for (const [who, reason] of [
      [held, 'onhold'],
      [removed, 'no_payment_method'],
      [canceled, 'canceled'],
    ] as const) {
      const answer = await t.call('POST', `/v2/subscriptions/${who.pubkey}/forecast`, { token: who.token });
      expect(answer.status, reason).toBe(200);
      expect(answer.body, reason).toEqual({ status: 'NOT_AVAILABLE', reason, currency: 'USD', forecast: [] });
    }
  });

  it('spec 001 §3 "Preview ... responses": a preview forecasts other frequencies and quantities as PATCH would set them, checks them the same way, and saves nothing', async () => {
    clock.set(PAID);
    const s = await subscriber();
    const before = await snapshot(s.id);
    const preview = await t.call('POST', `/v2/subscriptions/${s.pubkey}/preview`, {
      token: s.token,
      body: {
        regular_products: [
          { type: 'shampoo', frequency: 8 },
          { type: 'conditioner', quantity: 2 },
        ],
      },
    });
    expect(preview.status).toBe(200);
    // The shampoo keeps its date, then comes every 8 weeks: the 4th, 8th (the conditioner, by two) and 12th week.
    expect(
      preview.body.forecast.forecast.map((f: { next_charge: string; items: { type: string; quantity: number }[] }) => [
        f.next_charge,
        f.items.map((i) => `${i.type}×${i.quantity}`),
      ]),
    ).toEqual([
      [SHAMPOO_DAY, ['shampoo×1']],
      [CONDITIONER_DAY, ['conditioner×2']],
      [addDays(PAID_DAY, 84), ['shampoo×1']],
    ]);
    expect(preview.body.ticket.products).toEqual([expect.objectContaining({ slug: 'shampoo', quantity: 1 })]);
    expect(preview.body.subscribed_products).toHaveLength(2);
    const refused = await t.call('POST', `/v2/subscriptions/${s.pubkey}/preview`, {
      token: s.token,
      body: { regular_products: [{ type: 'shampoo', frequency: 6 }, { type: 'face_cream' }] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields).sort()).toEqual(['regular_products.0.frequency', 'regular_products.1.type']);
    expect(await snapshot(s.id)).toEqual(before);
    // A PATCH with the same changes then forecasts exactly what the preview did.
    expect(
      (
        await patch(s, {
          regular_products: [
            { type: 'shampoo', frequency: 8 },
            { type: 'conditioner', quantity: 2 },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/forecast`, { token: s.token })).body).toEqual(preview.body.forecast);
  });
});
