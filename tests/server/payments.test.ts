import { beforeAll, expect, it } from 'vitest';
import { cardToken } from '#api';
import { issueTestCardToken, readTestCardToken } from '../../server/payments/test-card-token';
import { readTestCard } from '../../server/payments/test-cards';
import { createTestProvider } from '../../server/payments/test-provider';
import { issueWalletNonce } from '../../server/payments/test-wallet';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, TEST_SECRET, type TestApp } from './support/test-app';

/** A tokenisation request (API.md: `{card: {number, exp_month, exp_year, cvc, name}}`). */
const card = (over: Record<string, unknown> = {}) => ({
  card: {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
    name: 'Ada Lovelace',
    ...over,
  },
});

describeEachDatabase('POST /v1/payments/test/tokenize (issue 14: the embedded test provider)', (database) => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(() => {
    log = capturedLog();
    t = createTestApp(database().db, { config: { logger: log.logger, accessLog: true } });
  });
  const tokenize = (body: unknown, app = t) => app.call('POST', '/v1/payments/test/tokenize', { body });

  it('a test card becomes a token that carries the card back, with only the brand and last four shown', async () => {
    const response = await tokenize(card({ number: '4000 0027 6000 3184' }));
    expect(response.status).toBe(201);
    expect(cardToken.parse(response.body)).toEqual({
      token: expect.stringMatching(/^tok_test_/),
      card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2030 },
    });
    const read = readTestCardToken(response.body.token, TEST_SECRET, Math.floor(t.clock.now().getTime() / 1000));
    expect(read).toMatchObject({ name: 'Ada Lovelace', behaviour: { outcome: 'requires_authentication' } });
  });

  it('each wrong part of a card is a field error on its form field (spec 001 §5: the name on the card is required)', async () => {
    const response = await tokenize(card({ number: '4242 4242 4242 4241', exp_month: 1, exp_year: 2020, cvc: '1', name: 'A' }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validation_error',
      fields: { 'card.number': [expect.any(String)], 'card.exp_month': ['Your card has expired.'], 'card.cvc': [expect.any(String)] },
    });
    const noName = await tokenize(card({ name: '   ' }));
    expect(noName.body).toMatchObject({ code: 'validation_error', fields: { 'card.name': ['Enter the name on the card.'] } });
    const flat = await tokenize(card().card);
    expect(flat).toMatchObject({ status: 400, body: { fields: { card: ['This field is required.'] } } });
    for (const bad of [
      {},
      card({ number: 4242424242424242 }),
      card({ exp_month: 13 }),
      card({ cvc: '12345' }),
      card({ extra: true }),
      { ...card(), extra: 1 },
      'not json',
    ]) {
      const refused = await tokenize(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a real card number is refused: the test provider cannot charge it', async () => {
    const response = await tokenize(card({ number: '4012 8888 8888 1881' }));
    expect(response).toMatchObject({ status: 400, body: { fields: { 'card.number': [expect.stringContaining('test card')] } } });
  });

  it('no card number, security code or token reaches the log', async () => {
    const before = log.text().length;
    const response = await tokenize(card({ number: '5555555555554444', cvc: '987' }));
    expect(response.status).toBe(201);
    await tokenize(card({ number: '4000000000000002', cvc: '654', exp_year: 2001 }));
    const written = log.text().slice(before);
    expect(written).toContain('/v1/payments/test/tokenize');
    for (const secret of ['5555555555554444', '4000000000000002', response.body.token]) expect(written).not.toContain(secret);
    // Three digits appear in timestamps by chance: no field of the card is written at all.
    for (const field of ['cvc', 'exp_year', 'Ada Lovelace']) expect(written).not.toContain(field);
  });

  it('30 cards per address per 15 minutes, then 429', async () => {
    const limited = createTestApp(database().db, { config: { trustProxy: true } });
    const from = (ip: string) => limited.call('POST', '/v1/payments/test/tokenize', { body: card(), headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.9')).status).toBe(201);
    const refused = await from('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await from('203.0.113.10')).status).toBe(201);
  });
});

describeEachDatabase('embedded test provider: a card saved with its charge (spec 001 §7 Orders and payment save_card, Payment methods)', (database) => {
  const now = new Date('2026-11-25T12:00:00Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const owner = { userId: 41, email: 'ada@example.com' };
  const provider = () =>
    createTestProvider({ db: database().db, secret: TEST_SECRET, clock: { now: () => now }, actionUrl: (id) => `/checkout/confirm-payment/${id}` });
  const tokenFor = (number: string) => {
    const read = readTestCard({ number, expMonth: 11, expYear: 2031, cvc: '123', name: 'Ada Lovelace' }, now);
    if (!('card' in read)) throw new Error(`not a test card: ${number}`);
    return issueTestCardToken(read.card, TEST_SECRET, nowSeconds).token;
  };
  let keys = 0;
  const charge = (token: string, saveFor: typeof owner | undefined, key = `order:save-${keys++}`) =>
    provider().charge({ idempotencyKey: key, amount: 4900, currency: 'USD', source: { kind: 'card_token', token }, ...(saveFor ? { saveFor } : {}) });

  it('spec 001 §7 Orders and payment, Payment methods: a succeeded charge with saveFor carries the card as saveMethod keeps it; getCharge and findCharge too; the saved card pays again', async () => {
    const token = tokenFor('5555555555554444');
    const charged = await charge(token, owner, 'order:save-card');
    const saved = { ref: expect.stringMatching(/^pmref_test_/), service: 'card', brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2031 };
    expect(charged).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' }, saved });
    if (charged.status !== 'succeeded' || !charged.saved) throw new Error('not saved');
    // The same reference a save from the token makes (the same card kept twice is one method).
    expect(await provider().saveMethod(token, owner)).toEqual(charged.saved);
    expect(await provider().getCharge(charged.id)).toEqual(charged);
    expect(await provider().findCharge('order:save-card')).toEqual(charged);
    expect(await charge(token, owner, 'order:save-card')).toEqual(charged);
    // Asking to save is part of the request: the same key without it is another request.
    await expect(charge(token, undefined, 'order:save-card')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    // The saved card pays a later order; charging a saved method saves nothing more.
    const again = await provider().charge({
      idempotencyKey: `order:save-${keys++}`,
      amount: 2500,
      currency: 'USD',
      source: { kind: 'saved_method', ref: charged.saved.ref },
      saveFor: owner,
    });
    expect(again).toMatchObject({ status: 'succeeded', card: { last4: '4444' } });
    expect(again).not.toHaveProperty('saved');
  });

  it('spec 001 §7 Orders and payment: without saveFor nothing is saved; a declined card with saveFor saves nothing', async () => {
    const plain = await charge(tokenFor('4242424242424242'), undefined);
    expect(plain.status).toBe('succeeded');
    expect(plain).not.toHaveProperty('saved');
    const declined = await charge(tokenFor('4000000000000002'), owner);
    expect(declined).toMatchObject({ status: 'declined', code: 'card_declined' });
    expect(declined).not.toHaveProperty('saved');
    expect(await provider().getCharge(declined.id)).not.toHaveProperty('saved');
  });

  it('spec 001 §7 Orders and payment, §2 wait-payment-confirmation: a card that needs authentication is saved once approved (authenticate, getCharge), not when refused', async () => {
    const waiting = await charge(tokenFor('4000002760003184'), owner);
    expect(waiting.status).toBe('requires_action');
    expect(waiting).not.toHaveProperty('saved');
    const saved = { ref: expect.stringMatching(/^pmref_test_/), service: 'card', brand: 'visa', last4: '3184', expMonth: 11, expYear: 2031 };
    expect(await provider().authenticate(waiting.id, true)).toMatchObject({ status: 'succeeded', saved });
    expect(await provider().getCharge(waiting.id)).toMatchObject({ status: 'succeeded', saved });
    const refused = await charge(tokenFor('4000002760003184'), owner);
    expect(await provider().authenticate(refused.id, false)).toMatchObject({ status: 'declined', code: 'authentication_failed' });
    expect(await provider().getCharge(refused.id)).not.toHaveProperty('saved');
  });

  it('spec 001 §7 Orders and payment, Payment methods: the wallet’s nonce with saveFor saves the wallet', async () => {
    const paid = await charge(issueWalletNonce('rosa@example.com', TEST_SECRET, nowSeconds), owner);
    expect(paid).toMatchObject({
      status: 'succeeded',
      card: { brand: 'wallet' },
      saved: { ref: expect.stringMatching(/^pmref_test_/), service: 'wallet', brand: 'wallet', last4: '', expMonth: null, expYear: null },
    });
  });
});
