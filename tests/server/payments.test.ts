import { beforeAll, expect, it } from 'vitest';
import { cardToken } from '#api';
import { readTestCardToken } from '../../server/payments/test-card-token';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, TEST_SECRET, type TestApp } from './support/test-app';

const card = (over: Record<string, unknown> = {}) => ({
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  name: 'Ada Lovelace',
  ...over,
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
      fields: { number: [expect.any(String)], exp_month: ['Your card has expired.'], cvc: [expect.any(String)] },
    });
    const noName = await tokenize(card({ name: '   ' }));
    expect(noName.body).toMatchObject({ code: 'validation_error', fields: { name: ['Enter the name on the card.'] } });
    for (const bad of [{}, card({ number: 4242424242424242 }), card({ exp_month: 13 }), card({ cvc: '12345' }), card({ extra: true }), 'not json']) {
      const refused = await tokenize(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a real card number is refused: the test provider cannot charge it', async () => {
    const response = await tokenize(card({ number: '4012 8888 8888 1881' }));
    expect(response).toMatchObject({ status: 400, body: { fields: { number: [expect.stringContaining('test card')] } } });
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
