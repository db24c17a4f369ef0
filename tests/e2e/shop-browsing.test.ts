import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCaller, openShop, phonePage } from './support/browser';
import { personas } from '../fixtures/personas';

// The shop's own catalogue, with the custom shampoo sold out, loaded by the real server through CATALOGUE_FILE.
const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
const catalogueFile = path.join(dir, 'products.yaml');
const shampooEntry = /(- type: shampoo\n(?: {4}.*\n)*?)( {4}page_url:)/;
writeFileSync(catalogueFile, readFileSync('shop/catalog/products.yaml', 'utf8').replace(shampooEntry, '$1    sold_out: true\n$2'));

/** Browsing the shop in the real build (spec 001 §2 Collections, Product pages, §4 Products). */
describe('browsing the shop in Chromium', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    expect(readFileSync(catalogueFile, 'utf8')).toContain('sold_out: true');
    shop = await openShop({ env: { CATALOGUE_FILE: catalogueFile } });
    ({ page, errors } = await phonePage(shop.browser));
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('home -> haircare collection -> a product page with its price -> the consultation', async () => {
    await page.goto(`${shop.server.url}/`);
    await page.getByRole('link', { name: 'Custom haircare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Custom haircare' }).waitFor();
    const conditioner = page.getByRole('link', { name: 'Custom Conditioner' });
    expect(await page.locator('.product-card', { has: conditioner }).textContent()).toContain('$32');
    await conditioner.click();
    await page.waitForURL(/\/products\/custom-conditioner$/);
    await page.getByRole('heading', { level: 1, name: 'Custom Conditioner' }).waitFor();
    await page.locator('.pp-price__amount', { hasText: '$32' }).waitFor();
    await page.getByRole('link', { name: 'Start your consultation' }).first().click();
    await page.waitForURL(/\/consultation\/haircare/);
    expect(errors).toEqual([]);
  });

  it('issue 25 point 4: collection cards never overlap and the last ends above the links below, at 390 and 1280 px; each collection has its title', async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [name, title] of [
        ['haircare', 'Custom haircare'],
        ['skincare', 'Custom skincare'],
        ['accessories', 'Accessories'],
      ] as const) {
        await page.goto(`${shop.server.url}/collections/${name}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await expect.poll(() => page.title()).toBe(`${title} | Formulary`);
        const boxes = await page.locator('.product-grid > li').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i]!, boxes[j]!];
            const overlaps = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
            expect(overlaps, `${name} at ${width}: cards ${i} and ${j}`).toBe(false);
          }
        }
        const linksTop = await page.locator('.collection__others').evaluate((el) => el.getBoundingClientRect().top);
        expect(Math.max(...boxes.map((b) => b.bottom)), `${name} at ${width}`).toBeLessThanOrEqual(linksTop);
        for (const height of await page.locator('.collection__others a').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height))) {
          expect(height).toBeGreaterThanOrEqual(44);
        }
      }
    }
    await page.setViewportSize({ width: 360, height: 740 });
    expect(errors).toEqual([]);
  });

  it("issue 25 point 7: on the cart page, Tab reaches Checkout after the lines' own controls, before any offer", async () => {
    const call = apiCaller(() => shop.server.url);
    const made = await call('POST', '/v1/auth/signup/', undefined, {
      email: `tabs.${Date.now()}@example.com`,
      first_name: 'Maya',
      last_name: 'Lee',
      has_accepted_terms: true,
    });
    const answers = personas.find((p) => p.name === 'Rosa')!.answers;
    await call('PATCH', '/v1/account/hair_profile/', made.body.access, {
      ...answers,
      consultation_status: { category: 'haircare', status: 'completed' },
      source: 'website',
    });
    // This file's catalogue has the shampoo sold out: the cart is made of other products.
    const items = encodeURIComponent(JSON.stringify(['conditioner', 'hair_mask', 'hair_oil']));
    expect((await call('GET', `/v1/account/cart/?category=haircare&items=${items}`, made.body.access)).status).toBe(200);
    await page.goto(`${shop.server.url}/terms`);
    await page.evaluate((pair) => localStorage.setItem('shop.tokens.user', JSON.stringify(pair)), { access: made.body.access, refresh: made.body.refresh });
    await page.goto(`${shop.server.url}/checkout/haircare`);
    await page.getByRole('button', { name: 'Checkout' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your haircare cart | Formulary');
    const lineControls = await page.locator('.cart-line').locator('button, select, input').count();
    await page.getByRole('heading', { level: 1 }).focus();
    let presses = 0;
    const passed: string[] = [];
    while (presses < 60) {
      await page.keyboard.press('Tab');
      presses += 1;
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (focused === 'Checkout') break;
      passed.push(focused);
    }
    // The skip link, the lines' own controls, then Checkout: never an offer.
    expect(presses).toBe(lineControls + 2);
    expect(passed.filter((text) => text === 'Add')).toEqual([]);
    // Or in two presses: Tab to the skip link, Enter, Tab to Checkout.
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the summary and checkout');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Checkout');
    expect(errors).toEqual([]);
  });

  it('a sold-out product takes a waitlist sign-up, and the confirmation is in the outbox', async () => {
    await page.goto(`${shop.server.url}/products/custom-shampoo`);
    await page.getByRole('heading', { name: 'This product is no longer available at this time.' }).waitFor();
    await page.getByLabel("E-mail me when it's back").fill('not an address');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText('Enter an e-mail address like name@example.com.').waitFor();
    await page.getByLabel("E-mail me when it's back").fill('waiting.shopper@example.com');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText("You're on the waitlist: we'll e-mail you when it's back.").waitFor();
    const outbox = (await (await fetch(`${shop.server.url}/dev/outbox.json?to=waiting.shopper%40example.com`)).json()) as { subject: string }[];
    expect(outbox.map((m) => m.subject)).toEqual(["You're on the waitlist for Custom Shampoo"]);
    expect(errors).toEqual([]);
  });
});
