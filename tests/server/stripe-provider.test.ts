import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { PaymentRequestRefused } from '../../server/payments/payment-provider';
import { createStripeProvider } from '../../server/payments/stripe-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { personas } from '../fixtures/personas';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, testClock, type TestApp } from './support/test-app';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', name), 'utf8'));

interface TestToken {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** What a charge does; card_declined: the bank declines the card when it is attached to a Customer. */
  outcome: 'succeeded' | 'requires_action' | 'insufficient_funds' | 'card_declined';
  /** Stripe's mark of the card's number: the same card from another token (or reissued) has the same one. */
  fingerprint: string;
}

/** What each Stripe test token does, as Stripe's test tokens do (brand, last four digits, expiry, outcome). */
const TOKENS: Record<string, TestToken> = {
  tok_visa: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, outcome: 'succeeded', fingerprint: 'Xt5EWLLDS7FJjR1c' },
  // The same Visa card from another token (a second save of it), and reissued with a later expiry (a new token of the same number).
  tok_visa_again: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, outcome: 'succeeded', fingerprint: 'Xt5EWLLDS7FJjR1c' },
  tok_visa_reissued: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2033, outcome: 'succeeded', fingerprint: 'Xt5EWLLDS7FJjR1c' },
  tok_mastercard: { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2031, outcome: 'succeeded', fingerprint: 'Hn2CtPq7WkYd9LzA' },
  tok_threeDSecure2Required: { brand: 'visa', last4: '3220', expMonth: 12, expYear: 2030, outcome: 'requires_action', fingerprint: 'Kd0rPzV3mQe8sT1u' },
  tok_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    expMonth: 12,
    expYear: 2030,
    outcome: 'insufficient_funds',
    fingerprint: 'Lw7nBc2YhJ5aRx9e',
  },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2030, outcome: 'card_declined', fingerprint: 'Qp4tGm8ZkN1vDs6w' },
};

/** A PaymentMethod the fake holds: the token it was made from and the Customer it is attached to. */
interface FakeMethod {
  token: string;
  customer: string | null;
}

/** Stripe's error body for an object it does not have (recorded: a PaymentMethod's; the same shape for a Customer). */
function missing(kind: 'PaymentMethod' | 'customer', id: string): { status: number; json: JsonBodyType } {
  const { error } = fixture('payment-method-missing-error.json');
  return { status: 404, json: { error: { ...error, message: `No such ${kind}: '${id}'`, param: kind === 'customer' ? 'customer' : 'payment_method' } } };
}

/**
 * Stripe's API as the adapter meets it, from the recorded objects in fixtures/stripe: payment methods from tokens,
 * attached to and detached from customers, customers made and searched by metadata, payment intents confirmed at
 * once, search by metadata, retrieve; a repeated Idempotency-Key gets the first response, the same key with other
 * parameters an idempotency_error (Stripe's documented behaviour). Customer search lags behind writes as Stripe's
 * does: a new customer is found only after `indexSearch()`. An intent created with a Customer and
 * `setup_future_usage` attaches its PaymentMethod to that Customer when it succeeds (at once, or after
 * `authenticate()`: the shopper's answer to 3-D Secure).
 */
