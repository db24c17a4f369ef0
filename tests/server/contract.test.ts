import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, callSchemasOf, createApiClient, createMemoryTokenStore, endpoints, routes, type ApiClient, type CallSchemas, type RouteName } from '#api';
import { fakeJwt } from '../../api/client/mocks';
import type { Database } from '../../server/db/database';
import { honoPath } from '../../server/http/mount-operations';
import type { Operation } from '../../server/http/operation';
import { appOperations } from '../../server/operations';
import { openApiPath } from '../../server/system/openapi-document';
import { createTestApp } from './support/test-app';

/**
 * Issue 11: each call is declared once (api/endpoints.ts; api/routes.ts is its generated zod-free copy) and drives the client, the server's routing
 * and validation, and /openapi.json. This walks every declared call through all three.
 */
const names = Object.keys(routes) as RouteName[];
const operations = appOperations({ production: false });
const routeKey = (call: { method: string; path: string }) => `${call.method} ${honoPath(call.path)}`;
const schemasOf = (name: RouteName): CallSchemas => callSchemasOf(name);
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

describe('the contract, declared once (issue 11)', () => {
  it('the generated route table is the declared calls’ routes, call for call', () => {
    expect(names.length).toBeGreaterThan(25);
    expect(Object.keys(endpoints).sort()).toEqual([...names].sort());
    for (const name of names) expect(endpoints[name], name).toEqual({ ...routes[name], ...callSchemasOf(name) });
  });

  it('each declared call is mounted by exactly one operation, with the declared method, path, auth and schemas', () => {
    for (const name of names) {
      const mounted = operations.filter((operation) => routeKey(operation.call) === routeKey(routes[name]));
      expect(
        mounted.map((operation) => operation.name),
        name,
      ).toEqual([name]);
      const { call } = mounted[0]!;
      expect(call, name).toBe(endpoints[name]);
      expect({ method: call.method, path: call.path, auth: call.auth }, name).toEqual(routes[name]);
      const declared = schemasOf(name);
      expect(call.query, `${name} query`).toBe(declared.query);
      expect(call.body, `${name} body`).toBe(declared.body);
      expect(call.response, `${name} response`).toBe(declared.response);
    }
  });

  it('every mounted /v1/ operation is a declared call; the few server-only ones are marked as such', () => {
    const serverOnly = (list: Operation[]) =>
      list
        .filter((operation) => operation.name === null)
        .map((operation) => routeKey(operation.call))
        .sort();
    for (const operation of operations) {
      if (operation.call.path.startsWith('/v1/')) expect(operation.name, routeKey(operation.call)).not.toBeNull();
    }
    const declared = operations.flatMap((operation) => (operation.name ? [operation.name] : []));
    expect(declared.sort()).toEqual([...names].sort());
    expect(serverOnly(operations)).toEqual([
      'GET /dev/clock',
      'GET /dev/outbox',
      'GET /dev/outbox.json',
      'GET /dev/tracking.json',
      'GET /healthz',
      'GET /openapi.json',
      'POST /dev/clock',
    ]);
    expect(serverOnly(appOperations({ production: true }))).toEqual(['GET /healthz', 'GET /openapi.json']);
  });

  it('the app routes each declared call to one handler', () => {
    const down = { execute: () => Promise.resolve() } as unknown as Database;
    const registered = createTestApp(down)
      .app.routes.filter((route) => route.method !== 'ALL')
      .map(routeKey);
    for (const name of names)
      expect(
        registered.filter((key) => key === routeKey(routes[name])),
        name,
      ).toHaveLength(1);
  });

  it('each operation documents a success: 204 exactly when the call answers without a body', () => {
    for (const operation of operations) {
      const successes = Object.keys(operation.docs.responses)
        .map(Number)
        .filter((status) => status >= 200 && status < 300);
      expect(successes.length, routeKey(operation.call)).toBeGreaterThan(0);
      if (operation.name) expect(successes.includes(204), operation.name).toBe(operation.call.response === null);
    }
  });

  it('/openapi.json lists each declared call under its name, with its parameters, body, auth and response', async () => {
    const down = { execute: () => Promise.resolve() } as unknown as Database;
    const document = (await createTestApp(down).call('GET', '/openapi.json')).body;
    for (const name of names) {
      const { method, path, auth } = routes[name];
      const declared = schemasOf(name);
      const documented = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(documented, name).toBeDefined();
      expect(documented.operationId).toBe(name);
      const queryNames = declared.query ? Object.keys((jsonSchema(declared.query, 'input').properties ?? {}) as object) : [];
      expect(
        (documented.parameters ?? []).map((p: { name: string; in: string }) => `${p.in} ${p.name}`),
        name,
      ).toEqual([...pathParams(path).map((p) => `path ${p}`), ...queryNames.map((q) => `query ${q}`)]);
      if (declared.body) expect(documented.requestBody.content['application/json'].schema, name).toEqual(jsonSchema(declared.body, 'input'));
      else expect(documented.requestBody, name).toBeUndefined();
      expect(documented.security, name).toEqual(auth === 'required' ? [{ bearer: [] }] : auth === 'none' ? [] : [{}, { bearer: [] }]);
      for (const [status, response] of Object.entries(documented.responses as Record<string, { content?: Record<string, { schema: unknown }> }>)) {
        const expected =
          Number(status) >= 300
            ? expect.objectContaining({ required: ['code', 'detail'] })
            : declared.response
              ? jsonSchema(declared.response, 'output')
              : undefined;
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual(expected);
      }
    }
    const undeclared = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((methods) => Object.values(methods).map((operation) => operation.operationId))
      .filter((id) => !names.includes(id as RouteName));
    expect(undeclared.sort()).toEqual([
      'getDevClock',
      'getDevOutbox',
      'getDevOutboxJson',
      'getDevTrackingJson',
      'getHealthz',
      'getOpenapiJson',
      'postDevClock',
    ]);
  });

  it('the client has one method per declared call, and each sends what the declared call accepts', async () => {
    const sent: { method: string; url: URL; body: unknown; bearer: string | null }[] = [];
    const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        method: init.method ?? 'GET',
        url: new URL(String(input)),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        bearer: headers.get('Authorization'),
      });
      return init.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json({});
    };
    const user = { access: fakeJwt(Date.now() / 1000 + 3600), refresh: fakeJwt(Date.now() / 1000 + 86_400) };
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch, tokens: createMemoryTokenStore({ user }), retries: 0 });
    expect(
      Object.keys(api)
        .filter((key) => key !== 'call')
        .sort(),
    ).toEqual([...names].sort());

    const home = { address1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '73301', country: 'US' as const };
    const sampleCalls = {
      signUpGuest: (a) => a.signUpGuest(),
      signUp: (a) => a.signUp({ email: 'ada@example.com', has_accepted_terms: true }),
      requestMagicLink: (a) => a.requestMagicLink({ username: 'ada@example.com', next: '/account' }),
      verifyMagicLink: (a) => a.verifyMagicLink('link-token'),
      refresh: (a) => a.refresh('refresh-token'),
      signOut: (a) => a.signOut('refresh-token'),
      getAccount: (a) => a.getAccount(),
      patchAccount: (a) => a.patchAccount({ first_name: 'Ada' }),
      confirmEmailChange: (a) => a.confirmEmailChange('mail-token'),
      getAddresses: (a) => a.getAddresses(),
      createAddress: (a) => a.createAddress(home),
      patchAddress: (a) => a.patchAddress('adr_1', { city: 'Dallas' }),
      deleteAddress: (a) => a.deleteAddress('adr_1'),
      linkStylist: (a) => a.linkStylist('jane-salon'),
      getStylist: (a) => a.getStylist('jane-salon'),
      getQuestionSets: (a) => a.getQuestionSets('haircare'),
      getHairProfile: (a) => a.getHairProfile(),
      patchHairProfile: (a) => a.patchHairProfile({ diag_hair_length: 'long', status: 'completed' }),
      getAggressors: (a) => a.getAggressors(),
      getSkeletonRecommendations: (a) => a.getSkeletonRecommendations(),
      getScoring: (a) => a.getScoring('skincare'),
      getFragrances: (a) => a.getFragrances('haircare'),
      getIngredients: (a) => a.getIngredients(),
      getIncis: (a) => a.getIncis('skincare'),
      getProductVariant: (a) => a.getProductVariant('shampoo'),
      getRecommendationSlug: (a) => a.getRecommendationSlug('styling_gel'),
      getPrescription: (a) => a.getPrescription(),
      getFormula: (a) => a.getFormula('supplement_core'),
      getProductRecommendations: (a) => a.getProductRecommendations('supplements'),
      reportClientError: (a) => a.reportClientError({ where: 'loading the stylist', name: 'Error', message: 'offline', path: '/stylist/jane' }),
      tokenizeTestCard: (a) => a.tokenizeTestCard({ number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Ada Lovelace' }),
      authenticateTestCharge: (a) => a.authenticateTestCharge('ch_test_1', true),
      approveTestWallet: (a) => a.approveTestWallet('ada@example.com'),
      listPaymentMethods: (a) => a.listPaymentMethods('wallet'),
      createPaymentMethod: (a) => a.createPaymentMethod({ token: 'tok_1' }),
      selectDefaultPaymentMethod: (a) => a.selectDefaultPaymentMethod({ payment_id: 'pm_1', payment_mode: 'charge' }),
      deletePaymentMethod: (a) => a.deletePaymentMethod('ch_test_1'), // the id every :id path is built with below
      getPaymentClientToken: (a) => a.getPaymentClientToken({ payment_mode: 'wallet' }),
      getProducts: (a) => a.getProducts('CA'),
      getCartSections: (a) => a.getCartSections(),
      joinWaitlist: (a) => a.joinWaitlist('candle', { email: 'ada@example.com' }),
      getFlags: (a) => a.getFlags(),
      getUniversalCart: (a) => a.getUniversalCart(),
      createUniversalCart: (a) => a.createUniversalCart({ items: [{ category: 'item', product: 'brush', type: 'brush_mixed', quantity: 1 }] }),
      patchUniversalCart: (a) => a.patchUniversalCart({ is_in_checkout: true }),
      getCart: (a) => a.getCart({ category: 'skincare', origin: 'results', items: JSON.stringify(['cleanser', { type: 'serum', quantity: 2 }]) }),
      patchCart: (a) => a.patchCart('haircare', { items: [{ category: 'formula', product: 'shampoo', type: 'shampoo', quantity: 2 }] }),
      getCustomerShipmentPreference: (a) => a.getCustomerShipmentPreference(),
      setCustomerShipmentPreference: (a) => a.setCustomerShipmentPreference({ shipping_address: 'adr_1', delivery_instructions: 'Leave it with the doorman.' }),
      getCartShipmentPreference: (a) => a.getCartShipmentPreference('skincare'),
      setCartShipmentPreference: (a) => a.setCartShipmentPreference(undefined, { shipping_address: null, delivery_instructions: '' }),
      placeOrder: (a) => a.placeOrder({ category: 'haircare', payment: { token: 'tok_1', save_card: false } }, 'checkout-1'),
      placeOrderV1: (a) => a.placeOrderV1({ payment: { token: 'tok_1', save_card: 'true', payment_mode: 'charge' }, card_id: null, cart_type: 'cart' }),
      placeAccessoriesOrder: (a) => a.placeAccessoriesOrder({ payment: { token: 'tok_1' } }),
      listOrders: (a) => a.listOrders(),
      getOrder: (a) => a.getOrder('adr_1'),
      patchFeedback: (a) => a.patchFeedback('adr_1', { origin: 'account', overall_experience: 4 }),
      patchSkincareFeedback: (a) => a.patchSkincareFeedback('adr_1', { skin_satisfaction: 0, cleanser_product_feel: null }),
      patchSupplementsFeedback: (a) => a.patchSupplementsFeedback('adr_1', { status: 'completed' }),
      getOpenTextFeedback: (a) => a.getOpenTextFeedback('adr_1'),
      patchOpenTextFeedback: (a) => a.patchOpenTextFeedback('adr_1', [{ product: 'shampoo', open_text_feedback: { feedback_text: 'Lovely.' } }]),
      getSurvey: (a) => a.getSurvey('adr_1', 'supplements'),
      getEndOfTheRoad: (a) => a.getEndOfTheRoad('adr_1'),
      getAccountFeedback: (a) => a.getAccountFeedback(),
      listSubscriptions: (a) => a.listSubscriptions(),
      getSubscription: (a) => a.getSubscription('adr_1'),
      patchSubscription: (a) => a.patchSubscription('adr_1', { regular_products: [{ type: 'shampoo', frequency: 8 }], version: 3 }),
      skipSubscriptionProduct: (a) => a.skipSubscriptionProduct('adr_1', 'shampoo'),
      unskipSubscriptionProduct: (a) => a.unskipSubscriptionProduct('adr_1', 'shampoo'),
      previewSubscription: (a) => a.previewSubscription('adr_1', { regular_products: [{ type: 'shampoo', quantity: 2 }] }),
      forecastSubscription: (a) => a.forecastSubscription('adr_1'),
      snoozeSubscription: (a) => a.snoozeSubscription('adr_1', 14),
      getSubscriptionLogReasons: (a) => a.getSubscriptionLogReasons(),
      cancelSubscription: (a) => a.cancelSubscription('adr_1', { reason: 'other', comment: 'Moving abroad.' }),
      getSubscriptionRetention: (a) => a.getSubscriptionRetention('adr_1', 'too_expensive'),
      acceptSubscriptionRetention: (a) => a.acceptSubscriptionRetention('adr_1', 'coupon_20'),
      resubscribeSubscription: (a) => a.resubscribeSubscription('adr_1'),
      shipSubscriptionNow: (a) => a.shipSubscriptionNow('adr_1', 4),
      createSubscription: (a) =>
        a.createSubscription({
          category: 'haircare',
          regular_products: [{ type: 'shampoo', quantity: 1, frequency: 4 }],
          shipping_address: 'adr_1',
          payment_source: 'pm_1',
          next_start: '2026-12-01',
        }),
      previewNewSubscription: (a) => a.previewNewSubscription({ category: 'skincare', regular_products: [{ type: 'cleanser', quantity: 2, frequency: 8 }] }),
      getUpsell: (a) => a.getUpsell('haircare', 'supplements'),
      previewUpsell: (a) => a.previewUpsell({ regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }], next_start: '2026-12-01' }),
      addProductsToSubscription: (a) =>
        a.addProductsToSubscription({
          transaction_id: 'ups_1',
          regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }],
          payment_source: 'pm_1',
          next_start: '2026-12-01',
          shipping_address: 'adr_1',
        }),
      createGift: (a) =>
        a.createGift({
          amount: 50,
          occasion: 'birthday',
          message: 'Happy birthday!',
          recipient_name: 'Grace',
          recipient_email: 'grace@example.com',
          sender_name: 'Ada',
          send_on: '2026-12-01',
        }),
      listGifts: (a) => a.listGifts(),
      getGift: (a) => a.getGift('adr_1'),
      redeemGift: (a) => a.redeemGift({ code: '7KQ2-M9XD-4TRB-H1CE' }),
      getCouponCustomer: (a) => a.getCouponCustomer(),
      referCouponCustomer: (a) => a.referCouponCustomer({ referral_code: '7KQ2M-XW9DA', coupon_source: 'referral_link' }),
      getPromotionalGifts: (a) => a.getPromotionalGifts(),
      listKbCategories: (a) => a.listKbCategories(),
      listKbArticles: (a) => a.listKbArticles(),
      searchKb: (a) => a.searchKb('shampoo'),
      listKbTags: (a) => a.listKbTags(),
      sendKbInquiry: (a) => a.sendKbInquiry({ name: 'Rosa', email: 'rosa@example.com', topic: 'order', message: 'Where is my order?' }),
      startLiveChat: (a) => a.startLiveChat({ name: 'Rosa', email: 'rosa@example.com', message: 'Is the shampoo safe for colour?' }),
      postLiveChatMessage: (a) => a.postLiveChatMessage('ch_test_1', { message: 'And the conditioner?' }),
      closeLiveChat: (a) => a.closeLiveChat('ch_test_1'),
      postBreadcrumb: (a) => a.postBreadcrumb({ version: 1, type: 'pageview', data: { url: '/collections/haircare' } }),
      postTrackingEvent: (a) => a.postTrackingEvent({ event_name: 'app_start', data: { utm_source: 'newsletter' } }),
      postTriggerEvent: (a) => a.postTriggerEvent('shop', { event_name: 'checkout_started', data: { category: 'haircare' } }),
      postTrackingBatch: (a) => a.postTrackingBatch({ events: [{ call: 'breadcrumbs', body: { version: 1, type: 'pageview', data: { url: '/' } } }] }),
    } satisfies { [K in RouteName]: (client: ApiClient) => Promise<unknown> };

    for (const name of names) {
      sent.length = 0;
      await sampleCalls[name](api);
      expect(sent, name).toHaveLength(1);
      const [request] = sent;
      const { method, path, auth } = routes[name];
      const declared = schemasOf(name);
      expect(request!.method, name).toBe(method);
      expect(request!.url.pathname, name).toBe(
        buildPath(path, { pubkey: 'adr_1', public_slug: 'jane-salon', type: 'candle', id: 'ch_test_1', category: 'haircare', provider_event: 'shop_event' }),
      );
      expect(request!.bearer === null, `${name} sends no bearer`).toBe(auth === 'none');
      const query = Object.fromEntries(request!.url.searchParams);
      if (declared.query) expect(declared.query.safeParse(query).error, `${name} query`).toBeUndefined();
      else expect(query, name).toEqual({});
      if (declared.body) expect(declared.body.safeParse(request!.body).error, `${name} body`).toBeUndefined();
      else expect(request!.body, name).toBeUndefined();
    }
  });
});
