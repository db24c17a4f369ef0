import { gunzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productList, type Product } from '#api';
import type { Catalogue } from '#api/catalogue-file';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { outbox, productPrices, products, waitlistEntries } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { createTestApp, type TestApp } from './support/test-app';

const file = loadCatalogue();

/** The shop's catalogue with the candle sold out (spec 001 §4 Products), for the waitlist. */
const withSoldOutCandle: Catalogue = { ...file, products: file.products.map((p) => (p.type === 'candle' ? { ...p, sold_out: true } : p)) };

function byType(list: Product[], type: string): Product {
  const found = list.find((p) => p.type === type);
  if (!found) throw new Error(`No ${type} in the catalogue.`);
  return found;
}

describeEachDatabase('catalogue (spec 001 §3 Product, §7 Catalogue, §9)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, withSoldOutCandle);
    t = createTestApp(database().db);
  });

  describe('loading the catalogue file into the database', () => {
    it('makes a row per product and variant, with prices in integer cents per currency', async () => {
      const { db } = database();
      const [rows] = await db.select({ n: count() }).from(products);
      const variants = file.products.reduce((n, p) => n + p.variants.length, 0);
      expect(rows!.n).toBe(file.products.length + variants);
      const [shampoo] = await db.select().from(productPrices).where(eq(productPrices.productType, 'shampoo'));
      expect(Number.isInteger(shampoo!.price)).toBe(true);
    });

    it('running it again changes nothing, and a product the file drops is retired, not deleted (orders may name it)', async () => {
      const { db } = database();
      const before = await db.select().from(productPrices);
      await seedCatalogue(db, withSoldOutCandle);
      expect(await db.select().from(productPrices)).toEqual(before);
      const withoutTowel = { ...withSoldOutCandle, products: withSoldOutCandle.products.filter((p) => p.type !== 'hair_towel_wrap') };
      await seedCatalogue(db, withoutTowel);
      const fresh = createTestApp(db);
      const served = (await fresh.call('GET', '/v1/products/')).body.products as Product[];
      expect(served.some((p) => p.type === 'hair_towel_wrap')).toBe(false);
      const [towel] = await db.select().from(products).where(eq(products.type, 'hair_towel_wrap'));
      expect(towel!.retired).toBe(true);
      await seedCatalogue(db, withSoldOutCandle);
      const [back] = await db.select().from(products).where(eq(products.type, 'hair_towel_wrap'));
      expect(back!.retired).toBe(false);
    });
  });

  describe('GET /v1/products/?country=', () => {
    it('US pays in USD: §9 haircare, skincare and accessory prices', async () => {
      const response = await t.call('GET', '/v1/products/?country=US');
      expect(response.status).toBe(200);
      expect(productList.safeParse(response.body).error).toBeUndefined();
      const list = response.body.products as Product[];
      expect(response.body.currency).toBe('USD');
      const usd = (type: string) => byType(list, type).price;
      expect([usd('hair_mask'), usd('shampoo'), usd('conditioner'), usd('hair_oil'), usd('dry_shampoo'), usd('curl_cream')]).toEqual([45, 32, 32, 48, 28, 28]);
      expect([usd('leavein_conditioner'), usd('scalp_mask'), usd('styling_gel'), usd('supplement_core')]).toEqual([28, 45, 30, 62]);
      expect([usd('hair_towel_wrap'), usd('candle'), usd('digital_gift')]).toEqual([34, 52, 56]);
    });

    it('§9 Skincare prices: subscribed prices 24.65, 54.4 and 44.2 are 15% off', async () => {
      const list = (await t.call('GET', '/v1/products/')).body.products as Product[];
      const prices = ['cleanser', 'serum', 'moisturizer'].map((type) => [byType(list, type).price, byType(list, type).subscribed_price]);
      expect(prices).toEqual([
        [29, 24.65],
        [64, 54.4],
        [52, 44.2],
      ]);
      expect(byType(list, 'cleanser').subscription_discount).toBe(0.15);
    });

    it('§5: candles and the towel are marked as sold with a completed haircare consultation; nothing else is', async () => {
      const list = (await t.call('GET', '/v1/products/')).body.products as Product[];
      expect(list.filter((p) => p.needs_haircare_consultation).map((p) => p.type)).toEqual(['candle', 'hair_towel_wrap']);
    });

    it('§9 Accessories: none subscribable; the candle subscribed price is its price (52)', async () => {
      const list = (await t.call('GET', '/v1/products/')).body.products as Product[];
      const accessories = list.filter((p) => p.category === 'others');
      expect(accessories.length).toBeGreaterThanOrEqual(4);
      expect(accessories.every((p) => !p.is_subscribable && p.subscribed_price === p.price)).toBe(true);
      expect(byType(list, 'candle').subscribed_price).toBe(52);
    });

    it('§9 Brush: variants boar, mixed, detangling in their order; §9 Candle: Corsica, Prelude, Arcadia, each named as a candle', async () => {
      const list = (await t.call('GET', '/v1/products/')).body.products as Product[];
      expect(byType(list, 'brush').variants.map((v) => [v.type, v.order])).toEqual([
        ['brush_boar', 1],
        ['brush_mixed', 2],
        ['brush_detangling', 3],
      ]);
      // A name says what the thing is: the cart, the upsells and the orders show the variant's label alone.
      expect(byType(list, 'candle').variants.map((v) => v.label)).toEqual(['Corsica candle', 'Prelude candle', 'Arcadia candle']);
      expect(byType(list, 'brush').variants.every((v) => / brush$/.test(v.label))).toBe(true);
      expect(list.some((p) => p.type === 'brush_boar')).toBe(false);
    });

    it('§9 Countries: CA pays in CAD; GB, or no country, in USD', async () => {
      const ca = await t.call('GET', '/v1/products/?country=ca');
      expect(ca.body.currency).toBe('CAD');
      expect((ca.body.products as Product[]).every((p) => p.currency === 'CAD' && p.variants.every((v) => v.currency === 'CAD'))).toBe(true);
      expect(byType(ca.body.products, 'shampoo').price).not.toBe(32);
      expect((await t.call('GET', '/v1/products/?country=GB')).body.currency).toBe('USD');
      expect((await t.call('GET', '/v1/products/')).body.currency).toBe('USD');
    });

    it('a malformed country is a 400 naming the field', async () => {
      for (const country of ['USA', '1', 'c%20a']) {
        const response = await t.call('GET', `/v1/products/?country=${country}`);
        expect(response.status, country).toBe(400);
        expect(response.body.code).toBe('validation_error');
        expect(response.body.fields.country).toBeDefined();
      }
    });

    it('is public, kept five minutes, and answers 304 to its own ETag', async () => {
      const first = await t.call('GET', '/v1/products/?country=US');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      const again = await t.call('GET', '/v1/products/?country=US', { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      const canada = await t.call('GET', '/v1/products/?country=CA', { headers: { 'if-none-match': etag! } });
      expect(canada.status).toBe(200);
    });
  });

  it('is sent gzipped to a client that accepts it, with its own ETag, and 304 for either ETag', async () => {
    const response = await t.app.request('/v1/products/?country=US', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    expect(body).toEqual((await t.call('GET', '/v1/products/?country=US')).body);
    const gzipTag = response.headers.get('etag')!;
    const plainTag = (await t.call('GET', '/v1/products/?country=US')).headers.get('etag')!;
    expect(gzipTag).not.toBe(plainTag);
    for (const tag of [gzipTag, plainTag, `"other", ${gzipTag}`]) {
      const again = await t.app.request('/v1/products/?country=US', { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } });
      expect(again.status, tag).toBe(304);
    }
  });

  it('GET /v1/cart_sections/ titles every recommendation section of §9', async () => {
    const response = await t.call('GET', '/v1/cart_sections/');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['featured', 'inadvisable', 'main', 'optional', 'preselect', 'preview', 'upsale']);
  });

  describe('POST /v1/products/{type}/waitlist/ (spec 001 §4 Products)', () => {
    const mailsTo = async (to: string) => database().db.select().from(outbox).where(eq(outbox.recipient, to));

    it('a sold-out product: joined once, with one confirmation mail through the outbox', async () => {
      const email = 'Wait.Er@Example.com';
      const first = await t.call('POST', '/v1/products/candle/waitlist/', { body: { email } });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ product: 'candle', email: 'wait.er@example.com', joined: true });
      const again = await t.call('POST', '/v1/products/candle/waitlist/', { body: { email: 'wait.er@example.com' } });
      expect(again.status).toBe(201);
      const mails = await mailsTo('wait.er@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Candle');
      expect(mails[0]!.textBody).toContain('https://shop.test/products/formulary-candle');
      const entries = await database().db.select().from(waitlistEntries).where(eq(waitlistEntries.email, 'wait.er@example.com'));
      expect(entries).toHaveLength(1);
    });

    it('refuses a bad address (400), an unknown product (404) and one on sale (409), saving nothing', async () => {
      const { db } = database();
      const [before] = await db.select({ n: count() }).from(waitlistEntries);
      const bad = await t.call('POST', '/v1/products/candle/waitlist/', { body: { email: 'not-an-address' } });
      expect([bad.status, bad.body.code]).toEqual([400, 'validation_error']);
      expect(bad.body.fields.email).toBeDefined();
      const unknown = await t.call('POST', '/v1/products/candel/waitlist/', { body: { email: 'a@example.com' } });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_product']);
      const available = await t.call('POST', '/v1/products/shampoo/waitlist/', { body: { email: 'a@example.com' } });
      expect([available.status, available.body.code]).toEqual([409, 'product_available']);
      const [after] = await db.select({ n: count() }).from(waitlistEntries);
      expect(after!.n).toBe(before!.n);
      expect(await mailsTo('a@example.com')).toHaveLength(0);
    });
  });
});