function fakeStripe() {
  const answered = new Map<string, { body: string; status: number; json: JsonBodyType }>();
  const methods = new Map<string, FakeMethod>();
  const customers = new Map<string, { id: string; metadata: Record<string, string> } & Record<string, unknown>>();
  const searchable = new Set<string>();
  const intents = new Map<string, Record<string, unknown>>();
  const requests: { method: string; path: string; key: string | null; body: URLSearchParams }[] = [];
  let next = 1;

  /** A PaymentMethod as Stripe shows it: the recorded one (attached or not) with the card of its token. */
  const methodObject = (id: string, method: FakeMethod) => {
    const base = fixture(method.customer ? 'payment-method-attached.json' : 'payment-method.json');
    const card = TOKENS[method.token]!;
    return {
      ...base,
      id,
      customer: method.customer,
      card: {
        ...base.card,
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: card.fingerprint,
        networks: { available: [card.brand], preferred: null },
      },
    };
  };

  const idempotent = async (request: Request, answer: (body: URLSearchParams) => { status: number; json: JsonBodyType }) => {
    const text = await request.text();
    const key = request.headers.get('idempotency-key');
    const body = new URLSearchParams(text);
    requests.push({ method: request.method, path: new URL(request.url).pathname, key, body });
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== text)
        return HttpResponse.json(
          {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          },
          { status: 400 },
        );
      return HttpResponse.json(earlier.json, { status: earlier.status });
    }
    const result = answer(body);
    if (key) answered.set(key, { body: text, ...result });
    return HttpResponse.json(result.json, { status: result.status });
  };

  const handlers = [
    http.post('https://api.stripe.com/v1/payment_methods', ({ request }) =>
      idempotent(request, (body) => {
        const token = body.get('card[token]') ?? '';
        const known = TOKENS[token];
        if (!known) return { status: 400, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such token: '${token}'` } } };
        const id = `pm_test_${next++}`;
        methods.set(id, { token, customer: null });
        return { status: 200, json: methodObject(id, methods.get(id)!) };
      }),
    ),
    http.post('https://api.stripe.com/v1/payment_methods/:id/attach', ({ request, params }) =>
      idempotent(request, (body) => {
        const id = String(params.id);
        const method = methods.get(id);
        const customer = body.get('customer') ?? '';
        if (!method) return missing('PaymentMethod', id);
        if (!customers.has(customer)) return missing('customer', customer);
        // Attaching checks the card with the bank: the generic decline card is declined here (no payment intent).
        if (TOKENS[method.token]!.outcome === 'card_declined') return { status: 402, json: fixture('card-declined-attach-error.json') };
        method.customer = customer;
        return { status: 200, json: methodObject(id, method) };
      }),
    ),
    http.post('https://api.stripe.com/v1/payment_methods/:id/detach', ({ request, params }) =>
      idempotent(request, () => {
        const id = String(params.id);
        const method = methods.get(id);
        if (!method) return missing('PaymentMethod', id);
        if (!method.customer)
          return {
            status: 400,
            json: {
              error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' },
            },
          };
        method.customer = null;
        return { status: 200, json: methodObject(id, method) };
      }),
    ),
    http.get('https://api.stripe.com/v1/customers/search', ({ request }) => {
      const url = new URL(request.url);
      requests.push({ method: 'GET', path: url.pathname, key: request.headers.get('idempotency-key'), body: url.searchParams });
      const userId = /^metadata\['shop_user_id'\]:'(.*)'$/.exec(url.searchParams.get('query') ?? '')?.[1];
      const data = [...customers.values()].filter((customer) => searchable.has(customer.id) && customer.metadata.shop_user_id === userId);
      return HttpResponse.json({ ...fixture('customer-search-result.json'), data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)) });
    }),
    http.post('https://api.stripe.com/v1/customers', ({ request }) =>
      idempotent(request, (body) => {
        const id = `cus_test_${next++}`;
        const customer = { ...fixture('customer.json'), id, email: body.get('email'), metadata: { shop_user_id: body.get('metadata[shop_user_id]') ?? '' } };
        customers.set(id, customer);
        return { status: 200, json: customer };
      }),
    ),
    http.post('https://api.stripe.com/v1/payment_intents', ({ request }) =>
      idempotent(request, (body) => {
        const methodId = body.get('payment_method') ?? '';
        const customer = body.get('customer');
        const setupFutureUsage = body.get('setup_future_usage');
        const held = methods.get(methodId);
        if (!held) return missing('PaymentMethod', methodId);
        // A method attached to a Customer is charged only with that Customer named, as Stripe requires (one not yet
        // attached may name a Customer: setup_future_usage attaches it there).
        if (held.customer !== null ? held.customer !== customer : customer !== null && !setupFutureUsage)
          return {
            status: 400,
            json: { error: { type: 'invalid_request_error', message: `The provided PaymentMethod does not belong to the Customer '${customer ?? ''}'.` } },
          };
        const outcome = TOKENS[held.token]!.outcome;
        // Paid at once with setup_future_usage: Stripe attaches the card to the intent's Customer.
        if (outcome === 'succeeded' && setupFutureUsage && customer) held.customer = customer;
        const method = methodObject(methodId, held);
        const common = {
          id: `pi_test_${next++}`,
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          customer,
          metadata: { idempotency_key: body.get('metadata[idempotency_key]') },
          payment_method: [...body].some(([name, value]) => name.startsWith('expand[') && value === 'payment_method') ? method : methodId,
          setup_future_usage: setupFutureUsage,
        };
        if (outcome === 'insufficient_funds' || outcome === 'card_declined') {
          const error = fixture('card-declined-error.json');
          // The recorded decline is for insufficient funds; the generic decline card says so in its own words.
          const decline = outcome === 'card_declined' ? { decline_code: 'generic_decline', message: 'Your card was declined.' } : {};
          const lastError = { ...error.error.payment_intent.last_payment_error, ...decline };
          const intent = { ...error.error.payment_intent, last_payment_error: lastError, ...common };
          intents.set(intent.id, intent);
          return { status: 402, json: { error: { ...error.error, ...decline, payment_intent: intent } } };
        }
        const recorded =
          outcome === 'requires_action'
            ? 'payment-intent-requires-action.json'
            : setupFutureUsage
              ? 'payment-intent-saved-card-succeeded.json'
              : customer
                ? 'payment-intent-saved-method-succeeded.json'
                : 'payment-intent-succeeded.json';
        const intent = { ...fixture(recorded), ...common };
        intents.set(intent.id, intent);
        return { status: 200, json: intent };
      }),
    ),
    http.get('https://api.stripe.com/v1/payment_intents/search', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      const key = /metadata\['idempotency_key'\]:'(.*)'$/.exec(query)?.[1];
      const data = [...intents.values()].filter((intent) => (intent.metadata as { idempotency_key: string }).idempotency_key === key);
      return HttpResponse.json({ object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
    }),
    // Stripe cancels an intent that has not succeeded; one that has is refused with payment_intent_unexpected_state.
    http.post('https://api.stripe.com/v1/payment_intents/:id/cancel', ({ request, params }) =>
      idempotent(request, (body) => {
        const id = String(params.id);
        const intent = intents.get(id);
        if (!intent)
          return { status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } } };
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return {
            status: 400,
            json: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
              },
            },
          };
        const canceled = { ...intent, status: 'canceled', next_action: null, canceled_at: 1795770000, cancellation_reason: body.get('cancellation_reason') };
        intents.set(id, canceled);
        return { status: 200, json: canceled };
      }),
    ),
    http.get('https://api.stripe.com/v1/payment_intents/:id', ({ params }) => {
      const intent = intents.get(String(params.id));
      if (!intent)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${String(params.id)}'` } },
          { status: 404 },
        );
      return HttpResponse.json(intent);
    }),
  ];
  return {
    handlers,
    requests,
    customers,
    /** Forgets everything (each database's users start again at id 1, as another shop's would). */
    reset: () => {
      for (const held of [answered, methods, customers, searchable, intents]) held.clear();
      requests.length = 0;
    },
    /** Stripe's search catches up: every customer made so far can be found. */
    indexSearch: () => customers.forEach((customer) => searchable.add(customer.id)),
    /** The requests made since `since` (an index into `requests`). */
    since: (since: number) => requests.slice(since),
    /**
     * The shopper approves the 3-D Secure of an intent that requires action: it succeeds, and one created with
     * setup_future_usage attaches its PaymentMethod to its Customer, as Stripe does.
     */
    authenticate: (id: string) => {
      const intent = intents.get(id)!;
      const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method as { id: string }).id;
      const held = methods.get(methodId)!;
      if (intent.setup_future_usage && typeof intent.customer === 'string') held.customer = intent.customer;
      const paymentMethod = typeof intent.payment_method === 'string' ? methodId : methodObject(methodId, held);
      intents.set(id, { ...intent, status: 'succeeded', next_action: null, amount_received: intent.amount, payment_method: paymentMethod });
    },
    /** The id of the intent created under an idempotency key (its metadata names the key). */
    intentOf: (key: string) => [...intents.values()].find((intent) => (intent.metadata as { idempotency_key: string }).idempotency_key === key)?.id as string,
    /** The Customer a PaymentMethod is attached to, if any. */
    attachedTo: (methodId: string) => methods.get(methodId)?.customer ?? null,
  };
}

