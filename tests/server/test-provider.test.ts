import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testProviderCharges } from '../../server/db/schema';
import { PaymentRequestRefused } from '../../server/payments/payment-provider';
import { issueTestCardToken } from '../../server/payments/test-card-token';
import { readTestCard } from '../../server/payments/test-cards';
import { createTestProvider, type TestProvider } from '../../server/payments/test-provider';
import { describeEachDatabase } from './support/databases';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-11-25T12:00:00Z');
const clock = { now: () => now };

/** A fresh token for a test card number, as the payment step would get it. */
function tokenFor(number: string): string {
  const read = readTestCard({ number, expMonth: 12, expYear: 2030, cvc: number.startsWith('3') ? '1234' : '123', name: 'Ada Lovelace' }, now);
  if (!('card' in read)) throw new Error(`not a test card: ${number}`);
  return issueTestCardToken(read.card, secret, Math.floor(now.getTime() / 1000)).token;
}

let keys = 0;
const freshKey = () => `order-intent-${Date.now()}-${keys++}`;

describeEachDatabase('embedded test payment provider (DESIGN.md Payments; issue 14)', (database) => {
  let provider: TestProvider;
  beforeAll(() => {
    provider = createTestProvider({ db: database().db, secret, clock, actionUrl: (id) => `/checkout/confirm-payment/${id}` });
  });
  const charge = (token: string, key = freshKey(), amount = 4900) =>
    provider.charge({ idempotencyKey: key, amount, currency: 'USD', source: { kind: 'card_token', token } });

  it('4242 4242 4242 4242 is charged; the charge keeps the amount, currency, brand and last four', async () => {
    const result = await charge(tokenFor('4242424242424242'));
    expect(result).toMatchObject({ status: 'succeeded', amount: 4900, currency: 'USD', card: { brand: 'visa', last4: '4242' } });
    expect(await provider.getCharge(result.id)).toEqual(result);
  });

  it('4000 0000 0000 0002 is declined with words a shopper can act on; other decline cards give their own reason', async () => {
    expect(await charge(tokenFor('4000000000000002'))).toMatchObject({ status: 'declined', code: 'card_declined', message: 'Your card was declined.' });
    expect(await charge(tokenFor('4000000000009995'))).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
  });

  it('4000 0027 6000 3184 waits for authentication, then succeeds when approved or is declined when refused, once', async () => {
    const waiting = await charge(tokenFor('4000002760003184'));
    expect(waiting).toMatchObject({ status: 'requires_action', actionUrl: `/checkout/confirm-payment/${waiting.id}` });
    expect(await provider.authenticate(waiting.id, true)).toMatchObject({ id: waiting.id, status: 'succeeded' });
    // Answering again changes nothing.
    expect(await provider.authenticate(waiting.id, false)).toMatchObject({ status: 'succeeded' });
    const refused = await charge(tokenFor('4000002760003184'));
    expect(await provider.authenticate(refused.id, false)).toMatchObject({ status: 'declined', code: 'authentication_failed' });
    expect(await provider.authenticate('ch_test_nothing', true)).toBeNull();
  });

  it('the same idempotency key and request give back the first charge; one row is kept', async () => {
    const key = freshKey();
    const token = tokenFor('4242424242424242');
    const first = await charge(token, key);
    const again = await charge(token, key);
    expect(again).toEqual(first);
    expect(await provider.findCharge(key)).toEqual(first);
    expect(await database().db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key))).toHaveLength(1);
  });

  it('requests racing with one key make one charge, and every one of them gets it', async () => {
    const key = freshKey();
    const token = tokenFor('4242424242424242');
    const results = await Promise.all(Array.from({ length: 8 }, () => charge(token, key)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await database().db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key))).toHaveLength(1);
  });

  it('the same key with another amount is refused and charges nothing more', async () => {
    const key = freshKey();
    const token = tokenFor('4242424242424242');
    await charge(token, key, 4900);
    await expect(charge(token, key, 9900)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect(await database().db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key))).toHaveLength(1);
  });

  it('a card token pays once: under a second key it is refused', async () => {
    const token = tokenFor('4242424242424242');
    await charge(token);
    const second = charge(token);
    await expect(second).rejects.toBeInstanceOf(PaymentRequestRefused);
    await expect(second).rejects.toMatchObject({ code: 'payment_token_used' });
  });

  it('a forged or expired token charges nothing', async () => {
    const key = freshKey();
    await expect(charge('tok_test_forged.signature', key)).rejects.toMatchObject({ code: 'invalid_payment_token' });
    expect(await provider.findCharge(key)).toBeNull();
    const late = createTestProvider({ db: database().db, secret, clock: { now: () => new Date(now.getTime() + 2 * 3600_000) }, actionUrl: String });
    await expect(
      late.charge({ idempotencyKey: freshKey(), amount: 100, currency: 'CAD', source: { kind: 'card_token', token: tokenFor('4242424242424242') } }),
    ).rejects.toMatchObject({
      code: 'invalid_payment_token',
    });
  });

  it('an amount that is not a positive whole number of cents is refused before anything is kept', async () => {
    for (const amount of [0, -100, 49.5, Number.NaN]) await expect(charge(tokenFor('4242424242424242'), freshKey(), amount)).rejects.toBeInstanceOf(RangeError);
  });
});
