/**
 * Tracking (issue 29 items 6-7, 10; spec 001 §2 "The router location (pathname and search) is tracked", §7 "Flags,
 * tracking", §9 "Tracking", "Consent"; spec 002 §3.9; server/tracking/README.md): the four calls record through the
 * one event sink, bad input is 400 and records nothing, secrets never reach a row or the log, calls are rate-limited
 * per visitor, consent is obeyed, and the server's own events (sign-up origins, purchases, feedback) land in the
 * same table.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { carts, customerConsents, orderItems, orders, referralEvents, trackingEvents } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { consentScope, requestServices } from '../../server/tracking/consent';
import { TRACKING_LIMITS } from '../../server/tracking/routes';
import { onOrderPaidTracking, purchaseFigures, wholeMonthsBetween } from '../../server/tracking/purchase-event';
import { trackedPath } from '../../server/tracking/tracked-url';
import { capturedLog } from './support/captured-log';
import { cardToken, oneAddressLimits, placeOrder, shopperAtCheckout } from './support/checkout-shopper';
import { createTestDatabase, DRIVERS, type TestDatabase } from './support/databases';
import { createTestApp, signUpCustomer, uniqueEmail, type TestApp } from './support/test-app';
import { feedbackShopper, feedbackTestFlows, orderFor } from './support/feedback-orders';

const flows = loadProfileFlows('flows');
const VISITOR = 'AAAAAAAAAAAAAAAAAAAAAA';
const visitorCookie = (id = VISITOR, extra = '') => ({ cookie: `visitor=${id}${extra}` });
const SECRET = 'SeCrEtMagicLinkToken0123456789abcdef';

describe.each(DRIVERS)('tracking [%s]', (driver) => {
  let database: TestDatabase;
  let t: TestApp;
  const log = capturedLog();
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedCatalogue(database.db, loadCatalogue());
    t = createTestApp(database.db, { flows, config: { logger: log.logger, rateLimits: oneAddressLimits } });
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(trackingEvents);
  });
  const rows = () => database.db.select().from(trackingEvents).orderBy(trackingEvents.id);
  const post = (path: string, body: unknown, headers: Record<string, string> = visitorCookie(), token?: string) =>
    t.call('POST', path, { body, headers, token });

  describe('what is kept of an address (§2: pathname and search, without secrets)', () => {
    it('the path and utm_* only; tokens, codes, e-mails and the fragment are dropped', () => {
      expect(trackedPath(`https://shop.test/signin/verify?token=${SECRET}&next=/account&utm_source=mail`)).toBe('/signin/verify?utm_source=mail');
      expect(trackedPath('/gift/redeem#code=GIFT-1234')).toBe('/gift/redeem');
      expect(trackedPath('/?referral_code=7KQ2M-XW9DA&email=a@b.c&utm_campaign=spring&utm_medium=social')).toBe('/?utm_campaign=spring&utm_medium=social');
      expect(trackedPath('/products/brush?utm_source=<script>')).toBe('/products/brush');
      expect(trackedPath('/x y/"quoted"')).toBe('/x%20y/%22quoted%22');
    });
  });

  describe('POST /v1/breadcrumbs/ (§7)', () => {
    it('a pageview records the visitor, the path with its utm_* and no query secret; a signed-in caller is named', async () => {
      const { access } = await signUpCustomer(t);
      const response = await post(
        '/v1/breadcrumbs/',
        { version: 1, type: 'pageview', data: { url: `https://shop.test/signin/verify?token=${SECRET}&utm_source=mail` } },
        visitorCookie(),
        access,
      );
      expect(response.status).toBe(204);
      const [row] = (await rows()).filter((r) => r.kind === 'pageview');
      expect(row).toMatchObject({ kind: 'pageview', name: 'pageview', path: '/signin/verify?utm_source=mail', visitorId: VISITOR, userId: expect.any(Number) });
    });

    it('a product-preselect call to action records its fields (§7 cta_click)', async () => {
      const body = {
        version: 1,
        type: 'cta_click',
        data: { product: 'brush', cta_type: 'product_preselect', cta_location: 'collection_grid', product_category: 'accessories' },
      };
      expect((await post('/v1/breadcrumbs/', body)).status).toBe(204);
      expect(await rows()).toMatchObject([{ kind: 'cta_click', name: 'cta_click', userId: null, data: body.data }]);
    });

    it('page views also reach the referral-tracking service (spec 001 §7), as a path without its query', async () => {
      const before = await database.db.select().from(referralEvents).where(eq(referralEvents.kind, 'page_view'));
      await post('/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: '/products/brush?referral_code=7KQ2M-XW9DA' } });
      const after = await database.db.select().from(referralEvents).where(eq(referralEvents.kind, 'page_view'));
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)!.data).toEqual({ path: '/products/brush' });
    });
  });

  describe('POST /v1/tracking and /v1/trigger/{provider}_event/ (§7, §9)', () => {
    it('app_start records the utm_source (§9 "recorded on app start")', async () => {
      expect((await post('/v1/tracking', { event_name: 'app_start', data: { utm_source: 'newsletter', utm_campaign: 'spring_26' } })).status).toBe(204);
      expect(await rows()).toMatchObject([{ kind: 'event', name: 'app_start', data: { utm_source: 'newsletter', utm_campaign: 'spring_26' } }]);
    });

    it('a flow step view fills the funnel columns: flow, step, variant and the A/B arms', async () => {
      const data = {
        flow: 'haircare',
        step: 'hair-texture',
        kind: 'consultation',
        variant: 'signin_placement=before-first-private',
        arms: 'trial-offer=1;universal-cart=0',
      };
      expect((await post('/v1/tracking', { event_name: 'flow_step_view', data })).status).toBe(204);
      expect(await rows()).toMatchObject([
        {
          name: 'flow_step_view',
          flow: 'haircare',
          step: 'hair-texture',
          variant: 'signin_placement=before-first-private',
          arms: { 'trial-offer': '1', 'universal-cart': '0' },
        },
      ]);
    });

    it('a marketing event for the shop’s provider is recorded; another provider is 404 and nothing is saved', async () => {
      expect((await post('/v1/trigger/shop_event/', { event_name: 'checkout_started', data: { category: 'haircare' } })).status).toBe(204);
      expect((await post('/v1/trigger/acme_event/', { event_name: 'checkout_started', data: { category: 'haircare' } })).status).toBe(404);
      expect((await post('/v1/trigger/shop/', { event_name: 'checkout_started', data: { category: 'haircare' } })).status).toBe(404);
      expect(await rows()).toMatchObject([{ kind: 'marketing', name: 'checkout_started', data: { category: 'haircare', provider: 'shop' } }]);
    });
  });

  describe('bad input: 4xx with {code, detail, fields?}, nothing saved', () => {
    const bad: [string, string, unknown][] = [
      ['an unknown event name', '/v1/tracking', { event_name: 'anything_goes', data: {} }],
      ['a field the event does not have', '/v1/tracking', { event_name: 'app_start', data: { utm_source: 'x', note: 'hello' } }],
      ['free text', '/v1/tracking', { event_name: 'app_start', data: { utm_source: 'I loved the shampoo, call me' } }],
      [
        'an e-mail',
        '/v1/breadcrumbs/',
        { version: 1, type: 'cta_click', data: { product: 'ada@example.com', cta_type: 'product_preselect', cta_location: 'pdp', product_category: 'x' } },
      ],
      ['a card number', '/v1/tracking', { event_name: 'app_start', data: { utm_source: '4242 4242 4242 4242' } }],
      [
        'a token-sized value',
        '/v1/breadcrumbs/',
        { version: 1, type: 'cta_click', data: { product: 'a'.repeat(65), cta_type: 'product_preselect', cta_location: 'pdp', product_category: 'x' } },
      ],
      [
        'an object value',
        '/v1/tracking',
        { event_name: 'flow_step_view', data: { flow: 'haircare', step: { x: 1 }, kind: 'consultation', variant: '', arms: '' } },
      ],
      ['another version', '/v1/breadcrumbs/', { version: 2, type: 'pageview', data: { url: '/' } }],
      [
        'another CTA type',
        '/v1/breadcrumbs/',
        { version: 1, type: 'cta_click', data: { product: 'brush', cta_type: 'banner', cta_location: 'pdp', product_category: 'x' } },
      ],
      ['an address of another scheme', '/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: 'javascript:alert(1)' } }],
      ['an overlong address', '/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: `/${'a'.repeat(2100)}` } }],
      [
        'a free-text variant',
        '/v1/tracking',
        { event_name: 'flow_step_view', data: { flow: 'haircare', step: 'x', kind: 'consultation', variant: 'my notes here', arms: '' } },
      ],
      ['an empty batch', '/v1/tracking/batch', { events: [] }],
      [
        'a batch over 25 events',
        '/v1/tracking/batch',
        { events: Array.from({ length: 26 }, () => ({ call: 'tracking', body: { event_name: 'app_start', data: { utm_source: 'x' } } })) },
      ],
      [
        'a batch with one bad event among good ones',
        '/v1/tracking/batch',
        {
          events: [
            { call: 'tracking', body: { event_name: 'app_start', data: { utm_source: 'x' } } },
            { call: 'tracking', body: { event_name: 'app_start', data: { utm_source: 'x y' } } },
          ],
        },
      ],
    ];
    it.each(bad)('%s is 400 validation_error', async (_, path, body) => {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
      expect(await rows()).toEqual([]);
    });

    it('malformed JSON is 400 and an oversized body 413; nothing saved', async () => {
      expect(
        (await t.call('POST', '/v1/tracking', { rawBody: '{"event_name":', headers: { 'content-type': 'application/json', ...visitorCookie() } })).status,
      ).toBe(400);
      const huge = JSON.stringify({ events: [{ call: 'breadcrumbs', body: { version: 1, type: 'pageview', data: { url: `/${'a'.repeat(70_000)}` } } }] });
      expect((await t.call('POST', '/v1/tracking/batch', { rawBody: huge, headers: { 'content-type': 'application/json', ...visitorCookie() } })).status).toBe(
        413,
      );
      expect(await rows()).toEqual([]);
    });
  });

  describe('POST /v1/tracking/batch (the web app’s beacon)', () => {
    it('records each event for the visitor in order, never for a customer (a beacon carries no token)', async () => {
      const { access } = await signUpCustomer(t);
      await database.db.delete(trackingEvents);
      const events = [
        { call: 'breadcrumbs', body: { version: 1, type: 'pageview', data: { url: '/collections/haircare?utm_source=ig' } }, age_ms: 4000 },
        {
          call: 'breadcrumbs',
          body: {
            version: 1,
            type: 'cta_click',
            data: { product: 'shampoo', cta_type: 'product_preselect', cta_location: 'collection_grid', product_category: 'haircare' },
          },
          age_ms: 2000,
        },
        { call: 'tracking', body: { event_name: 'flow_step_view', data: { flow: 'haircare', step: 'welcome', kind: 'consultation', variant: '', arms: '' } } },
        { call: 'trigger', provider: 'shop', body: { event_name: 'added_to_cart', data: { product: 'shampoo', product_category: 'haircare' } } },
      ];
      expect((await post('/v1/tracking/batch', { events }, visitorCookie(), access)).status).toBe(204);
      const recorded = await rows();
      expect(recorded.map((r) => [r.kind, r.name, r.visitorId, r.userId])).toEqual([
        ['pageview', 'pageview', VISITOR, null],
        ['cta_click', 'cta_click', VISITOR, null],
        ['event', 'flow_step_view', VISITOR, null],
        ['marketing', 'added_to_cart', VISITOR, null],
      ]);
      expect(recorded[0]!.path).toBe('/collections/haircare?utm_source=ig');
      expect(recorded[1]!.at.getTime() - recorded[0]!.at.getTime()).toBe(2000);
      expect(recorded[3]!.at.getTime() - recorded[0]!.at.getTime()).toBe(4000);
    });
  });

  describe('consent (§9): analytics denied, nothing recorded', () => {
    it('a visitor whose consent cookie denies analytics is answered 204 and nothing is saved; granted is recorded', async () => {
      const denied = visitorCookie(VISITOR, '; consent=v1.CA.ad0.an0.fn1.pe1.se1.1790000000');
      expect((await post('/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: '/' } }, denied)).status).toBe(204);
      expect(
        (await post('/v1/tracking/batch', { events: [{ call: 'tracking', body: { event_name: 'app_start', data: { utm_source: 'x' } } }] }, denied)).status,
      ).toBe(204);
      expect(await rows()).toEqual([]);
      const granted = visitorCookie(VISITOR, '; consent=v1.CA.ad0.an1.fn1.pe1.se1.1790000000');
      expect((await post('/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: '/' } }, granted)).status).toBe(204);
      expect(await rows()).toHaveLength(1);
    });
  });

  describe('sign-up origins (§9 Tracking)', () => {
    it('a sign-up records its origin for the visitor and the new customer (checkout_cartv2, gift_card_gifter)', async () => {
      for (const origin of ['checkout_cartv2', 'gift_card_gifter'] as const) {
        const email = uniqueEmail('origin');
        const response = await t.call('POST', '/v1/auth/signup/', {
          body: { email, first_name: 'Ada', last_name: 'L', has_accepted_terms: true, account_creation_origin: origin },
          headers: visitorCookie(),
        });
        expect(response.status).toBe(201);
      }
      const signUps = (await rows()).filter((r) => r.name === 'sign_up');
      expect(signUps.map((r) => [r.kind, r.data.origin, r.visitorId, typeof r.userId])).toEqual([
        ['server', 'checkout_cartv2', VISITOR, 'number'],
        ['server', 'gift_card_gifter', VISITOR, 'number'],
      ]);
      expect(JSON.stringify(signUps)).not.toContain('@');
    });

    it('a Canadian visitor without a choice (CA default: analytics denied) signs up unrecorded; with analytics granted, recorded', async () => {
      const body = () => ({
        email: uniqueEmail('ca'),
        first_name: 'Ada',
        last_name: 'L',
        has_accepted_terms: true,
        account_creation_origin: 'checkout_cartv2',
      });
      expect((await t.call('POST', '/v1/auth/signup/', { body: body(), headers: { ...visitorCookie(), 'accept-language': 'en-CA,en;q=0.8' } })).status).toBe(
        201,
      );
      expect((await rows()).filter((r) => r.name === 'sign_up')).toEqual([]);
      const granted = visitorCookie(VISITOR, '; consent=v1.CA.ad0.an1.fn1.pe1.se1.1790000000');
      expect((await t.call('POST', '/v1/auth/signup/', { body: body(), headers: { ...granted, 'accept-language': 'en-CA' } })).status).toBe(201);
      expect((await rows()).filter((r) => r.name === 'sign_up')).toHaveLength(1);
    });
  });

  describe('the purchase event (§9: trial-offer revenue, Ground, supplement analytics)', () => {
    it('whole months between two dates', () => {
      expect(wholeMonthsBetween(new Date('2026-01-31T00:00:00Z'), new Date('2026-04-30T00:00:00Z'))).toBe(2);
      expect(wholeMonthsBetween(new Date('2026-01-15T00:00:00Z'), new Date('2026-04-15T00:00:00Z'))).toBe(3);
      expect(wholeMonthsBetween(new Date('2026-04-15T00:00:00Z'), new Date('2026-01-15T00:00:00Z'))).toBe(0);
    });

    it('a paid order records revenue in cents, shipping tier Ground; a trial kit’s order reports 42.79 USD; supplement analytics from the orders', async () => {
      const token = await shopperAtCheckout(t);
      const first = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
      expect(first.status).toBe(201);
      const [purchase] = (await rows()).filter((r) => r.name === 'purchase');
      expect(purchase).toMatchObject({
        kind: 'server',
        visitorId: null,
        userId: expect.any(Number),
        data: {
          order: first.body.pubkey,
          trial_offer: false,
          currency: 'USD',
          shipping_tier: 'Ground',
          supplement_months_since_first: null,
          supplement_repeat: null,
        },
      });
      const [firstRow] = await database.db.select().from(orders).where(eq(orders.pubkey, first.body.pubkey));
      expect(purchase!.data.revenue_cents).toBe(firstRow!.totalAmount);

      // The first order held supplement core three months ago; the next order is from a trial kit's cart.
      await database.db.update(orderItems).set({ type: 'supplement_core' }).where(eq(orderItems.orderId, firstRow!.id));
      await database.db
        .update(orders)
        .set({ paidAt: new Date(t.clock.now().getTime() - 95 * 24 * 3600 * 1000) })
        .where(eq(orders.id, firstRow!.id));
      expect((await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token })).status).toBe(200);
      expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
      await database.db
        .update(carts)
        .set({ origin: 'trial_kit_a' })
        .where(and(eq(carts.userId, firstRow!.userId), eq(carts.kind, 'haircare')));
      await database.db.delete(trackingEvents);
      const second = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
      expect(second.status).toBe(201);
      const [trial] = (await rows()).filter((r) => r.name === 'purchase');
      expect(trial!.data).toMatchObject({
        trial_offer: true,
        revenue_cents: 4279,
        currency: 'USD',
        shipping_tier: 'Ground',
        supplement_months_since_first: 3,
        supplement_repeat: false,
      });

      // Both orders holding supplement core: more than one.
      const [secondRow] = await database.db.select().from(orders).where(eq(orders.pubkey, second.body.pubkey));
      await database.db.update(orderItems).set({ type: 'supplement_core' }).where(eq(orderItems.orderId, secondRow!.id));
      expect(await purchaseFigures(database.db, secondRow!, t.clock.now())).toMatchObject({ supplement_repeat: true, supplement_months_since_first: 3 });
      // A Canadian trial order: 59.02 CAD.
      expect(await purchaseFigures(database.db, { ...secondRow!, currency: 'CAD' }, t.clock.now())).toMatchObject({ revenue_cents: 5902, currency: 'CAD' });
    });
  });

  describe('the server’s own events follow consent (§9): the request’s, else the customer’s last known', () => {
    const DENIED = '; consent=v1.US.ad0.an0.fn1.pe1.se1.1790000000';
    const GRANTED = '; consent=v1.CA.ad0.an1.fn1.pe1.se1.1790000000';
    const purchases = async () => (await rows()).filter((r) => r.name === 'purchase');
    const keptConsent = async (userId: number) => (await database.db.select().from(customerConsents).where(eq(customerConsents.userId, userId)))[0]?.analytics;

    it('an order paid in a request denying analytics records no purchase, and a renewal-like payment with no browser follows that kept choice', async () => {
      const token = await shopperAtCheckout(t);
      const paid = await t.call('POST', '/v2/orders/', {
        token,
        body: { payment: { token: await cardToken(t, '4242424242424242') } },
        headers: visitorCookie(VISITOR, DENIED),
      });
      expect(paid.status).toBe(201);
      expect(await purchases()).toEqual([]);
      const [order] = await database.db.select().from(orders).where(eq(orders.pubkey, paid.body.pubkey));
      expect(await keptConsent(order!.userId)).toBe(false);
      // No request behind it (a renewal, a reconciliation): the customer's last known consent, denied.
      await onOrderPaidTracking(database.db, { clock: t.clock }, order!);
      expect(await purchases()).toEqual([]);
      // Once the kept choice is granted (a later request of theirs granting analytics), it is followed without a browser.
      await database.db.update(customerConsents).set({ analytics: true }).where(eq(customerConsents.userId, order!.userId));
      await onOrderPaidTracking(database.db, { clock: t.clock }, order!);
      expect((await purchases()).map((r) => [r.userId, r.data.order])).toEqual([[order!.userId, order!.pubkey]]);
    });

    it('an order paid in a request granting analytics records its purchase and keeps the choice', async () => {
      const token = await shopperAtCheckout(t);
      const paid = await t.call('POST', '/v2/orders/', {
        token,
        body: { payment: { token: await cardToken(t, '4242424242424242') } },
        headers: visitorCookie(VISITOR, GRANTED),
      });
      expect(paid.status).toBe(201);
      expect(await purchases()).toHaveLength(1);
      expect(await keptConsent((await purchases())[0]!.userId!)).toBe(true);
    });

    it('with no browser and no kept choice, the region’s default by currency: a CAD order unrecorded (Canada: denied until chosen), USD recorded', async () => {
      const token = await shopperAtCheckout(t);
      const paid = await placeOrder(t, token, { payment: { token: await cardToken(t, '4242424242424242') } });
      const [order] = await database.db.select().from(orders).where(eq(orders.pubkey, paid.body.pubkey));
      await database.db.delete(customerConsents).where(eq(customerConsents.userId, order!.userId));
      await database.db.delete(trackingEvents);
      await onOrderPaidTracking(database.db, { clock: t.clock }, { ...order!, currency: 'CAD' });
      expect(await purchases()).toEqual([]);
      await onOrderPaidTracking(database.db, { clock: t.clock }, order!);
      expect(await purchases()).toHaveLength(1);
    });

    it('each operation’s services carry its own request’s consent; the app’s services, which jobs run with, never carry one', async () => {
      const appServices = { clock: t.clock };
      const seen: (boolean | undefined)[] = [];
      const app = new Hono();
      app.use(consentScope(database.db));
      app.get('/op', (c) => {
        seen.push(requestServices(c, appServices).requestConsent?.allowed);
        return c.body(null, 204);
      });
      const outside = new Hono().get('/op', (c) => {
        seen.push(requestServices(c, appServices).requestConsent?.allowed);
        return c.body(null, 204);
      });
      await Promise.all([app.request('/op', { headers: { cookie: DENIED.slice(2) } }), app.request('/op', { headers: { cookie: GRANTED.slice(2) } })]);
      await outside.request('/op', { headers: { cookie: DENIED.slice(2) } });
      expect(seen).toEqual([false, true, undefined]);
      expect(appServices).not.toHaveProperty('requestConsent');
    });

    it('feedback saved in a request denying analytics records no feedback event', async () => {
      const f = createTestApp(database.db, { flows: feedbackTestFlows(), config: { rateLimits: oneAddressLimits } });
      const { token, userId } = await feedbackShopper(f);
      const pubkey = await orderFor(f.db, userId, ['shampoo']);
      const saved = await f.call('PATCH', `/v2/orders/${pubkey}/feedback/`, {
        token,
        body: { origin: 'account', overall_experience: 4 },
        headers: visitorCookie(VISITOR, DENIED),
      });
      expect(saved.status).toBeLessThan(300);
      expect((await rows()).filter((r) => r.name === 'feedback_question_answered')).toEqual([]);
      expect(await keptConsent(userId)).toBe(false);
    });
  });

  describe('rate limits, and nothing secret stored or logged', () => {
    it(`past ${TRACKING_LIMITS.perVisitor.limit} calls a minute from one visitor: 429 rate_limited, the excess not recorded`, async () => {
      const visitor = 'BBBBBBBBBBBBBBBBBBBBBB';
      const body = { version: 1, type: 'pageview', data: { url: '/' } };
      for (let i = 0; i < TRACKING_LIMITS.perVisitor.limit; i++) expect((await post('/v1/breadcrumbs/', body, visitorCookie(visitor))).status).toBe(204);
      const over = await post('/v1/breadcrumbs/', body, visitorCookie(visitor));
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('rate_limited');
      expect(await rows()).toHaveLength(TRACKING_LIMITS.perVisitor.limit);
      // Another visitor is not held back.
      expect((await post('/v1/breadcrumbs/', body, visitorCookie('CCCCCCCCCCCCCCCCCCCCCC'))).status).toBe(204);
    });

    it('a token in an address is in no row and no log line; bodies are never logged', async () => {
      await post('/v1/breadcrumbs/', { version: 1, type: 'pageview', data: { url: `/signin/verify?token=${SECRET}` } });
      await post('/v1/tracking/batch', {
        events: [{ call: 'breadcrumbs', body: { version: 1, type: 'pageview', data: { url: `/gift/redeem?code=${SECRET}` } } }],
      });
      await post('/v1/tracking', { event_name: 'app_start', data: { utm_source: SECRET.slice(0, 20), note: SECRET } });
      const dump = JSON.stringify(await rows());
      expect(dump).not.toContain(SECRET);
      expect(log.text()).not.toContain(SECRET);
      expect(log.text()).not.toContain(SECRET.slice(0, 20));
    });
  });

  it('spec 002 §3.9: the feedback analytics events go to the same table, one per answer, free text as "(text)"', async () => {
    const f = createTestApp(database.db, { flows: feedbackTestFlows(), config: { rateLimits: oneAddressLimits } });
    const { token, userId } = await feedbackShopper(f);
    const pubkey = await orderFor(f.db, userId, ['shampoo']);
    await f.call('PATCH', `/v2/orders/${pubkey}/feedback/`, {
      token,
      body: { origin: 'account', overall_experience: 4, open_text_internal: 'Call me at 555-0100' },
    });
    const answered = (await rows()).filter((r) => r.name === 'feedback_question_answered');
    expect(answered.map((r) => [r.kind, r.userId, r.data])).toEqual([
      [
        'server',
        userId,
        { feedback_name: 'feedback-haircare', feedback_question_topic: 'overall_experience', feedback_question_num: 2, feedback_question_answer: '4' },
      ],
      [
        'server',
        userId,
        {
          feedback_name: 'feedback-haircare',
          feedback_question_topic: expect.any(String),
          feedback_question_num: expect.any(Number),
          feedback_question_answer: '(text)',
        },
      ],
    ]);
    expect(JSON.stringify(answered)).not.toContain('555-0100');
  });
});
