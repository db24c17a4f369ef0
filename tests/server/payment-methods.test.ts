import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, type TestApp } from './support/test-app';

/** Spec 001 §7 Payment methods: DELETE /v1/account/payments/{id}/ adds ?payment_mode= the wallet mode for the wallet. */
describeEachDatabase('deleting a saved payment method in its mode (spec 001 §7 Payment methods)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  async function customerWithCardAndWallet(): Promise<{ token: string; card: string; wallet: string }> {
    const token = (await signUpCustomer(t)).access;
    const tokenized = await t.call('POST', '/v1/payments/test/tokenize', {
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Díaz' } },
    });
    const card = await t.call('POST', '/v1/account/payments/', { token, body: { token: tokenized.body.token } });
    const nonce = (await t.call('POST', '/v1/payments/test/wallet', { body: { email: 'rosa@example.com' } })).body.nonce;
    const wallet = await t.call('POST', '/v1/account/payments/', { token, body: { token: nonce, payment_mode: 'wallet' } });
    expect([card.status, wallet.status]).toEqual([201, 201]);
    return { token, card: card.body.id, wallet: wallet.body.id };
  }
  const listed = async (token: string) => (await t.call('GET', '/v1/account/payments/', { token })).body.map((m: { id: string }) => m.id);

  it('the wallet is deleted in the wallet mode; a card asked for in the wallet mode is 404 and kept', async () => {
    const { token, card, wallet } = await customerWithCardAndWallet();
    expect(await t.call('DELETE', `/v1/account/payments/${card}/?payment_mode=wallet`, { token })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await t.call('DELETE', `/v1/account/payments/${wallet}/?payment_mode=charge`, { token })).toMatchObject({ status: 404 });
    expect(await listed(token)).toEqual([card, wallet]);
    expect((await t.call('DELETE', `/v1/account/payments/${wallet}/?payment_mode=wallet`, { token })).status).toBe(204);
    expect(await listed(token)).toEqual([card]);
    // A card without a mode, or in a card mode, as before.
    expect((await t.call('DELETE', `/v1/account/payments/${card}/?payment_mode=payment_intent`, { token })).status).toBe(204);
    expect(await listed(token)).toEqual([]);
    expect(await t.call('DELETE', `/v1/account/payments/${card}/?payment_mode=paypal`, { token })).toMatchObject({ status: 400 });
  });
});
