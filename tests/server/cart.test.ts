import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { cart as cartSchema, type Cart } from '#api';
import { inRoutine, ROUTINE_SECTIONS } from '#api/commerce';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { cartItems, carts } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';

const persona = (name: string) => personas.find((p) => p.name === name)!;
const flows = loadProfileFlows('flows');

/** A customer with `name`'s answers and the haircare consultation completed; their token. */
async function shopperLike(t: TestApp, name: string, options: { guest?: boolean; completed?: boolean } = {}): Promise<string> {
  const { access } = options.guest ? await startGuest(t) : await signUpCustomer(t);
  const completed = options.completed === false ? {} : { consultation_status: { category: 'haircare', status: 'completed' } };
  const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { ...persona(name).answers, ...completed, source: 'website' } });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return access;
}

const line = (cart: Cart, type: string) => cart.items.find((item) => item.type === type);
const cents = (amount: number) => Math.round(amount * 100);

describeEachDatabase('carts (spec 001 §3 Cart, §4 Cart, §5, §7 Cart, §9)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows, clock: testClock(new Date('2026-07-15T12:00:00Z')) });
  });

  it('§4 Cart: a shopper with no cart gets 404', async () => {
    const token = await shopperLike(t, 'Rosa');
    const response = await t.call('GET', '/v1/account/cart/?category=haircare', { token });
    expect([response.status, response.body.code]).toEqual([404, 'not_found']);
  });

  it("the recommendation cart: the routine's products chosen, each a subscription every 4 weeks; the rest of the routine offered", async () => {
    const token = await shopperLike(t, 'Rosa');
    const response = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const cart = cartSchema.parse(response.body);
    expect(cart.items.length).toBeGreaterThan(0);
    for (const item of cart.items) {
      expect(item).toMatchObject({
        category: 'formula',
        quantity: 1,
        subscription: { active: true, frequency: 4, subscribable: true, recommended_frequency: 4 },
      });
    }
    expect(cart.catalog.every((entry) => entry.quantity === 0)).toBe(true);
    expect(cart.catalog.some((entry) => entry.category === 'item' && entry.type === 'brush_boar')).toBe(true);
    expect(
      cart.catalog.filter((e) => e.category === 'formula').every((e) => e.recommendation?.section === (e.recommendation?.quantity ? 'main' : 'upsale')),
    ).toBe(true);
    expect(cart.origin).toBe('results');
    expect(cart.currency).toBe('USD');
    // Each line carries the shopper's name and their formula's fragrance (Rosa chose Arcadia).
    expect(cart.items[0]!.label).toMatch(/^Ada's Custom .+, Arcadia$/);
    // The same GET again shows the saved cart.
    const again = await t.call('GET', '/v1/account/cart/?category=haircare', { token });
    expect(again.body.items).toEqual(cart.items);
  });

  it('§4 Cart: "Get your routine" makes a cart of exactly the routine the results page lists (preselect and main), for every persona', async () => {
    for (const { name } of personas) {
      const token = await shopperLike(t, name);
      const listed = await t.call('GET', '/v1/account/product_recommendations?category=haircare', { token });
      const routine = (listed.body.recommendations as { product: string; section: string }[]).filter((r) => inRoutine(r.section)).map((r) => r.product);
      const cart: Cart = (await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token })).body;
      expect(
        cart.items.map((item) => item.type),
        name,
      ).toEqual(routine);
      expect(
        cart.catalog.filter((entry) => routine.includes(entry.type)),
        name,
      ).toEqual([]);
    }
    // The rule itself: what the results page calls "Your routine".
    expect(ROUTINE_SECTIONS).toEqual(['preselect', 'main']);
  });

  it('§9: subscription lines cost 15% less and ship free; totals add up in cents', async () => {
    const token = await shopperLike(t, 'Rosa');
    const cart: Cart = (
      await t.call(
        'GET',
        `/v1/account/cart/?category=haircare&items=${encodeURIComponent(JSON.stringify(['shampoo', { type: 'conditioner', quantity: 2 }]))}`,
        { token },
      )
    ).body;
    expect(cart.items.map((i) => [i.type, i.quantity])).toEqual([
      ['shampoo', 1],
      ['conditioner', 2],
    ]);
    expect(line(cart, 'conditioner')).toMatchObject({ unit_price: 27.2, total_price: 54.4 });
    expect(cart).toMatchObject({ total_price: 96, total_discount: 14.4, total_shipping: 0, total_amount: 81.6 });
    // Taxes are estimated for Houston's state (77002, TX 6.25%): 81.60 × 6.25% = 5.10, half up to the cent.
    expect(cart).toMatchObject({ estimated_taxes: 5.1, tax_region: 'TX' });
    // What the shopper pays is the server's sum of the two: the browser adds no money up. With no shop credit, the
    // card pays all of it (payment_from_customer = amount_due − credit, server/cart/price-cart.ts).
    expect(cart.amount_due).toBe(86.7);
    expect(cart.payment_from_customer).toBe(86.7);
    // Turn both subscriptions off: full price, and one-off shipping.
    const patched = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token,
      body: {
        items: ['shampoo', 'conditioner'].map((type) => ({
          category: 'formula',
          product: type,
          type,
          quantity: type === 'shampoo' ? 1 : 2,
          subscription: { active: false },
        })),
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ total_price: 96, total_discount: 0, total_shipping: 5.95, total_amount: 101.95 });
    const sum = (patched.body as Cart).items.reduce((s, i) => s + cents(i.total_price), 0);
    expect(sum + cents(patched.body.total_shipping)).toBe(cents(patched.body.total_amount));
  });

  it('§3 Cart item: quantity 0 removes a line; a new line is added after the others, a subscription by default', async () => {
    const token = await shopperLike(t, 'Rosa');
    await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo"]')}`, { token });
    const added = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token,
      body: { items: [{ category: 'formula', product: 'hair_mask', type: 'hair_mask', quantity: 1 }] },
    });
    expect(added.body.items.map((i: { type: string }) => i.type)).toEqual(['shampoo', 'hair_mask']);
    expect(line(added.body, 'hair_mask')!.subscription).toMatchObject({ active: true, frequency: 4 });
    const removed = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token,
      body: { items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 0 }] },
    });
    expect(removed.body.items.map((i: { type: string }) => i.type)).toEqual(['hair_mask']);
  });

  it('§5 brush monogram: letters upper-cased as typed; digits or symbols refused with the cart unchanged', async () => {
    const token = await shopperLike(t, 'Rosa');
    const brush = { category: 'item', product: 'brush', type: 'brush_boar', quantity: 1 };
    const ok = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { items: [{ ...brush, customization: { monograms: ['adl'] } }] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(line(ok.body, 'brush_boar')).toMatchObject({
      customization: { monograms: ['ADL'] },
      subscription: { active: false, subscribable: false },
      unit_price: 78,
    });
    for (const monogram of ['A1', 'A-B', '']) {
      const bad = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
        token,
        body: { items: [{ ...brush, customization: { monograms: [monogram] } }] },
      });
      expect(bad.status, monogram).toBe(400);
      expect(Object.keys(bad.body.fields)[0]).toMatch(/^items\.0\.customization\.monograms/);
    }
    const after = await t.call('GET', '/v1/account/cart/?category=haircare', { token });
    expect(line(after.body, 'brush_boar')!.customization).toEqual({ monograms: ['ADL'] });
  });

  it('bad lines are a 400 naming each one, and nothing of the request is saved', async () => {
    const token = await shopperLike(t, 'Rosa');
    await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo"]')}`, { token });
    const before = (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
    const cases: [unknown, string][] = [
      [{ category: 'formula', product: 'shampo', type: 'shampo', quantity: 1 }, 'items.0.type'],
      [
        { category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 1, subscription: { active: true, frequency: 6 } },
        'items.0.subscription.frequency',
      ],
      [{ category: 'formula', product: 'cleanser', type: 'cleanser', quantity: 1 }, 'items.0.category'],
      [{ category: 'item', product: 'brush', type: 'brush', quantity: 1 }, 'items.0.type'],
      [{ category: 'item', product: 'brush', type: 'brush_boar', quantity: 4 }, 'items.0.quantity'],
      [{ category: 'item', product: 'candle', type: 'candle_arcadia', quantity: 1, subscription: { active: true } }, 'items.0.subscription.active'],
      [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 1, customization: { monograms: ['AB'] } }, 'items.0.customization.monograms'],
      [{ category: 'formula', product: 'brush', type: 'brush_boar', quantity: 1 }, 'items.0.category'],
    ];
    for (const [item, field] of cases) {
      const response = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
        token,
        body: { items: [{ category: 'formula', product: 'hair_mask', type: 'hair_mask', quantity: 1 }, item].reverse() },
      });
      expect(response.status, JSON.stringify(item)).toBe(400);
      expect(response.body.code).toBe('validation_error');
      expect(Object.keys(response.body.fields), JSON.stringify(response.body)).toContain(field);
    }
    for (const quantity of [-1, 5, 1.5, 1e9]) {
      const response = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
        token,
        body: { items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity }] },
      });
      expect(response.status, String(quantity)).toBe(400);
    }
    expect((await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body).toEqual(before);
  });

  it('§5: a candle or the towel needs an account and a completed haircare consultation', async () => {
    const candle = { items: [{ category: 'item', product: 'candle', type: 'candle_corsica', quantity: 1 }] };
    const guest = await shopperLike(t, 'Rosa', { guest: true });
    const asGuest = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: guest, body: candle });
    expect([asGuest.status, Object.keys(asGuest.body.fields ?? {})]).toEqual([400, ['items.0.type']]);
    const notDone = await shopperLike(t, 'Rosa', { completed: false });
    const towel = { items: [{ category: 'item', product: 'hair_towel_wrap', type: 'hair_towel_wrap', quantity: 1 }] };
    expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: notDone, body: towel })).status).toBe(400);
    const done = await shopperLike(t, 'Rosa');
    const ok = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: done, body: candle });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(line(ok.body, 'candle_corsica')).toMatchObject({ label: 'Corsica candle', unit_price: 52, subscription: { active: false } });
    expect(await database().db.select({ n: count() }).from(cartItems).where(eq(cartItems.type, 'hair_towel_wrap'))).toEqual([{ n: 0 }]);
  });

  it('a cart is its owner’s: another account, and a guest, see no cart of theirs', async () => {
    const owner = await shopperLike(t, 'Rosa');
    await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token: owner });
    const other = await shopperLike(t, 'Rosa');
    expect((await t.call('GET', '/v1/account/cart/?category=haircare', { token: other })).status).toBe(404);
    const guest = await startGuest(t);
    expect((await t.call('GET', '/v1/account/cart/?category=haircare', { token: guest.access })).status).toBe(404);
    expect((await t.call('GET', '/v1/account/cart/?category=haircare')).status).toBe(401);
  });

  it('two tabs changing one cart at once lose no change and never double a line', async () => {
    const token = await shopperLike(t, 'Rosa');
    await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo"]')}`, { token });
    const add = (type: string, quantity = 1) =>
      t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { items: [{ category: 'formula', product: type, type, quantity }] } });
    const answers = await Promise.all([add('hair_mask'), add('hair_oil'), add('conditioner'), add('hair_mask', 2), add('conditioner', 3)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const cart: Cart = (await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body;
    expect(cart.items.map((i) => i.type).sort()).toEqual(['conditioner', 'hair_mask', 'hair_oil', 'shampoo']);
    expect(cart.items.filter((i) => i.type === 'hair_mask')).toHaveLength(1);
  });

  it('a change that waits for the cart lock sees the line the other tab committed meanwhile (a forced interleaving, PostgreSQL)', async () => {
    if (database().driver !== 'postgres') return; // PGlite has one connection: its transactions cannot interleave
    const token = await shopperLike(t, 'Rosa');
    const loaded = await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["shampoo"]')}`, { token });
    const db = database().db;
    const [cartRow] = await db.select().from(carts).where(eq(carts.pubkey, loaded.body.pubkey));
    let change: Promise<{ status: number; body: Cart }> | undefined;
    await db.transaction(async (tx) => {
      // The other tab holds the cart's lock...
      await tx.select().from(carts).where(eq(carts.id, cartRow!.id)).for('update');
      // ...while this tab adds the mask: its request waits for the lock.
      change = t.call('PATCH', '/v1/account/cart/?category=haircare', {
        token,
        body: { items: [{ category: 'formula', product: 'hair_mask', type: 'hair_mask', quantity: 1 }] },
      });
      const waitingForLocks = async () =>
        ((await db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] })
          .rows[0]!.n;
      await expect.poll(waitingForLocks, { timeout: 30_000 }).toBeGreaterThan(0);
      // The other tab adds the mask too, and commits.
      await tx.insert(cartItems).values({
        cartId: cartRow!.id,
        category: 'formula',
        type: 'hair_mask',
        product: 'hair_mask',
        quantity: 2,
        subscriptionActive: true,
        frequency: 4,
        position: 9,
      });
    });
    const answered = await change!;
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // One mask line: the waiting change found the committed one and set its quantity.
    expect(answered.body.items.filter((i) => i.type === 'hair_mask').map((i) => i.quantity)).toEqual([1]);
  });

  it("§4 Cart: in a trial kit's cart (origin code a -> trial_kit_a), adding a product replaces the others, quantity 1", async () => {
    const token = await shopperLike(t, 'Rosa');
    const loaded = await t.call('GET', `/v1/account/cart/?category=haircare&origin=a&items=${encodeURIComponent('["shampoo","conditioner"]')}`, { token });
    expect(loaded.body.origin).toBe('trial_kit_a');
    const added = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token,
      body: { items: [{ category: 'formula', product: 'hair_mask', type: 'hair_mask', quantity: 3 }] },
    });
    expect(added.body.items.map((i: { type: string; quantity: number }) => [i.type, i.quantity])).toEqual([['hair_mask', 1]]);
    expect(line(added.body, 'hair_mask')!.subscription).toMatchObject({ active: true, frequency: 4 });
  });

  it('§4 Cart: going to checkout sets is_in_checkout; with no cart it is a 404', async () => {
    const token = await shopperLike(t, 'Rosa');
    expect((await t.call('PATCH', '/v1/account/cart/?category=skincare', { token, body: { is_in_checkout: true } })).status).toBe(404);
    await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    const checkout = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
    expect(checkout.body.is_in_checkout).toBe(true);
  });

  it('§9 Countries: a Canadian profile pays in CAD; a bad items query is a 400', async () => {
    const token = await shopperLike(t, 'Sam');
    const cart = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    expect(cart.body.currency).toBe('CAD');
    expect(cart.body.items.every((i: { unit_price: number }) => i.unit_price > 0)).toBe(true);
    for (const items of ['not json', '{"type":"shampoo"}', JSON.stringify([{ type: 'shampoo', quantity: 9 }])]) {
      const response = await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent(items)}`, { token });
      expect(response.status, items).toBe(400);
      expect(
        Object.keys(response.body.fields).some((f) => f.startsWith('items')),
        JSON.stringify(response.body),
      ).toBe(true);
    }
  });

  it('a guest who signs in to their account brings their cart, unless the account has one of that kind', async () => {
    const customer = await signUpCustomer(t);
    await t.call('PATCH', '/v1/account/hair_profile/', { token: customer.access, body: { ...persona('Rosa').answers, source: 'website' } });
    await t.call('GET', `/v1/account/cart/?category=skincare&items=${encodeURIComponent('["cleanser"]')}`, { token: customer.access });
    const guest = await shopperLike(t, 'Rosa', { guest: true });
    await t.call('GET', `/v1/account/cart/?category=haircare&items=${encodeURIComponent('["hair_oil"]')}`, { token: guest });
    await t.call('GET', `/v1/account/cart/?category=skincare&items=${encodeURIComponent('["serum"]')}`, { token: guest });
    await t.call('POST', '/v1/auth/signup/', { token: guest, body: { email: customer.email, has_accepted_terms: true } });
    const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: guest, body: { token: await latestMagicToken(t, customer.email) } });
    expect(verified.status).toBe(200);
    const haircare = await t.call('GET', '/v1/account/cart/?category=haircare', { token: verified.body.access });
    expect(haircare.body.items.map((i: { type: string }) => i.type)).toEqual(['hair_oil']);
    const skincare = await t.call('GET', '/v1/account/cart/?category=skincare', { token: verified.body.access });
    expect(skincare.body.items.map((i: { type: string }) => i.type)).toEqual(['cleanser']);
  });

  it('the universal cart (v2): 404 with none; POST makes it (201) with haircare, skincare and accessories together; PATCH changes it', async () => {
    const token = await shopperLike(t, 'Rosa');
    expect((await t.call('GET', '/v2/cart/', { token })).status).toBe(404);
    expect((await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true } })).status).toBe(404);
    const made = await t.call('POST', '/v2/cart/', {
      token,
      body: {
        items: [
          { category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 1 },
          { category: 'formula', product: 'cleanser', type: 'cleanser', quantity: 1 },
          { category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.items.map((i: { type: string }) => i.type)).toEqual(['shampoo', 'cleanser', 'brush_mixed']);
    // A second POST (another tab) adds to the same cart.
    const again = await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'formula', product: 'serum', type: 'serum', quantity: 2 }] } });
    expect(again.status).toBe(200);
    expect(again.body.items).toHaveLength(4);
    const patched = await t.call('PATCH', '/v2/cart/', { token, body: { items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 0 }] } });
    expect(patched.body.items.map((i: { type: string }) => i.type)).toEqual(['cleanser', 'brush_mixed', 'serum']);
    const bad = await t.call('PATCH', '/v2/cart/', { token, body: { items: [{ category: 'formula', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/v2/cart/', { token })).body.items).toHaveLength(3);
    // Another account has no universal cart of its own, and cannot reach this one.
    const other = await shopperLike(t, 'Rosa');
    expect((await t.call('GET', '/v2/cart/', { token: other })).status).toBe(404);
    expect((await t.call('PATCH', '/v2/cart/', { token: other, body: { is_in_checkout: true } })).status).toBe(404);
    expect((await t.call('GET', '/v2/cart/', { token })).body.is_in_checkout).toBe(false);
    // The per-category carts are apart from it.
    expect((await t.call('GET', '/v1/account/cart/?category=skincare', { token })).status).toBe(404);
  });

  it('spec 001 §7 Cart: the universal cart’s POST and PATCH accept the invalidate-recommendation option', async () => {
    const token = await shopperLike(t, 'Rosa');
    const shampoo = { category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 1 };
    // A bad value is a 400 naming it, and no cart is made.
    const bad = await t.call('POST', '/v2/cart/', { token, body: { items: [shampoo], invalidate_recommendation: 'yes' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['invalidate_recommendation']);
    expect((await t.call('GET', '/v2/cart/', { token })).status).toBe(404);

    const made = await t.call('POST', '/v2/cart/', { token, body: { items: [shampoo], invalidate_recommendation: true } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.items.map((i: { type: string }) => i.type)).toEqual(['shampoo']);
    // The reply is drawn from the shopper's recommendation as it is now: its routine offered as the catalog.
    expect(made.body.catalog.length).toBeGreaterThan(0);
    const changed = await t.call('PATCH', '/v2/cart/', {
      token,
      body: { items: [{ category: 'formula', product: 'cleanser', type: 'cleanser', quantity: 1 }], invalidate_recommendation: true },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.items.map((i: { type: string }) => i.type)).toEqual(['shampoo', 'cleanser']);
    const checkout = await t.call('PATCH', '/v2/cart/', { token, body: { is_in_checkout: true, invalidate_recommendation: false } });
    expect(checkout.status).toBe(200);
    expect(checkout.body.is_in_checkout).toBe(true);
  });
});
