import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '../fixtures/personas';
import { apiCaller, openShop, phonePage, recordLayoutShifts } from './support/browser';

const maya = personas[0]!;

/**
 * The site's frame in Chromium against the real server (issue 25): the header's cart count follows the cart from any
 * page, arrives without moving anything, and the phone's menu and footer take a shopper anywhere.
 */
describe('site header and footer, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => shop.server.url + path;
  const call = apiCaller(() => shop.server.url);

  /** A customer whose haircare consultation made a cart (the recommendation cart), as the browser keeps them. */
  async function customerWithCart(): Promise<{ storage: Record<string, string>; token: string }> {
    const email = `chrome+${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const tokens = (
      await call('POST', '/v1/auth/signup/', undefined, {
        email,
        first_name: 'Maya',
        last_name: 'Bench',
        has_accepted_terms: true,
        account_creation_origin: 'consultation_sign_up_haircare',
      })
    ).body;
    const token = tokens.access as string;
    expect(
      (await call('PATCH', '/v1/account/hair_profile/', token, { ...maya.answers, consultation_status: { category: 'haircare', status: 'completed' } })).status,
    ).toBe(200);
    expect((await call('GET', '/v1/account/cart/?category=haircare&origin=results', token)).status).toBe(200);
    return { storage: { 'shop.tokens.user': JSON.stringify({ access: tokens.access, refresh: tokens.refresh }) }, token };
  }

  it("the cart's count is on every page from the first visit, follows a change on the cart page at once, and moves nothing", async () => {
    const { storage, token } = await customerWithCart();
    const cart = (await call('GET', '/v1/account/cart/?category=haircare', token)).body as { items: { quantity: number; category: string }[] };
    const items = cart.items.filter((i) => i.category !== 'coupon').reduce((n, i) => n + i.quantity, 0);
    expect(items).toBeGreaterThan(1);
    const { page, errors } = await phonePage(shop.browser);
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    }, storage);
    const shifts = await recordLayoutShifts(page);

    // A page that knows nothing of carts: the header asks the server once, and shows the count.
    await page.goto(url('/collections/skincare'));
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: `Cart, ${items} items` }).waitFor();
    expect(await shifts()).toEqual([]);

    // On the cart page a line's quantity goes up: the header follows without a reload.
    await header.getByRole('link', { name: `Cart, ${items} items` }).click();
    await page.waitForURL(/\/checkout\/haircare$/);
    const quantity = page.getByLabel('Quantity').first();
    await quantity.waitFor();
    const before = Number(await quantity.inputValue());
    await quantity.selectOption(String(before + 1));
    await header.getByRole('link', { name: `Cart, ${items + 1} items` }).waitFor();

    // Another page, another category: the same count, from the device, with no request needed.
    await page.goto(url('/products/custom-serum'));
    await page
      .getByRole('banner')
      .getByRole('link', { name: `Cart, ${items + 1} items` })
      .waitFor();
    expect(await shifts()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a phone's menu drawer opens from any page and leads to the shop's pages; the footer leads to help, contact and the policies", async () => {
    const { page, errors } = await phonePage(shop.browser);
    await page.goto(url('/'));
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Accessories' }).click();
    await page.waitForURL(/\/collections\/accessories$/);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    // The footer loads as the shopper nears it.
    await page.mouse.wheel(0, 20_000);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(/\/faq\/contact-us$/);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
