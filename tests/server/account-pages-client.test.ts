import { beforeAll, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient, createMemoryTokenStore, type ApiClient } from '#api';
import { seedDatabase } from '../../server/db/seed-database';
import { accountUpdate } from '../../shop/account/account-update';
import { changeAddresses, createAddressesMachine } from '../../shop/account/addresses-machine';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, uniqueEmail, type TestApp } from './support/test-app';

/**
 * The account pages' own code (shop/account/) against the real server, on PGlite and PostgreSQL: the address book's
 * machine and the profile's PATCH body, through the typed client, as the pages send them (the DOM tests use mocks).
 */
describeEachDatabase('the account pages’ calls on the real server (spec 001 §5, §7 Account and addresses)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedDatabase(database().db);
    t = createTestApp(database().db);
  });

  async function customerClient(): Promise<{ api: ApiClient; email: string }> {
    const { access, refresh, email } = await signUpCustomer(t);
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(t.app.request(String(input), init));
    return { api: createApiClient({ baseUrl: 'http://shop.test', fetch, tokens: createMemoryTokenStore({ user: { access, refresh } }), retries: 0 }), email };
  }

  it('the address book: the first address is the primary; add, make primary, edit, delete (204) keep the list as the server has it, primary first', async () => {
    const { api } = await customerClient();
    const actor = createActor(createAddressesMachine(api)).start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.context.status === 'success');
    expect(actor.getSnapshot().context.data).toEqual([]);

    const brooklyn = { address1: '1 Main St', city: 'Brooklyn', state: 'NY', zipcode: '11201', country: 'US' as const };
    const toronto = { address1: '100 Queen St W', city: 'Toronto', state: 'ON', zipcode: 'M5H 2N2', country: 'CA' as const };
    expect(await changeAddresses(actor, { kind: 'add', input: brooklyn })).toEqual({ ok: true });
    expect(await changeAddresses(actor, { kind: 'add', input: toronto })).toEqual({ ok: true });
    const book = () => actor.getSnapshot().context.data!.map((a) => [a.city, a.primary]);
    expect(book()).toEqual([
      ['Brooklyn', true],
      ['Toronto', false],
    ]);
    const server = async () => (await api.getAddresses()).map((a) => [a.city, a.primary]);
    expect(await server()).toEqual(book());

    const torontoKey = actor.getSnapshot().context.data![1]!.pubkey;
    expect(await changeAddresses(actor, { kind: 'primary', pubkey: torontoKey })).toEqual({ ok: true });
    expect(book()).toEqual([
      ['Toronto', true],
      ['Brooklyn', false],
    ]);
    expect(await server()).toEqual(book());

    // A postal code of another province: the server's field error comes back, nothing changes.
    const refused = await changeAddresses(actor, { kind: 'edit', pubkey: torontoKey, input: { ...toronto, state: 'BC' } });
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && (refused.error as { fields?: Record<string, string[]> }).fields?.zipcode).toBeTruthy();
    expect(await changeAddresses(actor, { kind: 'edit', pubkey: torontoKey, input: { ...toronto, address2: 'Suite 5' } })).toEqual({ ok: true });
    expect(actor.getSnapshot().context.data![0]!.address2).toBe('Suite 5');

    // Deleting the primary: the server gives it to the address left.
    expect(await changeAddresses(actor, { kind: 'delete', pubkey: torontoKey })).toEqual({ ok: true });
    expect(book()).toEqual([['Brooklyn', true]]);
    expect(await server()).toEqual(book());
    actor.stop();
  });

  it('another customer’s address is not theirs to change: refused (404), the book rolled back', async () => {
    const ada = await customerClient();
    const grace = await customerClient();
    const theirs = await grace.api.createAddress({ address1: '9 Elm St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' });
    const actor = createActor(createAddressesMachine(ada.api)).start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.context.status === 'success');
    const outcome = await changeAddresses(actor, { kind: 'delete', pubkey: theirs.pubkey });
    expect(outcome.ok === false && (outcome.error as { status?: number }).status).toBe(404);
    expect((await grace.api.getAddresses()).map((a) => a.pubkey)).toEqual([theirs.pubkey]);
    actor.stop();
  });

  it('spec 001 §5: the profile’s body (lowercased e-mail and username, the username defaulting to the e-mail, opt-ins false unless given) is taken; a new e-mail waits for its link', async () => {
    const { api, email } = await customerClient();
    const saved = await api.patchAccount(
      accountUpdate({ first_name: 'Ada', last_name: 'King', email: email.toUpperCase(), username: '', phone: '(416) 555-0123' }, { email }),
    );
    expect(saved).toMatchObject({ last_name: 'King', email, username: email, phone: '+14165550123', text_optin: false, text_marketing_optin: false });
    const next = uniqueEmail('next');
    const moved = await api.patchAccount(
      accountUpdate({ first_name: 'Ada', last_name: 'King', email: next.toUpperCase(), username: '', phone: '' }, { email }),
    );
    expect(moved).toMatchObject({ email, username: email, pending_email: next, phone: null });
  });
});
