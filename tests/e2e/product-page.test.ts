import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCaller, holdReplies, openShop, phonePage, recordLayoutShifts } from './support/browser';
import { personas } from '../fixtures/personas';

/** A product page in the real built shop (spec §2 "Product pages"): its hero and FAQ, and the way into the consultation. */
describe('product page in Chromium', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    shop = await openShop();
    ({ page, errors } = await phonePage(shop.browser));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('/products/custom-conditioner shows its hero and FAQ and leads to the haircare consultation', async () => {
    const response = await page.goto(`${shop.server.url}/products/custom-conditioner`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Custom Conditioner' }).waitFor();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.getByText('How is my conditioner made for me?').click();
    await page.getByRole('link', { name: 'haircare consultation' }).waitFor();
    await page.getByRole('link', { name: 'Start your consultation' }).first().click();
    await page.waitForURL(/\/consultation\/haircare/);
    expect(errors).toEqual([]);
  });

  const call = apiCaller(() => shop.server.url);

  /** A new customer with Rosa's answers (the haircare consultation completed unless said), signed in on `page`. */
  async function signedInCustomer(completed = true): Promise<string> {
    const email = `buyer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const made = await call('POST', '/v1/auth/signup/', undefined, { email, first_name: 'Maya', last_name: 'Lee', has_accepted_terms: true });
    expect(made.status).toBe(201);
    const answers = personas.find((p) => p.name === 'Rosa')!.answers;
    const status = completed ? { consultation_status: { category: 'haircare', status: 'completed' } } : {};
    expect((await call('PATCH', '/v1/account/hair_profile/', made.body.access, { ...answers, ...status, source: 'website' })).status).toBe(200);
    await page.goto(`${shop.server.url}/terms`);
    await page.evaluate((pair) => localStorage.setItem('shop.tokens.user', JSON.stringify(pair)), { access: made.body.access, refresh: made.body.refresh });
    return made.body.access;
  }

  it('issue 25 point 1: a brush is bought from its page: the price follows the variant (§9), Add to cart confirms with the line, View cart shows it', async () => {
    const token = await signedInCustomer();
    await page.goto(`${shop.server.url}/products/brushes`);
    await page.locator('.pp-price__amount', { hasText: '$78' }).waitFor();
    await page.getByRole('radio', { name: /Mixed boar & nylon brush/ }).check();
    await page.locator('.pp-price__amount', { hasText: '$72' }).waitFor();
    await page.waitForURL(/\?variant=mixed$/);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Added to your cart' });
    await notice.getByText('Added to your cart: Mixed boar & nylon brush × 2, $72 each.').waitFor();
    const cart = await call('GET', '/v1/account/cart/?category=haircare', token);
    expect(cart.body.items.map((i: { type: string; quantity: number }) => [i.type, i.quantity])).toEqual([['brush_mixed', 2]]);
    // The add is also the marketing event added_to_cart (server/tracking/README.md), recorded once the page's batch
    // leaves (a hidden page sends what waits).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
          const events = (await call('GET', '/dev/tracking.json?limit=200')).body as { name: string; data: Record<string, unknown> }[];
          return events.filter((event) => event.name === 'added_to_cart').map((event) => [event.data.product, event.data.product_category]);
        },
        { timeout: 120_000, interval: 250 },
      )
      .toEqual([['brush_mixed', 'item']]);
    await notice.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(/\/checkout\/haircare$/);
    await page.getByRole('heading', { level: 3, name: 'Mixed boar & nylon brush' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('§5: a candle says who may buy it: signed out, sign in; without the consultation, take it; with it, Add to cart', async () => {
    await page.goto(`${shop.server.url}/terms`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${shop.server.url}/products/formulary-candle?variant=arcadia`);
    await page.getByRole('link', { name: 'Sign in to buy' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await signedInCustomer(false);
    await page.goto(`${shop.server.url}/products/formulary-candle?variant=arcadia`);
    await page.getByRole('link', { name: 'Take the haircare consultation' }).waitFor();
    const token = await signedInCustomer(true);
    await page.goto(`${shop.server.url}/products/formulary-candle?variant=arcadia`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart: Arcadia candle, $52.').waitFor();
    expect((await call('GET', '/v1/account/cart/?category=haircare', token)).body.items[0].label).toBe('Arcadia candle');
    expect(errors).toEqual([]);
  });

  it('an accessory page moves nothing when the catalogue arrives: what follows the hero waits for the buy box (no layout shift)', async () => {
    await page.goto(`${shop.server.url}/terms`);
    await page.evaluate(() => localStorage.clear());
    const layoutShifts = await recordLayoutShifts(page);
    const catalogue = await holdReplies(page, /\/v1\/products\/(\?.*)?$/);
    try {
      await page.goto(`${shop.server.url}/products/brushes`);
      await page.locator('.pp-price--pending').waitFor({ state: 'attached' });
    } finally {
      await catalogue.stop();
    }
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(await layoutShifts()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('nothing moves when the price arrives: the hero holds the height of the price line while the catalogue loads (no layout shift)', async () => {
    const layoutShifts = await recordLayoutShifts(page);
    // The catalogue's reply waits until the hero is drawn without its price.
    const catalogue = await holdReplies(page, /\/v1\/products\/(\?.*)?$/);
    try {
      await page.goto(`${shop.server.url}/products/custom-conditioner`);
      await page.locator('.pp-price--pending').waitFor({ state: 'attached' });
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    } finally {
      await catalogue.stop();
    }
    await page.locator('.pp-price__amount', { hasText: '$32' }).waitFor();
    expect(await layoutShifts()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
