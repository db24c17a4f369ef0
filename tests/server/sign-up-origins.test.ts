import { beforeAll, expect, it } from 'vitest';
import { accountCreationOrigin, tokenPair, user } from '#api';
import { describeEachDatabase } from './support/databases';
import { createTestApp, startGuest, uniqueEmail, type TestApp } from './support/test-app';

// Sign-up origins (spec 000 §9) and the e-mail-only sign-up of the exit-consultation modal (§2.7, §3.9).
describeEachDatabase('sign-up origins (spec 000 §9)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  const signUp = (body: Record<string, unknown>, token?: string) => t.call('POST', '/v1/auth/signup/', { body, token });
  const account = async (access: string) => user.parse((await t.call('GET', '/v1/account/', { token: access })).body);

  it('accepts every account_creation_origin and records it as the customer’s customer_origin', async () => {
    expect(accountCreationOrigin.options).toHaveLength(10);
    for (const origin of accountCreationOrigin.options) {
      const email = uniqueEmail(origin);
      const response = await signUp({
        email,
        username: email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        has_accepted_terms: true,
        account_creation_origin: origin,
      });
      expect(response.status, origin).toBe(201);
      const me = await account(tokenPair.parse(response.body).access);
      expect(me, origin).toMatchObject({ email, customer_origin: origin, is_guest: false, first_name: 'Ada' });
    }
  });

  it('an e-mail alone signs up (the exit modal sends no names): the names are empty, the origin kept', async () => {
    for (const origin of ['consultation_exit_modal_haircare', 'consultation_exit_modal_skincare', 'consultation_exit_modal_agnostic'] as const) {
      const email = uniqueEmail('exit');
      const response = await signUp({ email, username: email, has_accepted_terms: true, account_creation_origin: origin });
      expect(response.status, origin).toBe(201);
      expect(await account(response.body.access)).toMatchObject({ email, username: email, first_name: '', last_name: '', customer_origin: origin });
    }
    const blankNames = uniqueEmail('blank');
    const blank = await signUp({
      email: blankNames,
      first_name: '',
      last_name: '  ',
      has_accepted_terms: true,
      account_creation_origin: 'pop_up_sign_up_v1_test',
    });
    expect(blank.status).toBe(201);
    expect(await account(blank.body.access)).toMatchObject({ first_name: '', last_name: '', username: blankNames });
  });

  it('without an origin the customer has none', async () => {
    const response = await signUp({ email: uniqueEmail(), has_accepted_terms: true });
    expect(response.status).toBe(201);
    expect((await account(response.body.access)).customer_origin).toBeNull();
  });

  it('a guest who signs up from the exit modal keeps the guest row and gets the origin', async () => {
    const guest = await startGuest(t);
    const email = uniqueEmail('guest');
    const response = await signUp({ email, has_accepted_terms: true, account_creation_origin: 'consultation_exit_modal_skincare' }, guest.access);
    expect(response.status).toBe(201);
    expect(await account(response.body.access)).toMatchObject({ email, is_guest: false, first_name: '', customer_origin: 'consultation_exit_modal_skincare' });
  });

  it('an unknown origin is 400 naming account_creation_origin, and no account is made', async () => {
    const email = uniqueEmail('unknown');
    for (const origin of ['consultation_sign_up', 'CHECKOUT_CARTV2', '', 42, null]) {
      const response = await signUp({ email, has_accepted_terms: true, account_creation_origin: origin });
      expect(response.status, String(origin)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
      expect(Object.keys(response.body.fields), String(origin)).toEqual(['account_creation_origin']);
    }
    expect((await t.call('POST', '/v1/auth/signin/', { body: { username: email } })).status).toBe(404);
  });
});
