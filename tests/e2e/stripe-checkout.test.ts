import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { personas } from '../fixtures/personas';
import { apiCaller, openShop, phonePage } from './support/browser';
import { serveStripeStandIn } from './support/stripe-stand-in';

const rosa = personas.find((p) => p.name === 'Rosa')!;
const CARD = '4242424242424242';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Card entry through the provider, end to end (issue 24, item 7; spec 001 §4, §5): the server runs with Stripe's
 * settings, so the payment step collects the card in Stripe's own element; the browser's requests to js.stripe.com get
 * the recorded stand-in for Stripe.js (./support/stripe-stand-in.ts) and no request leaves the machine.
 *
 * The order itself is answered in the browser (a Playwright route on POST /v2/orders/), not by the server: the
 * server's Stripe provider would make a PaymentMethod from the token at api.stripe.com, which this machine cannot
 * reach, and pointing it at a local stand-in would need a setting that exists only for tests. What this test proves
 * is what the browser sends: Stripe's token and no card data. The server's side of a Stripe token is
 * tests/server/stripe-provider.test.ts, against recorded Stripe answers.
 */
describe('checkout with Stripe taking the cards, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;

  beforeAll(async () => {
    shop = await openShop({ env: { STRIPE_SECRET_KEY: 'sk_test_e2e_never_called', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_card_element' } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const url = (path: string) => shop.server.url + path;
  const call = apiCaller(() => shop.server.url);

  /** A customer with a saved address whose finished haircare consultation made a cart. */
  async function customerWithCart(): Promise<Record<string, string>> {
    const email = `stripe+${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const tokens = (
      await call('POST', '/v1/auth/signup/', undefined, {
        email,
        first_name: 'Rosa',
        last_name: 'Martinez',
        has_accepted_terms: true,
        account_creation_origin: 'consultation_sign_up_haircare',
      })
    ).body;
    const saved = await call('PATCH', '/v1/account/hair_profile/', tokens.access, {
      ...rosa.answers,
      consultation_status: { category: 'haircare', status: 'completed' },
      source: 'website',
    });
    expect(saved.status).toBe(200);
    expect((await call('GET', '/v1/account/cart/?category=haircare&origin=results', tokens.access)).status).toBe(200);
    const address = { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true };
    expect((await call('POST', '/v1/account/addresses', tokens.access, address)).status).toBe(201);
    return { 'shop.tokens.user': JSON.stringify({ access: tokens.access, refresh: tokens.refresh }) };
  }

  it('the payment step shows Stripe’s element, not card fields of ours; the order carries Stripe’s token, no card data', async () => {
    const storage = await customerWithCart();
    const { page, errors } = await phonePage(shop.browser);
    const traffic = await serveStripeStandIn(page.context());
    await page.addInitScript((entries) => {
      if (window.top !== window) return; // the shop's page, not Stripe's frame (another origin)
      for (const [key, value] of Object.entries(entries)) if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
    }, storage);
    // Every request body the page sends to the shop, to look for card data in.
    const sent: { url: string; body: string }[] = [];
    page.on('request', (request: Request) => {
      if (request.url().startsWith(shop.server.url)) sent.push({ url: request.url(), body: request.postData() ?? '' });
    });

    await page.goto(url('/checkout/haircare'));
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(url('/checkout/haircare/account-details'));
    await page.getByRole('radio', { name: /1100 Congress Ave/ }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/haircare\/payment/);

    // Stripe's element, in a labelled field of ours; the name on the card stays ours. No card field of ours anywhere.
    const stripeField = page.getByRole('group', { name: 'Card details' });
    const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
    await frame.getByLabel('Credit or debit card number').waitFor();
    await stripeField.waitFor();
    for (const name of ['Card number', 'Expiry (MM/YY)', 'Security code']) expect(await page.getByLabel(name).count(), name).toBe(0);
    expect(await page.locator('#payment-number, #payment-expiry, #payment-cvc, input[autocomplete^="cc-number"]').count()).toBe(0);
    expect(traffic.served).toEqual(expect.arrayContaining([expect.stringMatching(/\/stripe\.js$/), '/v3/elements-inner-card.html']));

    // An incomplete card: Stripe's words on the field (an alert the field is described by); the step stays.
    await page.getByLabel('Name on card').fill('Rosa Martinez');
    await frame.getByLabel('Credit or debit card number').fill('4242 4242');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    const note = page.locator('#payment-card-note');
    await note.getByText('Your card number is incomplete.').waitFor();
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await stripeField.getAttribute('aria-describedby')).toBe('payment-card-note');
    expect(page.url()).toMatch(/\/checkout\/haircare\/payment/);

    await frame.getByLabel('Credit or debit card number').fill(CARD);
    await frame.getByLabel('Credit or debit card expiration date').fill('12 / 34');
    await frame.getByLabel('Credit or debit card CVC/CVV').fill('123');
    await page.waitForFunction(() => !document.querySelector('#payment-card-note'));
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(/\/checkout\/haircare\/confirmation/);
    await page.getByText('Visa •••• 4242').first().waitFor();

    // The order: answered here (see above); what the browser sends is checked.
    const orders: { body: unknown }[] = [];
    await page.route(/\/v2\/orders\/?$/, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      orders.push({ body: route.request().postDataJSON() });
      return route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'card_declined', detail: 'Your card was declined.' }),
      });
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Your card was declined.').waitFor();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.body).toMatchObject({ category: 'haircare', payment: { token: 'tok_visa' } });

    // No card data reached the shop: not in any request body, nor in the server's output.
    for (const request of sent) {
      expect(request.body, request.url).not.toContain(CARD);
      expect(request.body, request.url).not.toMatch(/"(number|cvc|exp_month)"/);
    }
    expect(sent.some((request) => request.url.includes('/v1/payments/test/tokenize'))).toBe(false);
    expect(shop.server.output()).not.toContain(CARD);
    // Nothing left the machine, and the page's policy admitted Stripe's script and frame.
    expect(traffic.api).toEqual([]);
    expect(traffic.elsewhere).toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
