import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdReplies, openShop, phonePage, recordLayoutShifts } from './support/browser';

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
