import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { personas } from '../fixtures/personas';
import { apiCaller, openShop } from './support/browser';
import { matchesBaseline, settlePage, trackRequests } from './support/screenshots';

/** The breakpoints of spec 001 §9, each with a screen height of its kind (.storybook/preview.tsx). */
const breakpoints = [
  { width: 360, height: 780 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** The server's and the browser's clock both start here, so delivery estimates and dates are the same every run. */
const clockStart = '2026-11-27T15:00:00Z';
const maya = personas.find((p) => p.name === 'Maya')!;

/**
 * Screenshot tests of the main pages at every breakpoint of spec 001 §9, against the real server (tests/README.md
 * "Screenshots"): a change that breaks a page's layout fails here. A visitor sees the public pages; Maya, a customer
 * with a fixed address whose haircare consultation made her cart, sees her cart, the payment step, the success page
 * once she has paid with 4242 4242 4242 4242, and her orders. Each run starts a fresh server with an empty database
 * and the clock at `clockStart`, so every name, number and date on these pages is the same every run.
 */
describe('screenshots of the main pages at 360, 768, 1024, 1280 and 1920 px (spec 001 §9)', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let visitor: Page;
  let customer: Page;
  let token: string;
  const contexts: BrowserContext[] = [];

  const call = apiCaller(() => shop.server.url);

  /**
   * A page of its own context: a desktop browser (no touch, no scrollbars), US English in New York, motion reduced, the
   * clock fixed at `clockStart`.
   */
  async function openPage(storage: Record<string, string> = {}): Promise<Page> {
    const context = await shop.browser.newContext({
      viewport: breakpoints[0],
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      reducedMotion: 'reduce',
      // The style that draws pictures as flat boxes for the shot (../screenshot-settings.ts) is an inline style, which the
      // shop's Content-Security-Policy refuses; csp.test.ts checks that policy.
      bypassCSP: true,
    });
    contexts.push(context);
    context.setDefaultTimeout(0);
    context.setDefaultNavigationTimeout(0);
    await context.clock.setFixedTime(clockStart);
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    trackRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    pageErrors.set(page, errors);
    return page;
  }
  const pageErrors = new Map<Page, string[]>();

  beforeAll(async () => {
    shop = await openShop({ env: { CLOCK_START: clockStart, TZ: 'UTC' } });
    // Maya: a customer (fixed name, e-mail and address) whose finished haircare consultation made her cart.
    const tokens = (
      await call('POST', '/v1/auth/signup/', undefined, {
        email: 'maya.screenshots@example.com',
        first_name: 'Maya',
        last_name: 'Lopez',
        has_accepted_terms: true,
        account_creation_origin: 'consultation_sign_up_haircare',
      })
    ).body;
    token = tokens.access;
    const profile = await call('PATCH', '/v1/account/hair_profile/', token, {
      ...maya.answers,
      consultation_status: { category: 'haircare', status: 'completed' },
      source: 'website',
    });
    expect(profile.status).toBe(200);
    expect((await call('GET', '/v1/account/cart/?category=haircare&origin=results', token)).status).toBe(200);
    const address = { address1: '200 W Washington St', city: 'Phoenix', state: 'AZ', zipcode: '85004', country: 'US', primary: true };
    expect((await call('POST', '/v1/account/addresses', token, address)).status).toBe(201);
    visitor = await openPage();
    customer = await openPage({ 'shop.tokens.user': JSON.stringify({ access: tokens.access, refresh: tokens.refresh }) });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await shop?.close();
  });

  /**
   * The page at every breakpoint: opened there (or, with `reload`, the page already open is loaded again at that
   * size), `ready` waited for, the page settled, its whole length shot and compared with `<name>-<width>.png`. Every
   * breakpoint is compared before the test fails, naming each picture that differs.
   */
  async function shootEverywhere(page: Page, name: string, url: string | null, ready: (page: Page) => Promise<unknown>): Promise<void> {
    const failures: string[] = [];
    for (const size of breakpoints) {
      await page.setViewportSize(size);
      if (url === null) await page.reload();
      else await page.goto(shop.server.url + url);
      await ready(page);
      await settlePage(page);
      const failure = await matchesBaseline(page, `${name}-${size.width}`);
      if (failure) failures.push(failure);
    }
    expect(pageErrors.get(page)).toEqual([]);
    expect(failures, failures.join('\n')).toEqual([]);
  }

  /** Ready once the page's heading is there; a page that could not load (its alert instead) fails at once, saying why. */
  const heading = (name?: string | RegExp) => async (page: Page) => {
    const failed = page.locator('.page-status[role=alert]');
    await page
      .getByRole('heading', { level: 1, ...(name ? { name } : {}) })
      .or(failed)
      .first()
      .waitFor();
    if (await failed.isVisible()) throw new Error(`${page.url()} could not load: ${await failed.textContent()}`);
  };

  it.each([
    ['home', '/'],
    ['collection-haircare', '/collections/haircare'],
    ['collection-skincare', '/collections/skincare'],
    ['collection-accessories', '/collections/accessories'],
    ['product-custom-shampoo', '/products/custom-shampoo'],
    ['product-brushes', '/products/brushes'],
    ['signin', '/signin'],
    ['consultation-hair-length', '/consultation/haircare/my-hair/length'],
  ])('%s (%s), as a visitor', async (name, url) => {
    await shootEverywhere(visitor, name, url, heading());
  });

  it('the help centre (/faq), its topics and popular questions loaded', async () => {
    await shootEverywhere(visitor, 'faq', '/faq', (page) => page.getByRole('region', { name: 'Popular questions' }).waitFor());
  });

  it('the cart (/checkout/haircare), Maya’s', async () => {
    await shootEverywhere(customer, 'cart', '/checkout/haircare', (page) => page.getByRole('button', { name: 'Checkout' }).waitFor());
  });

  it('the payment step (/checkout/haircare/payment), Maya’s saved address chosen', async () => {
    expect((await call('PATCH', '/v1/account/cart/?category=haircare', token, { is_in_checkout: true })).status).toBe(200);
    await shootEverywhere(customer, 'checkout-payment', '/checkout/haircare/payment', (page) => page.getByLabel('Card number').waitFor());
  });

  it('the success page after paying with 4242 4242 4242 4242, then Maya’s orders (/account/orders)', async () => {
    const page = customer;
    expect((await call('PATCH', '/v1/account/cart/?category=haircare', token, { is_in_checkout: true })).status).toBe(200);
    await page.setViewportSize(breakpoints[0]);
    await page.goto(shop.server.url + '/checkout/haircare/payment');
    await page.getByLabel('Name on card').fill('Maya Lopez');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(/\/checkout\/haircare\/confirmation/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/haircare\/success/);
    await shootEverywhere(page, 'checkout-success', null, heading('Thank you, Maya!'));
    await shootEverywhere(page, 'account-orders', '/account/orders', heading());
  });
});
