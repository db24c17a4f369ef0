import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { formatMoney } from '#api/money';
import { createPostgresDatabase } from '../server/support/databases';
import { apiCaller, openShop, phonePage } from './support/browser';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * A gift card's whole life in Chromium against the real server (issue 28 items 2, 3 and 7; spec 001 §2 "Gift card
 * landing page" and the giftee and gifter checkouts, §4, §5, §8, §9 "Gift cards"): a guest buys a $75 gift card at
 * /gift for a day a few days ahead and pays for it at the gifter's checkout; nothing is mailed until the shop's clock
 * reaches 10 AM Eastern that day; then the giftee opens the e-mail's link, creates their account on the way, claims
 * the $75 and spends it on brushes: the cart and the review show the credit and less to pay, and the order is paid
 * partly with it. PostgreSQL, as the shop runs with it in production.
 */
describe('a gift card from /gift to the giftee’s order, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const gifter = `gifter+${stamp}@example.com`;
  const giftee = `giftee+${stamp}@example.com`;
  let sendOn = '';
  let link = '';
  // The giftee's page and bearer, from claiming the gift to spending it.
  let giftee$: { page: Page; errors: string[] };
  let token = '';

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    shop = await openShop({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  });

  const url = (path: string) => shop.server.url + path;
  const call = apiCaller(() => shop.server.url);
  const mailTo = async (to: string) => ((await call('GET', `/dev/outbox.json?to=${encodeURIComponent(to)}`)).body as Mail[]) ?? [];
  const tokenOf = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('shop.tokens.user'))) ?? '{}').access as string;

  /** A phone-sized page whose waits give up after two minutes (the project's default is to wait for ever). */
  async function shopper(): Promise<{ page: Page; errors: string[] }> {
    const opened = await phonePage(shop.browser);
    opened.page.setDefaultTimeout(120_000);
    opened.page.setDefaultNavigationTimeout(120_000);
    return opened;
  }

  async function pay(page: Page, name: string) {
    await page.waitForURL(/\/checkout\/haircare\/payment/);
    await page.getByLabel('Name on card').fill(name);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(/\/checkout\/haircare\/confirmation/);
  }

  it('§2, §4, §9: a guest buys a $75 gift card for a day ahead and pays at the gifter’s checkout; nothing is mailed yet', async () => {
    const { page, errors } = await shopper();
    const shopNow = DateTime.fromISO((await call('GET', '/dev/clock')).body.now as string, { zone: 'America/New_York' });
    sendOn = shopNow.plus({ days: 3 }).toISODate()!;
    await page.goto(url('/gift'));
    await page.getByRole('heading', { level: 2, name: 'Choose your gift amount' }).waitFor();
    await page.locator('label[for="gift-amount-75"]').click();
    expect(await page.getByRole('radio', { name: '$75' }).isChecked()).toBe(true);
    await page.getByLabel("Recipient's name").fill('Sam Lee');
    await page.getByLabel("Recipient's e-mail").fill(giftee);
    await page.getByLabel('Your name').fill('Alex Rivera');
    await page.getByLabel('Send on').fill(sendOn);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The gifter's checkout: who pays (a guest becomes a customer here), no address for a gift card, the card.
    await page.waitForURL(/\/checkout\/haircare\/account-details\?gift=gifter/);
    await page.getByLabel('Email').fill(gifter);
    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('button', { name: 'Continue' }).click();
    await pay(page, 'Alex Rivera');
    expect(page.url()).toContain('gift=gifter');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/haircare\/success/);

    const token = await tokenOf(page);
    expect((await call('GET', '/v1/account/', token)).body).toMatchObject({ email: gifter, customer_origin: 'gift_card_gifter', is_guest: false });
    const [order] = (await call('GET', '/v2/orders/', token)).body.results as {
      status: string;
      total_amount: number;
      total_shipping: number;
      total_taxes: number;
    }[];
    // §9: $75, neither shipped nor taxed.
    expect(order).toMatchObject({ status: 'paid', total_amount: 75, total_shipping: 0, total_taxes: 0 });
    const [gift] = (await call('GET', '/v1/gifts/', token)).body.results as { status: string; amount: number; send_on: string; send_at: string }[];
    const tenEastern = DateTime.fromISO(`${sendOn}T10:00:00`, { zone: 'America/New_York' });
    expect(gift).toMatchObject({ status: 'scheduled', amount: 75, send_on: sendOn });
    expect(Date.parse(gift!.send_at)).toBe(tenEastern.toMillis());
    expect(await mailTo(giftee)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('§9: the shop’s clock reaches 10 AM Eastern on that day (not a minute before) and the gift e-mail is in the outbox with its link', async () => {
    const tenEastern = DateTime.fromISO(`${sendOn}T10:00:00`, { zone: 'America/New_York' }).toUTC();
    const early = await call('POST', '/dev/clock', undefined, { now: tenEastern.minus({ minutes: 1 }).toISO() });
    expect(early.status).toBe(200);
    expect(await mailTo(giftee)).toEqual([]);
    const due = await call('POST', '/dev/clock', undefined, { now: tenEastern.toISO() });
    expect(due.status).toBe(200);
    expect(due.body.jobs_run).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'send-gift-mail', state: 'completed' })]));
    const mails = await mailTo(giftee);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Alex Rivera');
    link = mails[0]!.links.find((l) => l.includes('/gift/redeem#code='))!;
    expect(link).toMatch(/^http:\/\/[^/]+\/gift\/redeem#code=[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  });

  it('§2 giftee: opens the link, creates their account on the way, and claims the gift: $75 credited (§8 once)', async () => {
    giftee$ = await shopper();
    const { page, errors } = giftee$;
    // The giftee's browser reads the shop's day, as a shopper's would on that day.
    await page.context().clock.install({ time: new Date((await call('GET', '/dev/clock')).body.now as string) });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Claim your gift' }).waitFor();
    // The code leaves the address bar at once; it waits on this tab while the giftee signs up.
    await page.waitForURL(url('/gift/redeem'));
    await page.getByRole('link', { name: 'Sign in or create an account' }).click();
    await page.waitForURL(url('/signin?next=%2Fgift%2Fredeem'));
    await page.getByLabel('E-mail').fill(giftee);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByRole('button', { name: 'Create my account' }).click();

    await page.waitForURL(url('/gift/redeem'));
    const code = link.split('#code=')[1]!;
    expect(await page.getByRole('textbox', { name: 'Gift card code' }).inputValue()).toBe(code);
    await page.getByText(`The credit goes to the account of ${giftee}.`).waitFor();
    await page.getByRole('button', { name: 'Claim my gift' }).click();
    const done = page.getByRole('region', { name: '$75 credited to your account' });
    await done.getByText('It pays your next order.').waitFor();
    await done.getByText('Your credit now: $75.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('shop.gift-redeem-code'))).toBeNull();
    // The code travelled only in the redeeming call's body: no address the browser asked for carries it.
    expect(requests.filter((r) => r.includes(code) || r.includes(code.replace(/-/g, '')))).toEqual([]);
    // Claimed once: a second try is §8's answer.
    token = await tokenOf(page);
    const again = await call('POST', '/v1/gifts/redeem/', token, { code });
    expect(again).toMatchObject({ status: 404, body: { code: 'no_redeemable_gift', detail: 'Sorry, no redeemable gift is associated to this account' } });
    expect(errors).toEqual([]);
  });

  it('§3, §4: the credit pays part of the giftee’s next order: the cart shows it and less to pay; the card is charged the rest', async () => {
    const { page, errors } = giftee$;
    const done = page.getByRole('region', { name: '$75 credited to your account' });
    // Two brushes ($78 each) are more than the gift.
    await done.getByRole('link', { name: 'Accessories' }).click();
    await page.waitForURL(url('/collections/accessories'));
    await page.goto(url('/products/brushes'));
    await page.locator('.pp-price__amount', { hasText: '$78' }).waitFor();
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Added to your cart' });
    await notice.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(/\/checkout\/haircare$/);

    const cart = (await call('GET', '/v1/account/cart/?category=haircare', token)).body as {
      amount_due: number;
      payment_from_customer: number;
      gift_cards: { amount: number }[];
    };
    expect(cart.gift_cards.map((g) => g.amount)).toEqual([75]);
    expect(Math.round(cart.payment_from_customer * 100)).toBe(Math.round(cart.amount_due * 100) - 7500);
    const totals = page.locator('dl').filter({ hasText: 'Gift card credit' }).first();
    await totals.getByText('−$75', { exact: true }).waitFor();
    await totals.getByText(formatMoney(cart.payment_from_customer, 'USD'), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/haircare\/account-details/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/haircare\/shipping-address/);
    await page.getByLabel('Street address').fill('1100 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP code').fill('78701');
    await page.getByRole('button', { name: 'Continue' }).click();
    await pay(page, 'Sam Lee');
    // What the card is charged, as the server prices the cart with the address's taxes.
    const priced = (await call('GET', '/v1/account/cart/?category=haircare', token)).body as typeof cart;
    expect(Math.round(priced.payment_from_customer * 100)).toBe(Math.round(priced.amount_due * 100) - 7500);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/haircare\/success/);
    // The success page says how it was paid, in the checkout summary's words: the credit, then what the card paid.
    const paid = page.locator('dl').filter({ hasText: 'Gift card credit' }).first();
    await paid.getByText('−$75', { exact: true }).waitFor();
    await paid
      .locator('.price-lines__total')
      .filter({ hasText: `Paid${formatMoney(priced.payment_from_customer, 'USD')}` })
      .waitFor();

    const [order] = (await call('GET', '/v2/orders/', token)).body.results as {
      status: string;
      total_price: number;
      total_discount: number;
      total_shipping: number;
      total_taxes: number;
      total_amount: number;
      credit_applied: number;
      items: { variant: { type: string } }[];
    }[];
    expect(order!.status).toBe('paid');
    expect(order!.items.map((i) => i.variant.type)).toEqual(['brush_boar']);
    const cents = (n: number) => Math.round(n * 100);
    // The card paid the order less the $75 of credit (server/money/README.md: total_amount is the charge).
    expect(order!.credit_applied).toBe(75);
    expect(cents(order!.total_amount)).toBe(
      cents(order!.total_price) - cents(order!.total_discount) + cents(order!.total_shipping) + cents(order!.total_taxes) - cents(order!.credit_applied),
    );
    expect(cents(order!.total_amount)).toBe(cents(priced.payment_from_customer));
    expect(order!.total_amount).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
