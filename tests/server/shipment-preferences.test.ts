import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { cart as cartSchema, order as orderSchema, shipmentPreference, type Cart } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { carts, cartShipmentPreferences, customerShipmentPreferences } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const rosa = personas.find((p) => p.name === 'Rosa')!;

/** Three places with different sales taxes (server/pricing/tax-rates.yaml: TX 6.25%, NY 4%, FL 6%). */
const austin = { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' } as const;
const newYork = { address1: '350 5th Ave', city: 'New York', state: 'NY', zipcode: '10118', country: 'US' } as const;
const miami = { address1: '101 Collins Ave', city: 'Miami Beach', state: 'FL', zipcode: '33139', country: 'US' } as const;
const RATES: Record<string, number> = { TX: 6.25, NY: 4, FL: 6 };

const CUSTOMER = '/v1/customer_shipment_preference/';
const HAIRCARE = '/v1/cart_shipment_preference/?category=haircare';
const UNIVERSAL = '/v1/cart_shipment_preference/';

describeEachDatabase('spec 001 §7 Shipment preferences (API.md; api/README.md)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { flows, clock: testClock(new Date('2026-07-15T12:00:00Z')) });
  });

  /** A customer (or guest) with Rosa's answers, the haircare consultation completed. */
  async function shopper(options: { guest?: boolean } = {}): Promise<string> {
    const { access: token } = options.guest ? await startGuest(t) : await signUpCustomer(t);
    const saved = await t.call('PATCH', '/v1/account/hair_profile/', {
      token,
      body: { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return token;
  }
  async function addAddress(token: string, place: object, primary = false): Promise<string> {
    const added = await t.call('POST', '/v1/account/addresses', { token, body: { ...place, primary } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.pubkey as string;
  }
  async function haircareCart(token: string): Promise<Cart> {
    const made = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return cartSchema.parse(made.body);
  }
  const cartNow = async (token: string): Promise<Cart> => cartSchema.parse((await t.call('GET', '/v1/account/cart/?category=haircare', { token })).body);
  const get = async (token: string, path: string) => {
    const response = await t.call('GET', path, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return shipmentPreference.parse(response.body);
  };
  const put = (token: string, path: string, body: unknown) => t.call('PUT', path, { token, body });
  /** Every stored preference and every cart's version: a refused request changes none of them. */
  const stored = async () => ({
    customer: await database().db.select().from(customerShipmentPreferences).orderBy(asc(customerShipmentPreferences.userId)),
    cart: await database().db.select().from(cartShipmentPreferences).orderBy(asc(cartShipmentPreferences.cartId)),
    versions: await database().db.select({ id: carts.id, version: carts.version }).from(carts).orderBy(asc(carts.id)),
  });
  /** The taxes a cart shows for a region: its goods after savings at the region's rate, half up to the cent. */
  const taxesAt = (cart: Cart, region: string) =>
    Math.round(((Math.round(cart.total_amount * 100) - Math.round(cart.total_shipping * 100)) * RATES[region]!) / 100) / 100;

  it('spec 001 §7 Shipment preferences: never set, the customer’s is the primary address (or none) and no instructions; a missing cart is 404', async () => {
    const token = await shopper();
    expect(await get(token, CUSTOMER)).toEqual({ shipping_address: null, delivery_instructions: '' });
    const missing = await t.call('GET', HAIRCARE, { token });
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found', detail: expect.any(String) } });
    expect((await put(token, UNIVERSAL, { shipping_address: null, delivery_instructions: '' })).status).toBe(404);
    const home = await addAddress(token, austin, true);
    await addAddress(token, newYork);
    expect(await get(token, CUSTOMER)).toEqual({ shipping_address: home, delivery_instructions: '' });
    await haircareCart(token);
    expect(await get(token, HAIRCARE)).toEqual({ shipping_address: home, delivery_instructions: '' });
    // The universal cart is another cart: still none.
    expect((await t.call('GET', UNIVERSAL, { token })).status).toBe(404);
  });

  it('spec 001 §7 Shipment preferences: PUT replaces the customer’s, then GET shows it; a cart follows it until it has its own', async () => {
    const token = await shopper();
    await addAddress(token, austin, true);
    const office = await addAddress(token, newYork);
    const cart = await haircareCart(token);
    const put1 = await put(token, CUSTOMER, { shipping_address: office, delivery_instructions: '  Leave it with the doorman.  ' });
    expect(put1.status, JSON.stringify(put1.body)).toBe(200);
    expect(put1.body).toEqual({ shipping_address: office, delivery_instructions: 'Leave it with the doorman.' });
    expect(await get(token, CUSTOMER)).toEqual(put1.body);
    expect(await get(token, HAIRCARE)).toEqual(put1.body);
    // The cart's own: its instructions too, even none.
    const versionOf = async () => (await database().db.select({ version: carts.version }).from(carts).where(eq(carts.pubkey, cart.pubkey)))[0]!.version;
    const version = await versionOf();
    const own = await put(token, HAIRCARE, { shipping_address: null, delivery_instructions: '' });
    expect(own).toMatchObject({ status: 200, body: { shipping_address: office, delivery_instructions: '' } });
    expect(await get(token, HAIRCARE)).toEqual({ shipping_address: office, delivery_instructions: '' });
    expect(await get(token, CUSTOMER)).toEqual(put1.body);
    // A change of the cart: its version goes up (place-order.ts keys a checkout by it).
    expect(await versionOf()).toBe(version + 1);
    // 250 characters (é counts as one) are kept; a guest has preferences too.
    const guest = await shopper({ guest: true });
    const guestHome = await addAddress(guest, miami, true);
    const long = 'é'.repeat(250);
    expect(await put(guest, CUSTOMER, { shipping_address: guestHome, delivery_instructions: long })).toMatchObject({
      status: 200,
      body: { shipping_address: guestHome, delivery_instructions: long },
    });
  });

  it('spec 001 §7 Shipment preferences: the cart ships, and is taxed, at the cart’s preference, else the customer’s, else the primary address', async () => {
    const token = await shopper();
    const home = await addAddress(token, austin, true);
    const office = await addAddress(token, newYork);
    const beach = await addAddress(token, miami);
    const first = await haircareCart(token);
    expect(first).toMatchObject({ shipping_address: { pubkey: home, state: 'TX', primary: true }, tax_region: 'TX', estimated_taxes: taxesAt(first, 'TX') });
    await put(token, CUSTOMER, { shipping_address: office, delivery_instructions: 'Ring twice.' });
    const customers = await cartNow(token);
    expect(customers).toMatchObject({ shipping_address: { pubkey: office, state: 'NY', primary: false }, tax_region: 'NY' });
    expect(customers.estimated_taxes).toBe(taxesAt(customers, 'NY'));
    expect(customers.estimated_taxes).not.toBe(first.estimated_taxes);
    await put(token, HAIRCARE, { shipping_address: beach, delivery_instructions: '' });
    const carts1 = await cartNow(token);
    expect(carts1).toMatchObject({ shipping_address: { pubkey: beach, state: 'FL' }, tax_region: 'FL', estimated_taxes: taxesAt(carts1, 'FL') });
    // Other carts keep following the customer's.
    const universal = await t.call('POST', '/v2/cart/', { token, body: { items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] } });
    expect(universal.body).toMatchObject({ shipping_address: { pubkey: office }, tax_region: 'NY' });
    // The cart's address unset: the customer's again; the customer's unset: the primary.
    await put(token, HAIRCARE, { shipping_address: null, delivery_instructions: '' });
    expect(await cartNow(token)).toMatchObject({ shipping_address: { pubkey: office }, tax_region: 'NY' });
    await put(token, CUSTOMER, { shipping_address: null, delivery_instructions: '' });
    const back = await cartNow(token);
    expect(back).toMatchObject({ shipping_address: { pubkey: home }, tax_region: 'TX', estimated_taxes: first.estimated_taxes });
  });

  it('spec 001 §7 Shipment preferences: another account’s address is 400 fields.shipping_address, as an unknown one is, and nothing is saved', async () => {
    const token = await shopper();
    const home = await addAddress(token, austin, true);
    await haircareCart(token);
    await put(token, CUSTOMER, { shipping_address: home, delivery_instructions: 'Side door.' });
    const intruder = await shopper();
    const theirs = await addAddress(intruder, newYork, true);
    const before = await stored();
    for (const path of [CUSTOMER, HAIRCARE]) {
      const refused = await put(token, path, { shipping_address: theirs, delivery_instructions: 'x' });
      expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { shipping_address: [expect.any(String)] } } });
      // Never tells another's address apart from one that does not exist.
      const unknown = await put(token, path, { shipping_address: 'adr_nothing', delivery_instructions: 'x' });
      expect(unknown.body).toEqual(refused.body);
    }
    expect(await stored()).toEqual(before);
    expect(await get(token, CUSTOMER)).toEqual({ shipping_address: home, delivery_instructions: 'Side door.' });
  });

  it('spec 001 §7 Shipment preferences: another account reads and writes only its own (404 when it has no such cart)', async () => {
    const owner = await shopper();
    const home = await addAddress(owner, austin, true);
    await haircareCart(owner);
    await put(owner, HAIRCARE, { shipping_address: home, delivery_instructions: 'Owner’s gate code 1234.' });
    await put(owner, CUSTOMER, { shipping_address: home, delivery_instructions: 'Owner’s porch.' });
    const other = await shopper();
    const before = await stored();
    expect(await t.call('GET', HAIRCARE, { token: other })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await put(other, HAIRCARE, { shipping_address: null, delivery_instructions: 'mine' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await put(other, HAIRCARE, { shipping_address: home, delivery_instructions: 'mine' })).toMatchObject({ status: 404 });
    expect(await stored()).toEqual(before);
    expect(await get(other, CUSTOMER)).toEqual({ shipping_address: null, delivery_instructions: '' });
    await haircareCart(other);
    expect(await get(other, HAIRCARE)).toEqual({ shipping_address: null, delivery_instructions: '' });
    expect(await get(owner, HAIRCARE)).toEqual({ shipping_address: home, delivery_instructions: 'Owner’s gate code 1234.' });
  });

  it('spec 001 §7 Shipment preferences: bad instructions, wrong types, missing or unknown fields are 400 with fields, and nothing is saved', async () => {
    const token = await shopper();
    const home = await addAddress(token, austin, true);
    await haircareCart(token);
    await put(token, HAIRCARE, { shipping_address: home, delivery_instructions: 'Kept.' });
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ shipping_address: home, delivery_instructions: 'x'.repeat(251) }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: '🚪'.repeat(251) }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: 'Ring\nthe bell' }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: 'Beep\u0007' }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: 'half \ud800 a pair' }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: 42 }, 'delivery_instructions'],
      [{ shipping_address: home, delivery_instructions: null }, 'delivery_instructions'],
      [{ shipping_address: home }, 'delivery_instructions'],
      [{ delivery_instructions: 'x' }, 'shipping_address'],
      [{ shipping_address: 7, delivery_instructions: 'x' }, 'shipping_address'],
      [{ shipping_address: '', delivery_instructions: 'x' }, 'shipping_address'],
      [{ shipping_address: home, delivery_instructions: 'x', primary: true }, 'primary'],
    ];
    for (const path of [CUSTOMER, HAIRCARE]) {
      for (const [body, field] of cases) {
        const refused = await put(token, path, body);
        expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.body, JSON.stringify(body)).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
        expect(Object.keys(refused.body.fields), JSON.stringify(body)).toContain(field);
      }
      expect((await t.call('PUT', path, { token, rawBody: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    }
    expect((await t.call('GET', '/v1/cart_shipment_preference/?category=supplements', { token })).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('spec 001 §7 Shipment preferences: an order ships to the cart’s preference and keeps its delivery instructions as ordered', async () => {
    const token = await shopper();
    await addAddress(token, austin, true);
    const beach = await addAddress(token, miami);
    await haircareCart(token);
    await put(token, CUSTOMER, { shipping_address: null, delivery_instructions: 'Customer default, not this one.' });
    await put(token, HAIRCARE, { shipping_address: beach, delivery_instructions: 'Leave it by the blue door.' });
    expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
    const card = await t.call('POST', '/v1/payments/test/tokenize', {
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Díaz' } },
    });
    const placed = await t.call('POST', '/v2/orders/', { token, body: { category: 'haircare', payment: { token: card.body.token } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = orderSchema.parse(placed.body);
    expect(order).toMatchObject({ delivery_instructions: 'Leave it by the blue door.', shipping_address: { ...miami, address2: null } });
    // A later change of the preference does not change the order.
    await put(token, HAIRCARE, { shipping_address: null, delivery_instructions: 'Changed.' });
    expect((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token })).body.delivery_instructions).toBe('Leave it by the blue door.');
  });

  it('spec 001 §7 Shipment preferences: an order with no instructions shows delivery_instructions null', async () => {
    const token = await shopper();
    await addAddress(token, austin, true);
    await haircareCart(token);
    await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } });
    const card = await t.call('POST', '/v1/payments/test/tokenize', {
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Díaz' } },
    });
    const placed = await t.call('POST', '/v2/orders/', { token, body: { payment: { token: card.body.token } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.delivery_instructions).toBeNull();
  });

  it('spec 001 §7 Shipment preferences: deleting the address a preference names falls back (the customer’s, then the primary)', async () => {
    const token = await shopper();
    const home = await addAddress(token, austin, true);
    const office = await addAddress(token, newYork);
    const beach = await addAddress(token, miami);
    await haircareCart(token);
    await put(token, CUSTOMER, { shipping_address: office, delivery_instructions: 'Front desk.' });
    await put(token, HAIRCARE, { shipping_address: beach, delivery_instructions: 'Pool house.' });
    expect((await t.call('DELETE', `/v1/account/addresses/${beach}`, { token })).status).toBe(204);
    // The cart's instructions stay its own; its address falls back to the customer's.
    expect(await get(token, HAIRCARE)).toEqual({ shipping_address: office, delivery_instructions: 'Pool house.' });
    expect(await cartNow(token)).toMatchObject({ shipping_address: { pubkey: office }, tax_region: 'NY' });
    expect((await t.call('DELETE', `/v1/account/addresses/${office}`, { token })).status).toBe(204);
    expect(await get(token, CUSTOMER)).toEqual({ shipping_address: home, delivery_instructions: 'Front desk.' });
    expect(await get(token, HAIRCARE)).toEqual({ shipping_address: home, delivery_instructions: 'Pool house.' });
    expect(await cartNow(token)).toMatchObject({ shipping_address: { pubkey: home }, tax_region: 'TX' });
    // The primary deleted too: nothing left, so no address.
    expect((await t.call('DELETE', `/v1/account/addresses/${home}`, { token })).status).toBe(204);
    expect(await get(token, HAIRCARE)).toEqual({ shipping_address: null, delivery_instructions: 'Pool house.' });
    expect((await cartNow(token)).shipping_address).toBeNull();
  });

  it('spec 001 §7 Shipment preferences: a guest who signs in brings its preference to an account that has none, not over one it has', async () => {
    const signIn = async (guest: string, email: string) => {
      expect((await t.call('POST', '/v1/auth/signup/', { token: guest, body: { email, has_accepted_terms: true } })).body).toEqual({ magic_link_sent: true });
      const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: guest, body: { token: await latestMagicToken(t, email) } });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      return verified.body.access as string;
    };
    const fresh = await signUpCustomer(t);
    const guest = await shopper({ guest: true });
    const guestHome = await addAddress(guest, newYork, true);
    await put(guest, CUSTOMER, { shipping_address: guestHome, delivery_instructions: 'Ring twice.' });
    const token = await signIn(guest, fresh.email);
    expect(await get(token, CUSTOMER)).toEqual({ shipping_address: guestHome, delivery_instructions: 'Ring twice.' });

    const settled = await signUpCustomer(t);
    const own = await addAddress(settled.access, austin, true);
    await put(settled.access, CUSTOMER, { shipping_address: own, delivery_instructions: 'Leave with the neighbour.' });
    const other = await startGuest(t);
    await put(other.access, CUSTOMER, { shipping_address: await addAddress(other.access, miami, true), delivery_instructions: 'Porch.' });
    const after = await signIn(other.access, settled.email);
    expect(await get(after, CUSTOMER)).toEqual({ shipping_address: own, delivery_instructions: 'Leave with the neighbour.' });
  });
});
