import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../server/payments/stripe-provider';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', name), 'utf8'));

/** What each Stripe test token does, as Stripe's test tokens do (last four digits, outcome). */
const TOKENS: Record<string, { last4: string; outcome: 'succeeded' | 'requires_action' | 'insufficient_funds' }> = {
  tok_visa: { last4: '4242', outcome: 'succeeded' },
  tok_threeDSecure2Required: { last4: '3220', outcome: 'requires_action' },
  tok_chargeDeclinedInsufficientFunds: { last4: '9995', outcome: 'insufficient_funds' },
};

/**
 * Stripe's API as the adapter meets it, from the recorded objects in fixtures/stripe: payment methods from tokens,
 * payment intents confirmed at once, search by metadata, retrieve; a repeated Idempotency-Key gets the first
 * response, the same key with other parameters an idempotency_error (Stripe's documented behaviour).
 */
function fakeStripe() {
  const answered = new Map<string, { body: string; status: number; json: JsonBodyType }>();
  const methods = new Map<string, string>();
  const intents = new Map<string, Record<string, unknown>>();
  const requests: { path: string; key: string | null; body: URLSearchParams }[] = [];
  let next = 1;

  const idempotent = async (request: Request, answer: (body: URLSearchParams) => { status: number; json: JsonBodyType }) => {
    const text = await request.text();
    const key = request.headers.get('idempotency-key');
    const body = new URLSearchParams(text);
    requests.push({ path: new URL(request.url).pathname, key, body });
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
        methods.set(id, token);
        const method = fixture('payment-method.json');
        return { status: 200, json: { ...method, id, card: { ...method.card, last4: known.last4 } } };
      }),
    ),
    http.post('https://api.stripe.com/v1/payment_intents', ({ request }) =>
      idempotent(request, (body) => {
        const methodId = body.get('payment_method') ?? '';
        const token = methods.get(methodId) ?? '';
        const outcome = TOKENS[token]!.outcome;
        const method = { ...fixture('payment-method.json'), id: methodId, card: { ...fixture('payment-method.json').card, last4: TOKENS[token]!.last4 } };
        const common = {
          id: `pi_test_${next++}`,
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          metadata: { idempotency_key: body.get('metadata[idempotency_key]') },
          payment_method: [...body].some(([name, value]) => name.startsWith('expand[') && value === 'payment_method') ? method : methodId,
        };
        if (outcome === 'insufficient_funds') {
          const error = fixture('card-declined-error.json');
          const intent = { ...error.error.payment_intent, ...common };
          intents.set(intent.id, intent);
          return { status: 402, json: { error: { ...error.error, payment_intent: intent } } };
        }
        const intent = { ...fixture(outcome === 'succeeded' ? 'payment-intent-succeeded.json' : 'payment-intent-requires-action.json'), ...common };
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
  return { handlers, requests };
}

const stripe = fakeStripe();
const server = setupServer(...stripe.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Stripe adapter against recorded Stripe responses (issue 14; DESIGN.md Payments)', () => {
  const provider = createStripeProvider({ secretKey: 'sk_test_recorded', returnUrl: 'https://shop.test/checkout/haircare/wait-payment-confirmation' });
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

  it('findCharge finds a charge by its idempotency key (recovery after a crash); getCharge by id; unknown ones are null', async () => {
    const made = await charge('tok_visa', 'order-intent-found');
    expect(await provider.findCharge('order-intent-found')).toMatchObject({ id: made.id, status: 'succeeded' });
    expect(await provider.findCharge('order-intent-never')).toBeNull();
    expect(await provider.getCharge(made.id)).toMatchObject({ id: made.id, status: 'succeeded' });
    expect(await provider.getCharge('pi_missing')).toBeNull();
  });
});
