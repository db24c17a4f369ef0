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
});