const stripe = fakeStripe();
const server = setupServer(...stripe.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Stripe adapter against recorded Stripe responses (issue 14; DESIGN.md Payments)', () => {
  const provider = createStripeProvider({
    secretKey: 'sk_test_recorded',
    publishableKey: 'pk_test_recorded',
    returnUrl: 'https://shop.test/checkout/haircare/wait-payment-confirmation',
  });
  let keys = 0;
  const charge = (token: string, key = `order-intent-${++keys}`, amount = 4900) =>
    provider.charge({ idempotencyKey: key, amount, currency: 'USD', source: { kind: 'card_token', token } });

  it('a card token becomes a PaymentIntent confirmed at once, under the order’s idempotency key', async () => {
    const result = await charge('tok_visa', 'order-intent-a');
    expect(result).toMatchObject({ status: 'succeeded', amount: 4900, currency: 'USD', card: { brand: 'visa', last4: '4242' } });
    const sent = stripe.requests.filter((r) => r.key?.startsWith('order-intent-a'));
    expect(sent.map((r) => [r.path, r.key])).toEqual([
      ['/v1/payment_methods', 'order-intent-a:method'],
      ['/v1/payment_intents', 'order-intent-a'],
    ]);
    const intent = sent[1]!.body;
    expect(Object.fromEntries(intent)).toMatchObject({ amount: '4900', currency: 'usd', confirm: 'true', 'metadata[idempotency_key]': 'order-intent-a' });
  });

  it('a retried charge with the same key gets the first PaymentIntent back, not a second one', async () => {
    const first = await charge('tok_visa', 'order-intent-retry');
    const again = await charge('tok_visa', 'order-intent-retry');
    expect(again.id).toBe(first.id);
    await expect(charge('tok_visa', 'order-intent-retry', 9900)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('a declined card is a declined charge with Stripe’s decline code and the shop’s words (spec 001 §8)', async () => {
    expect(await charge('tok_chargeDeclinedInsufficientFunds')).toMatchObject({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      card: { last4: '9995' },
    });
  });

  it('a card that needs authentication waits, with the URL where the shopper confirms', async () => {
    expect(await charge('tok_threeDSecure2Required')).toMatchObject({
      status: 'requires_action',
      actionUrl: expect.stringContaining('https://hooks.stripe.com/3d_secure_2/'),
    });
  });

  it('an unknown token charges nothing and says so', async () => {
    await expect(charge('tok_unknown')).rejects.toMatchObject({ code: 'invalid_payment_token' });
  });

  it('one cart, one paid order: cancelCharge voids an intent still waiting for 3-D Secure; one the bank approved first stays succeeded; an unknown one is null', async () => {
    const waiting = await charge('tok_threeDSecure2Required', 'order-intent-superseded');
    expect(await provider.cancelCharge(waiting.id)).toMatchObject({ id: waiting.id, status: 'canceled' });
    const cancel = stripe.requests.find((r) => r.path === `/v1/payment_intents/${waiting.id}/cancel`)!;
    expect([cancel.key, cancel.body.get('cancellation_reason')]).toEqual([`${waiting.id}:cancel`, 'abandoned']);
    // Retried (a second request voiding the same attempt): the same answer.
    expect(await provider.cancelCharge(waiting.id)).toMatchObject({ status: 'canceled' });
    const approved = await charge('tok_threeDSecure2Required', 'order-intent-approved-first');
    stripe.authenticate(approved.id);
    expect(await provider.cancelCharge(approved.id)).toMatchObject({ id: approved.id, status: 'succeeded' });
    expect(await provider.cancelCharge('pi_missing')).toBeNull();
  });

  it('findCharge finds a charge by its idempotency key (recovery after a crash); getCharge by id; unknown ones are null', async () => {
    const made = await charge('tok_visa', 'order-intent-found');
    expect(await provider.findCharge('order-intent-found')).toMatchObject({ id: made.id, status: 'succeeded' });
    expect(await provider.findCharge('order-intent-never')).toBeNull();
    expect(await provider.getCharge(made.id)).toMatchObject({ id: made.id, status: 'succeeded' });
    expect(await provider.getCharge('pi_missing')).toBeNull();
  });
});

describe('Stripe adapter: saved payment methods on the shopper’s Customer (spec 001 §7 Payment methods)', () => {
  const returnUrl = 'https://shop.test/checkout/haircare/wait-payment-confirmation';
  const provider = createStripeProvider({ secretKey: 'sk_test_recorded', publishableKey: 'pk_test_recorded', returnUrl });
  const ada = { userId: 7, email: 'ada.lovelace@example.com' };
  const customersOf = (userId: number) => [...stripe.customers.values()].filter((customer) => customer.metadata.shop_user_id === String(userId));
  const attachedMethod = (path: string) => /^\/v1\/payment_methods\/(pm_\w+)\/attach$/.exec(path)?.[1];
  const saveKey = (userId: number, step: 'method' | 'attach') => expect.stringMatching(new RegExp(`^save-method:${userId}:[\\w-]{22}:${step}$`));

  it('spec 001 §7 Payment methods: saving a card makes the shopper’s Customer (user id in metadata, e-mail) and attaches the card to it', async () => {
    const since = stripe.requests.length;
    const saved = await provider.saveMethod('tok_mastercard', ada);
    const sent = stripe.since(since);
    expect(sent.map((r) => [r.method, r.path, r.key])).toEqual([
      ['POST', '/v1/payment_methods', saveKey(7, 'method')],
      ['GET', '/v1/customers/search', null],
      ['POST', '/v1/customers', 'shop-customer:7'],
      ['POST', expect.stringMatching(/^\/v1\/payment_methods\/pm_test_\d+\/attach$/), saveKey(7, 'attach')],
    ]);
    const [customer] = customersOf(7);
    const methodId = attachedMethod(sent[3]!.path);
    expect(Object.fromEntries(sent[0]!.body)).toEqual({ type: 'card', 'card[token]': 'tok_mastercard' });
    expect(Object.fromEntries(sent[1]!.body)).toEqual({ query: "metadata['shop_user_id']:'7'", limit: '1' });
    expect(Object.fromEntries(sent[2]!.body)).toEqual({ email: 'ada.lovelace@example.com', 'metadata[shop_user_id]': '7' });
    expect(Object.fromEntries(sent[3]!.body)).toEqual({ customer: customer!.id });
    // The token stays out of the keys (they show in Stripe's request logs).
    expect(sent.some((r) => r.key?.includes('tok_'))).toBe(false);
    expect(saved).toEqual({
      ref: `${customer!.id}/${methodId}`,
      service: 'card',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
      fingerprint: 'Hn2CtPq7WkYd9LzA',
    });
  });

  it('spec 001 §7 Payment methods: a later card goes on the Customer the search finds; no second Customer is made', async () => {
    stripe.indexSearch();
    const since = stripe.requests.length;
    const saved = await provider.saveMethod('tok_visa', ada);
    const sent = stripe.since(since);
    expect(sent.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/payment_methods'],
      ['GET', '/v1/customers/search'],
      ['POST', expect.stringMatching(/^\/v1\/payment_methods\/pm_test_\d+\/attach$/)],
    ]);
    const [customer, ...others] = customersOf(7);
    expect(others).toEqual([]);
    expect(sent[2]!.body.get('customer')).toBe(customer!.id);
    expect(saved).toEqual({
      ref: `${customer!.id}/${attachedMethod(sent[2]!.path)}`,
      service: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });
  });

  it('spec 001 §7 Payment methods: before search sees a new Customer, the next save gets it back from the user’s idempotency key', async () => {
    const guest = { userId: 8, email: null };
    const since = stripe.requests.length;
    const first = await provider.saveMethod('tok_visa', guest);
    const second = await provider.saveMethod('tok_mastercard', guest);
    const creates = stripe.since(since).filter((r) => r.path === '/v1/customers');
    expect(creates.map((r) => r.key)).toEqual(['shop-customer:8', 'shop-customer:8']);
    // No e-mail to give: the Customer is made without one.
    expect(Object.fromEntries(creates[0]!.body)).toEqual({ 'metadata[shop_user_id]': '8' });
    expect(customersOf(8)).toHaveLength(1);
    const [customer] = customersOf(8);
    expect(first.ref.split('/')[0]).toBe(customer!.id);
    expect(second.ref.split('/')[0]).toBe(customer!.id);
    expect(second.ref).not.toBe(first.ref);
  });

  it('spec 001 §7 Payment methods: a retried save of the same token makes no second PaymentMethod or attachment', async () => {
    const since = stripe.requests.length;
    const first = await provider.saveMethod('tok_visa', { userId: 9, email: 'grace@example.com' });
    const again = await provider.saveMethod('tok_visa', { userId: 9, email: 'grace@example.com' });
    expect(again).toEqual(first);
    const keys = stripe.since(since).flatMap((r) => (r.method === 'POST' ? [r.key] : []));
    expect(new Set(keys).size).toBe(3); // method, customer, attach: each sent twice under the same key
  });

  it('spec 001 §7 Payment methods: charging a saved method names its Customer and PaymentMethod, and makes no PaymentMethod from a token', async () => {
    stripe.indexSearch();
    const saved = await provider.saveMethod('tok_mastercard', ada);
    const [customer, methodId] = saved.ref.split('/');
    const since = stripe.requests.length;
    const request = { idempotencyKey: 'order-intent-saved', amount: 4900, currency: 'USD' as const, source: { kind: 'saved_method' as const, ref: saved.ref } };
    const charged = await provider.charge(request);
    expect(charged).toMatchObject({ status: 'succeeded', amount: 4900, currency: 'USD', card: { brand: 'mastercard', last4: '4444' } });
    const sent = stripe.since(since);
    expect(sent.map((r) => [r.method, r.path, r.key])).toEqual([['POST', '/v1/payment_intents', 'order-intent-saved']]);
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({
      amount: '4900',
      currency: 'usd',
      customer,
      payment_method: methodId,
      confirm: 'true',
      return_url: returnUrl,
      'metadata[idempotency_key]': 'order-intent-saved',
    });
    expect((await provider.charge(request)).id).toBe(charged.id);
    expect(await provider.findCharge('order-intent-saved')).toMatchObject({ id: charged.id, status: 'succeeded' });
  });

  it('spec 001 §7 Payment methods: a malformed saved reference is refused before anything is sent; one Stripe no longer has is refused too', async () => {
    const since = stripe.requests.length;
    for (const ref of ['', 'pm_test_1', 'cus_test_1', 'cus_test_1/', '/pm_test_1', 'cus_test_1/pm_test_1/x', 'cus_test_1/card_1', 'pm_test_1/cus_test_1']) {
      const refused = provider.charge({ idempotencyKey: `order-intent-bad-${ref}`, amount: 4900, currency: 'USD', source: { kind: 'saved_method', ref } });
      await expect(refused, ref).rejects.toBeInstanceOf(PaymentRequestRefused);
      await expect(refused, ref).rejects.toMatchObject({ code: 'invalid_payment_token' });
    }
    expect(stripe.since(since)).toEqual([]);
    await expect(
      provider.charge({ idempotencyKey: 'order-intent-gone', amount: 4900, currency: 'USD', source: { kind: 'saved_method', ref: 'cus_test_1/pm_gone' } }),
    ).rejects.toMatchObject({ code: 'invalid_payment_token' });
  });

  it('spec 001 §7 Payment methods: a card the bank declines while it is saved is refused (PaymentRequestRefused), as is an unknown token', async () => {
    const declined = provider.saveMethod('tok_chargeDeclined', ada);
    await expect(declined).rejects.toBeInstanceOf(PaymentRequestRefused);
    await expect(declined).rejects.toMatchObject({ code: 'invalid_payment_token', message: 'Your card was declined.' });
    const since = stripe.requests.length;
    await expect(provider.saveMethod('tok_unknown', { userId: 10, email: 'nobody@example.com' })).rejects.toMatchObject({ code: 'invalid_payment_token' });
    // A token Stripe does not take makes no Customer.
    expect(stripe.since(since).map((r) => r.path)).toEqual(['/v1/payment_methods']);
    expect(customersOf(10)).toEqual([]);
  });

  it('spec 001 §7 Orders and payment, Payment methods: a charge that saves the card creates the PaymentIntent with the shopper’s Customer and setup_future_usage=off_session; the paid charge carries the card as saved', async () => {
    const mary = { userId: 11, email: 'mary.somerville@example.com' };
    const request = {
      idempotencyKey: 'order-intent-save-card',
      amount: 4900,
      currency: 'USD' as const,
      source: { kind: 'card_token' as const, token: 'tok_visa' },
      saveFor: mary,
    };
    const since = stripe.requests.length;
    const charged = await provider.charge(request);
    const sent = stripe.since(since);
    expect(sent.map((r) => [r.method, r.path, r.key])).toEqual([
      ['POST', '/v1/payment_methods', 'order-intent-save-card:method'],
      ['GET', '/v1/customers/search', null],
      ['POST', '/v1/customers', 'shop-customer:11'],
      ['POST', '/v1/payment_intents', 'order-intent-save-card'],
    ]);
    const [customer] = customersOf(11);
    const intent = Object.fromEntries(sent[3]!.body);
    expect(intent).toMatchObject({
      amount: '4900',
      currency: 'usd',
      customer: customer!.id,
      payment_method: expect.stringMatching(/^pm_test_\d+$/),
      setup_future_usage: 'off_session',
      confirm: 'true',
      'metadata[idempotency_key]': 'order-intent-save-card',
    });
    // No save from the token after the charge: Stripe attached the card when the intent succeeded.
    expect(sent.some((r) => r.path.endsWith('/attach'))).toBe(false);
    expect(stripe.attachedTo(intent.payment_method!)).toBe(customer!.id);
    const saved = { ref: `${customer!.id}/${intent.payment_method}`, service: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    expect(charged).toMatchObject({ status: 'succeeded', amount: 4900, card: { brand: 'visa', last4: '4242' }, saved });
    // A retry under the key, the order read again, the reconciliation after a crash: the same card each time.
    expect(await provider.charge(request)).toEqual(charged);
    expect(await provider.getCharge(charged.id)).toMatchObject({ id: charged.id, status: 'succeeded', saved });
    expect(await provider.findCharge('order-intent-save-card')).toMatchObject({ id: charged.id, status: 'succeeded', saved });
    // The saved card pays a later order; that charge saves nothing more.
    const again = await provider.charge({
      idempotencyKey: 'order-intent-save-card-reuse',
      amount: 2500,
      currency: 'USD',
      source: { kind: 'saved_method', ref: saved.ref },
    });
    expect(again.status).toBe('succeeded');
    expect(again).not.toHaveProperty('saved');
  });

  it('spec 001 §7 Orders and payment: a charge that does not save the card sends neither customer nor setup_future_usage, and carries nothing saved', async () => {
    const since = stripe.requests.length;
    const charged = await provider.charge({
      idempotencyKey: 'order-intent-no-save',
      amount: 4900,
      currency: 'USD',
      source: { kind: 'card_token', token: 'tok_visa' },
    });
    const sent = stripe.since(since);
    expect(sent.map((r) => r.path)).toEqual(['/v1/payment_methods', '/v1/payment_intents']);
    expect(sent[1]!.body.has('customer')).toBe(false);
    expect(sent[1]!.body.has('setup_future_usage')).toBe(false);
    expect(charged.status).toBe('succeeded');
    expect(charged).not.toHaveProperty('saved');
    expect(await provider.getCharge(charged.id)).not.toHaveProperty('saved');
  });

  it('spec 001 §7 Orders and payment, §8: a declined charge that was to save the card saves nothing', async () => {
    const charged = await provider.charge({
      idempotencyKey: 'order-intent-save-declined',
      amount: 4900,
      currency: 'USD',
      source: { kind: 'card_token', token: 'tok_chargeDeclinedInsufficientFunds' },
      saveFor: { userId: 12, email: 'emmy@example.com' },
    });
    expect(charged).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
    expect(charged).not.toHaveProperty('saved');
    const intent = stripe.requests.find((r) => r.key === 'order-intent-save-declined')!.body;
    expect(intent.get('setup_future_usage')).toBe('off_session');
    expect(stripe.attachedTo(intent.get('payment_method')!)).toBeNull();
  });

  it('spec 001 §7 Orders and payment, §2 wait-payment-confirmation: a card that needs authentication is saved once the shopper has authenticated: getCharge (and findCharge) of the succeeded intent carries it', async () => {
    const request = {
      idempotencyKey: 'order-intent-save-3ds',
      amount: 4900,
      currency: 'USD' as const,
      source: { kind: 'card_token' as const, token: 'tok_threeDSecure2Required' },
      saveFor: { userId: 13, email: 'sophie@example.com' },
    };
    const waiting = await provider.charge(request);
    expect(waiting).toMatchObject({ status: 'requires_action', actionUrl: expect.stringContaining('https://hooks.stripe.com/3d_secure_2/') });
    expect(waiting).not.toHaveProperty('saved');
    const intent = stripe.requests.find((r) => r.key === 'order-intent-save-3ds')!.body;
    const [customer] = customersOf(13);
    expect(Object.fromEntries(intent)).toMatchObject({ customer: customer!.id, setup_future_usage: 'off_session' });
    expect(stripe.attachedTo(intent.get('payment_method')!)).toBeNull();
    stripe.authenticate(waiting.id);
    const saved = { ref: `${customer!.id}/${intent.get('payment_method')}`, service: 'card', brand: 'visa', last4: '3220', expMonth: 12, expYear: 2030 };
    expect(await provider.getCharge(waiting.id)).toMatchObject({ id: waiting.id, status: 'succeeded', saved });
    expect(await provider.findCharge('order-intent-save-3ds')).toMatchObject({ id: waiting.id, status: 'succeeded', saved });
  });

  it('spec 001 §7 Payment methods: forgetting a method detaches it; one Stripe no longer has (resource_missing) is no error', async () => {
    const saved = await provider.saveMethod('tok_visa', ada);
    const methodId = saved.ref.split('/')[1]!;
    const since = stripe.requests.length;
    await provider.forgetMethod!(saved.ref);
    expect(stripe.since(since).map((r) => [r.method, r.path, r.key])).toEqual([['POST', `/v1/payment_methods/${methodId}/detach`, `${methodId}:detach`]]);
    await expect(provider.forgetMethod!('cus_test_1/pm_gone')).resolves.toBeUndefined();
    const before = stripe.requests.length;
    await expect(provider.forgetMethod!('not-a-stripe-reference')).resolves.toBeUndefined();
    expect(stripe.requests.length).toBe(before);
  });
});

describeEachDatabase('Stripe adapter behind /v1/account/payments/ (spec 001 §7 Payment methods)', (database) => {
  const provider = createStripeProvider({
    secretKey: 'sk_test_recorded',
    publishableKey: 'pk_test_recorded',
    returnUrl: 'https://shop.test/checkout/haircare/wait-payment-confirmation',
  });
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(() => {
    stripe.reset();
    log = capturedLog();
    t = createTestApp(database().db, { payments: provider, config: { logger: log.logger } });
  });

  const save = async (access: string, token: string) => {
    const since = stripe.requests.length;
    const created = await t.call('POST', '/v1/account/payments/', { token: access, body: { token, payment_mode: 'charge' } });
    const attach = stripe.since(since).find((r) => r.path.endsWith('/attach'));
    return { created, methodId: /^\/v1\/payment_methods\/(pm_\w+)\/attach$/.exec(attach?.path ?? '')?.[1], sent: stripe.since(since) };
  };

  it('spec 001 §7 Payment methods: a saved card is kept on the shopper’s Stripe Customer; deleting it detaches it there', async () => {
    const { access, email } = await signUpCustomer(t);
    const { created, methodId, sent } = await save(access, 'tok_mastercard');
    expect(created).toMatchObject({
      status: 201,
      body: { service: 'card', brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2031, is_default: true },
    });
    expect(sent.find((r) => r.path === '/v1/customers')?.body.get('email')).toBe(email);
    const since = stripe.requests.length;
    expect(await t.call('DELETE', `/v1/account/payments/${created.body.id}/`, { token: access })).toMatchObject({ status: 204 });
    expect(stripe.since(since).map((r) => r.path)).toEqual([`/v1/payment_methods/${methodId}/detach`]);
    expect((await t.call('GET', '/v1/account/payments/', { token: access })).body).toEqual([]);
  });

  it('spec 001 §7 Payment methods: the same card saved again (another token, by its fingerprint) is kept once; reissued with a later expiry, the method takes the new card', async () => {
    const { access } = await signUpCustomer(t);
    const first = await save(access, 'tok_visa');
    expect(first.created).toMatchObject({ status: 201, body: { brand: 'visa', last4: '4242', exp_year: 2030, is_default: true } });
    // Another card in between, so the renewed one is found among several.
    expect((await save(access, 'tok_mastercard')).created.status).toBe(201);
    const again = await save(access, 'tok_visa_again');
    expect(again.methodId).not.toBe(first.methodId);
    expect(again.created).toMatchObject({ status: 201, body: { id: first.created.body.id, exp_year: 2030 } });
    const reissued = await save(access, 'tok_visa_reissued');
    expect(reissued.created).toMatchObject({ status: 201, body: { id: first.created.body.id, exp_month: 3, exp_year: 2033, is_default: true } });
    const methods = (await t.call('GET', '/v1/account/payments/?payment_mode=charge', { token: access })).body;
    expect(methods.map((m: { brand: string; exp_year: number }) => `${m.brand} ${m.exp_year}`)).toEqual(['visa 2033', 'mastercard 2031']);
    // Deleting it detaches the card it now names, the reissued one.
    const since = stripe.requests.length;
    expect(await t.call('DELETE', `/v1/account/payments/${first.created.body.id}/`, { token: access })).toMatchObject({ status: 204 });
    expect(stripe.since(since).map((r) => r.path)).toEqual([`/v1/payment_methods/${reissued.methodId}/detach`]);
  });

  it('spec 001 §7 Payment methods: when Stripe will not detach, the method is deleted anyway and a warning names no card or reference', async () => {
    const { access } = await signUpCustomer(t);
    const { created, methodId } = await save(access, 'tok_visa');
    expect(created.status).toBe(201);
    server.use(
      http.post('https://api.stripe.com/v1/payment_methods/:id/detach', () =>
        HttpResponse.json(
          { error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } },
          { status: 400 },
        ),
      ),
    );
    expect(await t.call('DELETE', `/v1/account/payments/${created.body.id}/`, { token: access })).toMatchObject({ status: 204 });
    expect((await t.call('GET', '/v1/account/payments/', { token: access })).body).toEqual([]);
    const warning = log.lines().find((line) => line.msg === 'The payment provider did not forget a deleted payment method');
    expect(warning).toMatchObject({ level: 40, err: { message: expect.stringContaining('not attached to a customer') } });
    expect(log.text()).not.toContain(methodId);
    expect(log.text()).not.toContain('cus_test_');
    expect(log.text()).not.toContain('tok_visa');
  });
});

describeEachDatabase('Stripe adapter behind /v2/orders/ save_card (spec 001 §7 Orders and payment, Payment methods)', (database) => {
  const provider = createStripeProvider({
    secretKey: 'sk_test_recorded',
    publishableKey: 'pk_test_recorded',
    returnUrl: 'https://shop.test/checkout/haircare/wait-payment-confirmation',
  });
  const rosa = personas.find((p) => p.name === 'Rosa')!;
  let t: TestApp;
  beforeAll(async () => {
    stripe.reset();
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, { payments: provider, flows: loadProfileFlows('flows'), clock: testClock(new Date('2026-07-15T12:00:00Z')) });
  });

  /** A customer with Rosa's answers and a Texas address whose recommendation cart is in checkout; their token. */
  const shopperAtCheckout = async () => {
    const { access: token } = await signUpCustomer(t);
    const steps = [
      t.call('POST', '/v1/account/addresses', {
        token,
        body: { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true },
      }),
      t.call('PATCH', '/v1/account/hair_profile/', {
        token,
        body: { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
      }),
    ];
    for (const step of steps) expect((await step).status).toBeLessThan(300);
    expect((await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token })).status).toBe(200);
    expect((await t.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
    return token;
  };
  const methodsOf = async (token: string) => (await t.call('GET', '/v1/account/payments/?payment_mode=charge', { token })).body;

  it('spec 001 §7 Orders and payment, Payment methods: save_card keeps the card the order paid with (saved with the payment, not from its used token), once', async () => {
    const token = await shopperAtCheckout();
    const since = stripe.requests.length;
    const body = { payment: { token: 'tok_mastercard', save_card: true } };
    const placed = await t.call('POST', '/v2/orders/', { token, body, headers: { 'idempotency-key': 'stripe-save-1' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const sent = stripe.since(since);
    const intent = sent.find((r) => r.path === '/v1/payment_intents')!.body;
    expect(intent.get('setup_future_usage')).toBe('off_session');
    expect(intent.get('customer')).toMatch(/^cus_test_/);
    // The token made one PaymentMethod (for the charge); nothing was saved from it afterwards.
    expect(sent.filter((r) => r.path === '/v1/payment_methods')).toHaveLength(1);
    expect(sent.some((r) => r.path.endsWith('/attach'))).toBe(false);
    const methods = await methodsOf(token);
    expect(methods).toMatchObject([{ is_default: true, service: 'card', brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2031 }]);
    // The same request again: the same order, still one card.
    const again = await t.call('POST', '/v2/orders/', { token, body, headers: { 'idempotency-key': 'stripe-save-1' } });
    expect(again).toMatchObject({ status: 201, body: { pubkey: placed.body.pubkey } });
    expect(await methodsOf(token)).toEqual(methods);
  });

  it('spec 001 §7 Orders and payment, §2 wait-payment-confirmation: a card that needs authentication is kept once the shopper has authenticated and the order is read', async () => {
    const token = await shopperAtCheckout();
    const waiting = await t.call('POST', '/v2/orders/', { token, body: { payment: { token: 'tok_threeDSecure2Required', save_card: true } } });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
    expect(await methodsOf(token)).toEqual([]);
    stripe.authenticate(stripe.intentOf(`order:${waiting.body.pubkey}`));
    const read = await t.call('GET', `/v2/orders/${waiting.body.pubkey}/`, { token });
    expect(read.body.status).toBe('paid');
    expect(await methodsOf(token)).toMatchObject([{ is_default: true, brand: 'visa', last4: '3220' }]);
  });

  it('spec 001 §7 Orders and payment, Payment methods: save_card with a card the shopper already keeps (a new token of it) keeps it once', async () => {
    const token = await shopperAtCheckout();
    const saved = await t.call('POST', '/v1/account/payments/', { token, body: { token: 'tok_visa', payment_mode: 'charge' } });
    expect(saved.status).toBe(201);
    const placed = await t.call('POST', '/v2/orders/', { token, body: { payment: { token: 'tok_visa', save_card: true } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await methodsOf(token)).toMatchObject([{ id: saved.body.id, brand: 'visa', last4: '4242', is_default: true }]);
    expect(await methodsOf(token)).toHaveLength(1);
  });

  it('spec 001 §7 Orders and payment, §8: a declined card with save_card keeps nothing', async () => {
    const token = await shopperAtCheckout();
    const declined = await t.call('POST', '/v2/orders/', { token, body: { payment: { token: 'tok_chargeDeclinedInsufficientFunds', save_card: true } } });
    expect(declined).toMatchObject({ status: 402, body: { code: 'card_declined' } });
    expect(await methodsOf(token)).toEqual([]);
  });
});
