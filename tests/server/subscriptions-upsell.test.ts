import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subscriptionPreview, upsellOffer } from '#api';
import { lockUser } from '../../server/account/lock-user';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { hairProfiles, orders, outbox, paymentMethods, subscriptionProducts, subscriptionUpsells, subscriptions, users } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { addDays } from '../../server/subscriptions/schedule';
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

describeEachDatabase('upsells: the offer, its preview and add-products (issue 27 item 4; spec 001 §4 Upsells, §5, §7, §8)', (database) => {
  const db = () => database().db;
  const clock = testClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { clock, flows });
  });

  /** A customer with Rosa's answers (haircare completed, supplements and skincare not answered), an address and a card. */
  async function customer(statuses: Record<string, string> = { haircare: 'completed' }, extra: Record<string, unknown> = {}) {
    const { access: token, email } = await signUpCustomer(t);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const rosa = personas.find((p) => p.name === 'Rosa')!;
    await db()
      .insert(hairProfiles)
      .values({ userId: user!.id, answers: { ...rosa.answers, ...extra }, consultationStatuses: statuses });
    const address = await t.call('POST', '/v1/account/addresses', { token, body: { ...US_ADDRESS, address2: undefined, primary: true } });
    const methodId = await insertSavedMethod(db(), user!.id);
    const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    return { token, email, userId: user!.id, address: address.body.pubkey as string, method: method!.pubkey };
  }
  const offerOf = async (c: { token: string }, path = 'haircare') => t.call('GET', `/v1/account/upsell/${path}`, { token: c.token });
  const take = (c: { token: string; address: string; method: string }, transactionId: string, over: Record<string, unknown> = {}) =>
    t.call('POST', '/v2/subscriptions/add-products', {
      token: c.token,
      body: {
        transaction_id: transactionId,
        regular_products: [
          { type: 'shampoo', quantity: 1, frequency: 4 },
          { type: 'conditioner', quantity: 2, frequency: 8 },
        ],
        payment_source: c.method,
        next_start: addDays(TODAY, 5),
        shipping_address: c.address,
        ...over,
      },
    });
  const state = async (userId: number) => ({
    subscriptions: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    products: (await db().select().from(subscriptionProducts)).length,
    offers: await db().select().from(subscriptionUpsells).where(eq(subscriptionUpsells.userId, userId)),
    orders: (await db().select().from(orders).where(eq(orders.userId, userId))).length,
  });

  it('spec 001 §4 Upsells, §5 "counts only if it has transaction_id": a shopper with no haircare subscription is offered the core of their routine, with a server-issued transaction_id kept for the offer; a reload shows the same one', async () => {
    clock.set(NOW);
    const c = await customer();
    const answer = await offerOf(c);
    expect(answer.status).toBe(200);
    const offer = upsellOffer.parse(answer.body);
    expect(offer).toMatchObject({ category: 'haircare', sub_category: 'topicals', consultation_answered: true, next_start: TOMORROW, currency: 'USD' });
    expect(offer.transaction_id).toMatch(/^ups_/);
    // The routine's core (preselect, then main: Rosa's dry, styled hair adds more), one of each, every 4 weeks.
    expect(offer.products.slice(0, 2).map((p) => p.type)).toEqual(['shampoo', 'conditioner']);
    expect(offer.products.every((p) => p.quantity === 1 && p.frequency === 4)).toBe(true);
    const routine = await t.call('GET', '/v1/account/product_recommendations?category=haircare', { token: c.token });
    const core = routine.body.recommendations.filter(
      (r: { section: string; product: string }) => ['preselect', 'main'].includes(r.section) && r.product !== 'supplement_core',
    );
    expect(offer.products.map((p) => p.type).sort()).toEqual(core.map((r: { product: string }) => r.product).sort());
    // Prices from the server: the catalogue's and its subscription price (15% off; spec 001 §9).
    expect(offer.products[0]).toMatchObject({ price: 32, subscribed_price: 27.2 });
    const [row] = await db().select().from(subscriptionUpsells).where(eq(subscriptionUpsells.transactionId, offer.transaction_id));
    expect(row).toMatchObject({ userId: c.userId, category: 'haircare', subCategory: 'topicals', consultationAnswered: true, usedAt: null });
    expect((await offerOf(c)).body.transaction_id).toBe(offer.transaction_id);
  });

  it('spec 001 §4 Upsells "haircare topicals, supplements and skincare topicals ... recording whether the consultation questions are answered": supplements (asked with ?sub_category=supplements) and skincare without answers are offered with consultation_answered false, and the offer records it', async () => {
    clock.set(NOW);
    const c = await customer();
    const supplements = await t.call('GET', '/v1/account/upsell/haircare?sub_category=supplements', { token: c.token });
    expect(supplements.status).toBe(200);
    expect(supplements.body).toMatchObject({ sub_category: 'supplements', consultation_answered: false });
    expect(supplements.body.products.map((p: { type: string }) => p.type)).toEqual(['supplement_core']);
    const skincare = await offerOf(c, 'skincare');
    expect(skincare.status).toBe(200);
    expect(skincare.body).toMatchObject({ category: 'skincare', sub_category: 'topicals', consultation_answered: false });
    expect(skincare.body.products.length).toBeGreaterThan(0);
    const recorded = await db().select().from(subscriptionUpsells).where(eq(subscriptionUpsells.transactionId, skincare.body.transaction_id));
    expect(recorded[0]!.consultationAnswered).toBe(false);
    // Answered, the supplements offer says so.
    const answered = await customer({ haircare: 'completed' }, { has_answered_supplements_questions: true });
    expect((await t.call('GET', '/v1/account/upsell/haircare?sub_category=supplements', { token: answered.token })).body.consultation_answered).toBe(true);
  });

  it('spec 001 §4 Upsells "with no current or canceled subscription", §8 "not_found: no offer": a current or a canceled subscription of the category leaves it out; haircare then offers the supplements, proposing the topicals’ next delivery; none left, a guest, another category: 404 not_found', async () => {
    clock.set(NOW);
    const c = await customer();
    const made = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: {
        category: 'haircare',
        regular_products: [{ type: 'shampoo', quantity: 1, frequency: 4 }],
        shipping_address: c.address,
        payment_source: c.method,
        next_start: addDays(TODAY, 10),
      },
    });
    expect(made.status).toBe(201);
    const next = await offerOf(c);
    expect(next.body).toMatchObject({ sub_category: 'supplements', next_start: addDays(TODAY, 10) });
    expect((await t.call('GET', '/v1/account/upsell/haircare?sub_category=topicals', { token: c.token })).status).toBe(404);
    // Canceled counts too: no offer of its category.
    await db().update(subscriptions).set({ status: 'canceled', canceledAt: NOW }).where(eq(subscriptions.pubkey, made.body.pubkey));
    expect((await t.call('GET', '/v1/account/upsell/haircare?sub_category=topicals', { token: c.token })).status).toBe(404);
    await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: {
        category: 'haircare',
        regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }],
        shipping_address: c.address,
        payment_source: c.method,
      },
    });
    const none = await offerOf(c);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('not_found');
    const guest = await startGuest(t);
    expect((await t.call('GET', '/v1/account/upsell/haircare', { token: guest.access })).status).toBe(404);
    expect((await t.call('GET', '/v1/account/upsell/accessories', { token: c.token })).status).toBe(404);
    expect((await t.call('GET', '/v1/account/upsell/skincare?sub_category=supplements', { token: c.token })).status).toBe(404);
    expect((await t.call('GET', '/v1/account/upsell/haircare')).status).toBe(401);
  });

  it('spec 001 §7 add-products: the offer’s products make the subscription of its category, each from next_start, charging nothing now; the same request again adds nothing twice; another request with a used offer is 422 upsell_used', async () => {
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    const added = await take(c, offer.transaction_id);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      status: 'active',
      category: 'haircare',
      sub_category: 'topicals',
      next_start: addDays(TODAY, 5),
      payment_source: c.method,
    });
    expect(added.body.regular_products.map((p: { type: string; quantity: number; next_start: string }) => [p.type, p.quantity, p.next_start])).toEqual([
      ['shampoo', 1, addDays(TODAY, 5)],
      ['conditioner', 2, addDays(TODAY, 5)],
    ]);
    const after = await state(c.userId);
    expect(after.orders).toBe(0);
    expect(after.offers[0]).toMatchObject({ usedAt: NOW });
    expect((await db().select().from(outbox).where(eq(outbox.recipient, c.email))).map((m) => m.subject)).toContain('Your hair care subscription is set');

    const again = await take(c, offer.transaction_id);
    expect(again.status).toBe(200);
    expect(again.body.pubkey).toBe(added.body.pubkey);
    expect(await state(c.userId)).toEqual(after);
    const other = await take(c, offer.transaction_id, { regular_products: [{ type: 'hair_mask', quantity: 1, frequency: 8 }] });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('upsell_used');
    expect(await state(c.userId)).toEqual(after);
    // The offer is gone now the category is subscribed (spec 001 §4).
    expect((await t.call('GET', '/v1/account/upsell/haircare?sub_category=topicals', { token: c.token })).status).toBe(404);
  });

  it('a retried add-products: the same request twice at once makes one subscription with the products once, both answered with it', async () => {
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    const answers = await Promise.all([1, 2].map(() => take(c, offer.transaction_id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.pubkey).toBe(answers[1]!.body.pubkey);
    const rows = (await state(c.userId)).subscriptions;
    expect(rows).toHaveLength(1);
    expect(await db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, rows[0]!.id))).toHaveLength(2);
  });

  it('spec 001 §7: what preview-upsell forecasts is what the subscription add-products makes then forecasts; a subscription held by its payment resumes with the card the offer was taken with', async () => {
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    const products = [{ type: 'conditioner', quantity: 2, frequency: 8 }];
    const preview = await t.call('POST', '/v2/subscriptions/preview-upsell', {
      token: c.token,
      body: { transaction_id: offer.transaction_id, regular_products: products, next_start: addDays(TODAY, 5), shipping_address: c.address },
    });
    expect(preview.status).toBe(200);
    const added = await take(c, offer.transaction_id, { regular_products: products });
    const forecast = await t.call('POST', `/v2/subscriptions/${added.body.pubkey}/forecast`, { token: c.token });
    expect(forecast.body).toEqual(preview.body.forecast);

    // Held by a declined card: an offer of its category taken with a card resumes it (as a PATCH of the card does).
    const supplements = (await t.call('GET', '/v1/account/upsell/haircare?sub_category=supplements', { token: c.token })).body;
    const made = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: {
        category: 'haircare',
        regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }],
        shipping_address: c.address,
        payment_source: c.method,
      },
    });
    await db().update(subscriptions).set({ status: 'onhold', statusReason: 'payment_error' }).where(eq(subscriptions.pubkey, made.body.pubkey));
    const resumed = await take(c, supplements.transaction_id, { regular_products: [{ type: 'supplements_pouch', quantity: 1, frequency: 4 }] });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ pubkey: made.body.pubkey, status: 'active', status_reason: null });
  });

  it('the same race forced (PostgreSQL): both add-products wait behind the customer’s lock; the first uses the offer, the second finds it used by the same request and answers the same subscription', async () => {
    if (database().driver !== 'postgres') return; // the embedded database has one connection: requests already take turns
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    let pending: ReturnType<typeof take>[] = [];
    await db().transaction(async (tx) => {
      await lockUser(tx, c.userId);
      pending = [1, 2].map(() => take(c, offer.transaction_id));
      await untilLockWaiters(db(), 2);
    });
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.pubkey).toBe(answers[1]!.body.pubkey);
    expect(answers[0]!.body.regular_products).toHaveLength(2);
    expect((await state(c.userId)).subscriptions).toHaveLength(1);
  });

  it('a shopper who has answered nothing yet is offered the core all the same, with consultation_answered false (spec 001 §4: the client then records the missing consultation)', async () => {
    clock.set(NOW);
    const { access: token } = await signUpCustomer(t);
    const offer = await t.call('GET', '/v1/account/upsell/haircare', { token });
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ sub_category: 'topicals', consultation_answered: false, currency: 'USD' });
    expect(offer.body.products.map((p: { type: string }) => p.type)).toContain('shampoo');
  });

  it('an offer taken after a subscription of its category was made meanwhile adds its products to that one; a product it already holds is 400 naming it', async () => {
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    const made = await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: { category: 'haircare', regular_products: [{ type: 'shampoo', quantity: 1, frequency: 4 }], shipping_address: c.address, payment_source: c.method },
    });
    const before = await state(c.userId);
    const held = await take(c, offer.transaction_id);
    expect(held.status).toBe(400);
    expect(Object.keys(held.body.fields)).toEqual(['regular_products.0.type']);
    expect(await state(c.userId)).toEqual(before);
    const added = await take(c, offer.transaction_id, { regular_products: [{ type: 'hair_mask', quantity: 1, frequency: 8 }] });
    expect(added.status).toBe(200);
    expect(added.body.pubkey).toBe(made.body.pubkey);
    expect(added.body.regular_products.map((p: { type: string; next_start: string }) => [p.type, p.next_start])).toEqual([
      ['shampoo', TOMORROW],
      ['hair_mask', addDays(TODAY, 5)],
    ]);
    expect(added.body.version).toBe(made.body.version + 1);
  });

  it('only the owner’s offer: an unknown or another account’s transaction_id, and a guest, get 404; an expired one is 400 on transaction_id; bad products are 400 naming each; nothing saved', async () => {
    clock.set(NOW);
    const c = await customer();
    const other = await customer();
    const guest = await startGuest(t);
    const offer = (await offerOf(c)).body;
    const before = await state(c.userId);
    expect((await take(other, offer.transaction_id)).status).toBe(404);
    expect((await take(c, 'ups_unknown')).status).toBe(404);
    expect((await take({ ...c, token: guest.access }, offer.transaction_id)).status).toBe(404);
    expect(
      (
        await t.call('POST', '/v2/subscriptions/preview-upsell', {
          token: other.token,
          body: { transaction_id: offer.transaction_id, regular_products: [{ type: 'shampoo', quantity: 1, frequency: 4 }], next_start: TOMORROW },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('POST', '/v2/subscriptions/add-products', { body: {} })).status).toBe(401);
    const bad = await take(c, offer.transaction_id, {
      regular_products: [
        { type: 'cleanser', quantity: 1, frequency: 4 },
        { type: 'shampoo', quantity: 1, frequency: 9 },
        { type: 'brush_boar', quantity: 1, frequency: 4 },
      ],
      shipping_address: other.address,
      next_start: TODAY,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(
      ['next_start', 'regular_products.0.type', 'regular_products.1.frequency', 'regular_products.2.type', 'shipping_address'].sort(),
    );
    expect(await state(c.userId)).toEqual(before);
    // Offers hold 7 days (UPSELL_DAYS): one whose time is over is refused.
    const [kept] = await db().select().from(subscriptionUpsells).where(eq(subscriptionUpsells.transactionId, offer.transaction_id));
    expect(kept!.expiresAt).toEqual(new Date(NOW.getTime() + 7 * 86_400_000));
    await db().update(subscriptionUpsells).set({ expiresAt: NOW }).where(eq(subscriptionUpsells.id, kept!.id));
    const expired = await take(c, offer.transaction_id);
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.body.fields)).toEqual(['transaction_id']);
    await db().update(subscriptionUpsells).set({ expiresAt: kept!.expiresAt }).where(eq(subscriptionUpsells.id, kept!.id));
    expect(await state(c.userId)).toEqual(before);
  });

  it('spec 001 §7 preview-upsell "merged into the upsell data": the forecast and ticket with the products added (to the current subscription of the category when there is one), nothing saved', async () => {
    clock.set(NOW);
    const c = await customer();
    const offer = (await offerOf(c)).body;
    const before = await state(c.userId);
    const preview = await t.call('POST', '/v2/subscriptions/preview-upsell', {
      token: c.token,
      body: { transaction_id: offer.transaction_id, regular_products: [{ type: 'shampoo', quantity: 1, frequency: 4 }], next_start: addDays(TODAY, 5) },
    });
    expect(preview.status).toBe(200);
    const parsed = subscriptionPreview.parse(preview.body);
    expect(parsed.forecast.forecast[0]).toMatchObject({ next_charge: addDays(TODAY, 5), total_shipping: 0 });
    expect(parsed.ticket!.products.map((p) => p.slug)).toEqual(['shampoo']);
    expect(await state(c.userId)).toEqual(before);

    // With a current supplements subscription, a supplements preview adds to it (its product first, on its own date).
    await t.call('POST', '/v2/subscriptions', {
      token: c.token,
      body: {
        category: 'haircare',
        regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }],
        shipping_address: c.address,
        payment_source: c.method,
        next_start: addDays(TODAY, 5),
      },
    });
    const joined = await t.call('POST', '/v2/subscriptions/preview-upsell', {
      token: c.token,
      body: { regular_products: [{ type: 'supplements_pouch', quantity: 1, frequency: 4 }], next_start: addDays(TODAY, 5) },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.forecast.forecast[0].items.map((i: { type: string }) => i.type)).toEqual(['supplement_core', 'supplements_pouch']);
    expect(joined.body.subscribed_products.map((p: { type: string }) => p.type)).toEqual(['supplement_core', 'supplements_pouch']);
    const bad = await t.call('POST', '/v2/subscriptions/preview-upsell', {
      token: c.token,
      body: { regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }], next_start: addDays(TODAY, 5) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['regular_products.0.type']);
  });
});
