import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, phonePage } from './support/browser';

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
    const conditioner = page.getByRole('link', { name: /^Custom Conditioner/ });
    expect(await conditioner.textContent()).toContain('$32');
    await conditioner.click();
    await page.waitForURL(/\/products\/custom-conditioner$/);
    await page.getByRole('heading', { level: 1, name: 'Custom Conditioner' }).waitFor();
    await page.locator('.pp-price__amount', { hasText: '$32' }).waitFor();
    await page.getByRole('link', { name: 'Start your consultation' }).first().click();
    await page.waitForURL(/\/consultation\/haircare/);
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
