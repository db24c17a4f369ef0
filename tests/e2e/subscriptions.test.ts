import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { createPostgresDatabase } from '../server/support/databases';
import { apiCaller, openShop, phonePage, rosaWithHaircareCart } from './support/browser';

interface Product {
  type: string;
  label: string;
  next_start: string;
  skipped: boolean;
}

/**
 * A subscriber's life in Chromium against the real server (issue 27 item 7; spec 001 §2 "Account and subscriptions",
 * §4 Subscriptions, §5, §9): a customer subscribes to every product of their haircare cart at checkout and pays with a
 * card they save; the account shows the subscription; they leave the shampoo out of the next delivery and snooze the
 * box two weeks; the shop's clock moves to that day's renewal hour and the renewal order (the conditioner alone, at the
 * subscription price, free shipping) is in their orders; then they cancel through the retention offers. PostgreSQL, as
 * the shop runs with it in production.
 */
describe('a subscription from checkout to cancel, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let page: Page;
  let errors: string[];
  let token = '';
  let subscription = { pubkey: '', products: [] as Product[] };
  const email = `subscriber+${Date.now()}@example.com`;

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    shop = await openShop({ env: { DATABASE_URL: database.url } });
    const tokens = await rosaWithHaircareCart(call, email);
    token = tokens.access;
    ({ page, errors } = await phonePage(shop.browser));
    await page.addInitScript(
      (stored) => {
        if (!localStorage.getItem('shop.tokens.user')) localStorage.setItem('shop.tokens.user', stored);
      },
      JSON.stringify({ access: tokens.access, refresh: tokens.refresh }),
    );
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  });

  const url = (path: string) => shop.server.url + path;
  const call = apiCaller(() => shop.server.url);
  const haircare = async () =>
    ((await call('GET', '/v2/subscriptions', token)).body as { pubkey: string; category: string; sub_category: string; regular_products: Product[] }[]).find(
      (s) => s.category === 'haircare' && s.sub_category === 'topicals',
    );

  it('spec 001 §9: subscribes to every product of the cart at checkout and pays with a saved card; the subscription is made', async () => {
    await page.goto(url('/checkout/haircare'));
    await page.getByRole('heading', { level: 1, name: 'Your haircare cart' }).waitFor();
    const boxes = page.getByRole('checkbox', { name: /^Subscribe and save/ });
    await boxes.first().waitFor();
    for (const box of await boxes.all()) {
      await box.check();
      // Each change is sent one at a time: wait until the line says it is a subscription before the next.
    }
    await expect
      .poll(async () =>
        ((await call('GET', '/v1/account/cart/?category=haircare', token)).body.items as { subscription: { active: boolean; subscribable: boolean } }[])
          .filter((i) => i.subscription.subscribable)
          .every((i) => i.subscription.active),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/haircare\/payment/);
    await page.getByLabel('Save this card for next time').check();
    await page.getByLabel('Name on card').fill('Rosa Martinez');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(/\/checkout\/haircare\/confirmation/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/haircare\/success/);

    const made = await haircare();
    expect(made).toBeDefined();
    subscription = { pubkey: made!.pubkey, products: made!.regular_products };
    expect(subscription.products.length).toBeGreaterThanOrEqual(2);
    // The account lists it.
    await page.goto(url('/account/subscription/home'));
    await page.getByRole('link', { name: 'Edit your haircare subscription' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('spec 001 §4: leaves one product out of the next delivery, then snoozes the box two weeks (§5: reported in weeks)', async () => {
    const [first] = subscription.products;
    await page.getByRole('link', { name: 'Edit your haircare subscription' }).click();
    await page.waitForURL(url('/account/subscription/haircare'));
    await page.getByRole('button', { name: `Skip next delivery: ${first!.label}` }).click();
    await page.getByRole('button', { name: `Put back in next delivery: ${first!.label}` }).waitFor();
    await expect.poll(async () => (await haircare())!.regular_products.find((p) => p.type === first!.type)!.skipped).toBe(true);

    const before = (await haircare())!.regular_products;
    await page.getByRole('radio', { name: /^2 weeks/ }).check();
    await page.getByRole('button', { name: 'Snooze', exact: true }).click();
    await page.waitForURL(url('/account/subscription/home?status=snoozed&category=haircare'));
    await expect.poll(() => page.getByText('Your haircare subscription has been snoozed').count()).toBeGreaterThan(0);
    const after = (await haircare())!.regular_products;
    // Every product's date moved by the 14 days (a skipped one's next delivery is one frequency after its date).
    for (const product of after) {
      const was = before.find((p) => p.type === product.type)!;
      expect(Date.parse(product.next_start) - Date.parse(was.next_start), product.type).toBe(14 * 86_400_000);
    }
    subscription.products = after;
    expect(errors).toEqual([]);
  });

  it('spec 001 §4: the shop’s clock reaches the renewal: an order of the products not skipped, at the subscription price, free shipping', async () => {
    const skipped = subscription.products.filter((p) => p.skipped).map((p) => p.type);
    const renewed = subscription.products.filter((p) => !p.skipped);
    // The next delivery: the earliest date of the products not skipped, renewed at 15:00 UTC that day.
    const day = renewed.map((p) => p.next_start).sort()[0]!;
    const moved = await call('POST', '/dev/clock', undefined, { now: `${day}T15:01:00Z` });
    expect(moved.status).toBe(200);
    expect(moved.body.jobs_run).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'renew-subscription', state: 'completed' })]));
    // Six weeks and more on, the session (30 days) has ended: the shopper signs in again with a link by e-mail.
    expect((await call('POST', '/v1/auth/signin/', undefined, { username: email, next: '/account/orders' })).status).toBe(200);
    const mails = (await (await fetch(url('/dev/outbox.json'))).json()) as { to: string; links: string[] }[];
    const link = mails
      .filter((m) => m.to === email)
      .flatMap((m) => m.links)
      .findLast((l) => l.includes('/signin/verify?'));
    expect(link).toBeDefined();
    // The browser's clock is the shop's, as a returning shopper's is: their stored session has expired.
    const shopNow = (await call('GET', '/dev/clock')).body.now as string;
    await page.context().clock.install({ time: new Date(shopNow) });
    await page.goto(link!);
    await page.waitForURL(url('/account/orders'));
    token = JSON.parse((await page.evaluate(() => localStorage.getItem('shop.tokens.user'))) ?? '{}').access as string;

    const orders = (await call('GET', '/v2/orders/', token)).body.results as {
      pubkey: string;
      status: string;
      total_shipping: string;
      items: { variant: { product: { type: string } } }[];
    }[];
    expect(orders).toHaveLength(2);
    const renewal = orders[0]!;
    expect(renewal.status).toBe('paid');
    const types = renewal.items.map((i) => i.variant.product.type);
    for (const type of skipped) expect(types).not.toContain(type);
    expect(types.length).toBeGreaterThan(0);
    expect(Number(renewal.total_shipping)).toBe(0);
    // The shopper sees it among their orders.
    await expect.poll(() => page.getByRole('link', { name: /^Order/ }).count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('spec 001 §4, §7: cancels through the retention offers ("No thanks, cancel") → "Your haircare subscription has been cancelled"', async () => {
    await page.goto(url('/account/subscription/haircare'));
    await page.getByRole('link', { name: 'Cancel subscription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Why do you want to cancel?' }).waitFor();
    // The options are drawn on their labels (the radios themselves are visually hidden): the shopper clicks the label.
    await page.locator('label').filter({ hasText: 'I have too much product' }).click();
    expect(await page.getByRole('radio', { name: 'I have too much product' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/account\/subscription\/haircare\/cancel\/offer$/);
    // Too much product: the offers are a longer frequency or a snooze (server/subscriptions/retention.ts).
    await page
      .getByRole('button', { name: /^Accept offer/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'No thanks, cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cancel your haircare subscription?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL(/\/account\/subscription\/home\?status=canceled&category=haircare$/);
    await expect.poll(() => page.getByText('Your haircare subscription has been cancelled').count()).toBeGreaterThan(0);
    expect((await call('GET', `/v2/subscriptions/${subscription.pubkey}`, token)).body.status).toBe('canceled');
    // A canceled subscription renews nothing: two months on, no new order.
    const later = await call('POST', '/dev/clock', undefined, { advance_days: 60 });
    expect(later.status).toBe(200);
    // (Read in the database: two months on, the shopper's session has ended again.)
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const orders = await sql.query(`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = $1`, [email]);
      expect(orders.rows[0].n).toBe(2);
    } finally {
      await sql.end();
    }
    expect(errors).toEqual([]);
  });
});
