import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentClientToken } from '../../api/schemas/payments';
import { paymentProvider, readSettings } from '../../server/read-settings';
import { createStripeProvider } from '../../server/payments/stripe-provider';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { removeTempDirs } from './support/temp-dirs';
import { createTestApp, signUpCustomer, startGuest, type TestApp } from './support/test-app';
import { cspDirectives, testWebRoot } from './support/web-pages';

const SECRET = 'sk_test_never_sent_to_a_browser';
const PUBLISHABLE = 'pk_test_card_element';

const webRoot = testWebRoot();
afterAll(removeTempDirs);

/**
 * Card entry through the provider (issue 24, item 7; API.md Settings): with Stripe the browser collects the card with
 * Stripe's own element, so it must learn the provider and Stripe's publishable key (never the secret key), and the
 * page's policy must admit Stripe's script and frames, only then.
 */
describe('who takes cards in the browser', () => {
  let database: TestDatabase;
  let stripeShop: TestApp;
  let testShop: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const stripe = createStripeProvider({ secretKey: SECRET, publishableKey: PUBLISHABLE, returnUrl: 'https://shop.test/checkout/payment-confirmed' });
    stripeShop = createTestApp(database.db, { payments: stripe, config: { webRoot } });
    testShop = createTestApp(database.db, { config: { webRoot } });
  }, 60_000);
  afterAll(() => database?.destroy());

  describe('POST /v1/account/payments/token/', () => {
    it('with Stripe: the provider and its publishable key, for a guest at checkout and a customer alike; never the secret key', async () => {
      for (const { access } of [await startGuest(stripeShop), await signUpCustomer(stripeShop)]) {
        const answer = await stripeShop.call('POST', '/v1/account/payments/token/', { token: access, body: { payment_mode: 'charge' } });
        expect(answer.status).toBe(200);
        expect(paymentClientToken.parse(answer.body)).toMatchObject({ provider: 'stripe', publishable_key: PUBLISHABLE, payment_mode: 'charge' });
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
        expect(JSON.stringify(answer.body)).not.toMatch(/sk_(test|live)_/);
      }
    });

    it('with the test provider: its own tokeniser takes cards, no key', async () => {
      const { access } = await startGuest(testShop);
      const answer = await testShop.call('POST', '/v1/account/payments/token/', { token: access, body: { payment_mode: 'charge' } });
      expect(answer.status).toBe(200);
      expect(paymentClientToken.parse(answer.body)).toMatchObject({ provider: 'test', payment_mode: 'charge' });
      expect(answer.body).not.toHaveProperty('publishable_key');
    });

    it('asks for a session, and refuses a payment mode it does not know', async () => {
      expect((await stripeShop.call('POST', '/v1/account/payments/token/', { body: { payment_mode: 'charge' } })).status).toBe(401);
      const { access } = await startGuest(stripeShop);
      const wrong = await stripeShop.call('POST', '/v1/account/payments/token/', { token: access, body: { payment_mode: 'cash' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toHaveProperty('payment_mode');
    });
  });

  describe('Content-Security-Policy', () => {
    it('with Stripe, pages admit Stripe.js, its card frame and 3-D Secure frames, and its API; nothing else from elsewhere', async () => {
      const page = await stripeShop.call('GET', '/checkout/haircare/payment');
      const policy = cspDirectives(page.headers.get('content-security-policy'));
      expect(policy['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-/), 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
      expect(policy).toMatchObject({
        'default-src': ["'self'"],
        'style-src': ["'self'", expect.stringMatching(/^'nonce-/)],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(JSON.stringify(policy)).not.toMatch(/unsafe-inline|unsafe-eval/);
      // JSON answers still allow nothing.
      expect((await stripeShop.call('GET', '/healthz')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it('with the test provider, pages load nothing from another origin and frame nothing', async () => {
      const page = await testShop.call('GET', '/checkout/haircare/payment');
      const header = page.headers.get('content-security-policy');
      expect(header).not.toContain('stripe');
      const policy = cspDirectives(header);
      expect(policy['frame-src']).toBeUndefined();
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    });
  });
});

describe('STRIPE_PUBLISHABLE_KEY (API.md Settings)', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.test' };

  it('is read with the secret key; Stripe then takes the cards', () => {
    const settings = readSettings({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_y' });
    expect(settings).toMatchObject({ stripeSecretKey: 'sk_live_x', stripePublishableKey: 'pk_live_y' });
    expect(paymentProvider(settings)).toBe('stripe');
  });

  it('the shop refuses to start with the secret key alone, saying what to set', () => {
    expect(() => readSettings({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY: set it to .*publishable key/);
    expect(() => readSettings({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow('STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY');
  });

  it('takes only a publishable key of the secret key’s mode, and never repeats a key in its message', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        readSettings(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };
    const pasted = refusal({ STRIPE_SECRET_KEY: 'sk_test_secret1', STRIPE_PUBLISHABLE_KEY: 'sk_test_secret1' });
    expect(pasted).toContain('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key');
    expect(pasted).not.toContain('secret1');
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_y' })).toBe(
      'STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY a test key: use the two keys of the same mode.',
    );
    expect(refusal({ STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_y' })).toBe('started');
  });

  it('is not needed when the test provider takes the cards', () => {
    expect(paymentProvider(readSettings({}))).toBe('test');
    expect(paymentProvider(readSettings({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('test');
    expect(paymentProvider(readSettings({ ...production, PAYMENTS: 'test' }))).toBe('test');
  });
});
