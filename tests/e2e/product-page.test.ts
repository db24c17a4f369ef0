import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, phonePage } from './support/browser';

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

  it('nothing moves when the price arrives: the hero holds the height of the price line while the catalogue loads (no layout shift)', async () => {
    await page.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The catalogue's reply waits until the hero is drawn without its price.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const catalogue = /\/v1\/products\/(\?.*)?$/;
    await page.route(catalogue, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${shop.server.url}/products/custom-conditioner`);
      await page.locator('.pp-price--pending').waitFor({ state: 'attached' });
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
      release();
      await page.locator('.pp-price__amount', { hasText: '$32' }).waitFor();
    } finally {
      release();
      await page.unroute(catalogue);
    }
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
