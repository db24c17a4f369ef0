/**
 * The referral code kept from ?referral_code= is sent to POST /v1/coupon_customers/ at sign-up (spec 001 §3 "Coupon
 * customer", §7), once, with the new customer's bearer; a refusal never stops the sign-up.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createActor } from 'xstate';
import { createApiClient, createMemoryTokenStore } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import { createSessionMachine, signUpAndWait } from '../../app/session/session-core';
import { keepReferralCode, storedReferralCode } from '../../app/referral';
import { baseUrl, sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

function signUpSession() {
  const tokens = createMemoryTokenStore({ guest: tokenPairFor('guest') });
  const api = createApiClient({ baseUrl, tokens, retryDelay: () => 0 });
  return createActor(createSessionMachine({ api, tokens })).start();
}

describe('the kept referral code at sign-up (spec 001 §3 Coupon customer, §7)', () => {
  it('§7: a new customer’s sign-up sends the kept code once, as referral_link, with the new account’s bearer, then forgets it', async () => {
    const created = tokenPairFor('new-user');
    const sent: { body: unknown; bearer: string | null }[] = [];
    server.use(
      mocks.signUp(() => created),
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.referCouponCustomer(async ({ request }) => {
        sent.push({ body: await request.clone().json(), bearer: request.headers.get('Authorization') });
        return { referral_code: 'ABCDE-12345', coupon_source: 'referral_link', referred_by_stylist: null, referees: 0, rewarded: 0 };
      }),
    );
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    const outcome = await signUpAndWait(signUpSession(), { email: 'ada@example.com' });
    expect(outcome).toEqual({ kind: 'signed-up' });
    expect(sent).toEqual([{ body: { referral_code: '7KQ2M-XW9DA', coupon_source: 'referral_link' }, bearer: `Bearer ${created.access}` }]);
    expect(storedReferralCode()).toBeNull();
  });

  it('§3 isSelfReferral: a refused code (422 self_referral) is forgotten and the sign-up still succeeds', async () => {
    server.use(
      mocks.signUp(() => tokenPairFor('new-user')),
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.referCouponCustomer(() => mockError(422, { code: 'self_referral', detail: 'This is your own referral code.' })),
    );
    keepReferralCode('?referral_code=7KQ2M-XW9DA');
    expect(await signUpAndWait(signUpSession(), { email: 'ada@example.com' })).toEqual({ kind: 'signed-up' });
    expect(storedReferralCode()).toBeNull();
  });

  it('without a kept code nothing is sent (an unexpected request would fail the test)', async () => {
    server.use(
      mocks.signUp(() => tokenPairFor('new-user')),
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
    );
    expect(await signUpAndWait(signUpSession(), { email: 'ada@example.com' })).toEqual({ kind: 'signed-up' });
  });
});
