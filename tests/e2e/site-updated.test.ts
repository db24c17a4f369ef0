import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, phonePage } from './support/browser';

/**
 * Spec 001 §8 "We’ve updated the site since your last visit.": a page open while a new release replaced the hashed
 * files (every /assets/ file of the old build now answers 404) goes to an address whose code it has not loaded yet,
 * in Chromium against the real server. The page says so with a Reload button, in the site's frame, instead of a blank
 * page; Reload brings the page back.
 */
describe('a release replaced the page’s code (spec 001 §8)', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    shop = await openShop();
    ({ page, errors } = await phonePage(shop.browser));
  });
  afterAll(() => shop?.close());

  it('a lazy page whose chunk is gone says "We’ve updated the site since your last visit." with Reload, and Reload works', async () => {
    await page.goto(`${shop.server.url}/consultation`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The new release: the old build's files are gone.
    const gone = (route: { fulfill(options: { status: number; body: string }): Promise<void> }) => route.fulfill({ status: 404, body: 'Not found' });
    await page.route(/\/assets\//, gone);
    await page.evaluate(() => {
      history.pushState({}, '', '/terms');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const heading = page.getByRole('heading', { level: 1, name: 'We’ve updated the site since your last visit.' });
    await heading.waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByText('Your answers and your cart are saved.').count()).toBe(1);
    await page.unroute(/\/assets\//, gone);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'updated the site' }).first().waitFor();
    expect(await heading.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
