import { beforeAll, describe, expect, it } from 'vitest';
import { address, stylist, user } from '#api';
import { eq } from 'drizzle-orm';
import { emailChanges } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed-database';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, uniqueEmail, type TestApp } from './support/test-app';

const home = { address1: '350 5th Ave', city: 'New York', state: 'NY', zipcode: '10118', country: 'US' };

describeEachDatabase('account (API.md Identity; spec 000 §3.9)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedDatabase(database().db);
    await seedDatabase(database().db); // seeding twice changes nothing
    t = createTestApp(database().db);
  });

  describe('GET and PATCH /v1/account/', () => {
    it('answers the User schema', async () => {
      const { access } = await signUpCustomer(t);
      const response = await t.call('GET', '/v1/account/', { token: access });
      expect(response.status).toBe(200);
      const parsed = user.parse(response.body);
      expect(parsed.profile).toMatchObject({ hair_profile_status: null, order_count: 0, is_fragrance_soldout: false });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('changes names, phone and opt-ins', async () => {
      const { access } = await signUpCustomer(t);
      const response = await t.call('PATCH', '/v1/account', {
        token: access,
        body: { first_name: ' Grace ', last_name: 'Hopper', phone: '+1 212 555 0100', text_optin: true },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '+1 212 555 0100',
        text_optin: true,
        text_marketing_optin: false,
      });
      expect((await t.call('GET', '/v1/account/', { token: access })).body.first_name).toBe('Grace');
    });

    it('an e-mail change shows as pending_email until its link expires, then no longer', async () => {
      const { access } = await signUpCustomer(t);
      const email = uniqueEmail('expiring');
      expect((await t.call('PATCH', '/v1/account/', { token: access, body: { email } })).body.pending_email).toBe(email);
      await t.db
        .update(emailChanges)
        .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
        .where(eq(emailChanges.newEmail, email));
      expect((await t.call('GET', '/v1/account/', { token: access })).body.pending_email).toBeNull();
    });

    it('a new e-mail waits for the new address to confirm it, then the username moves with it; one in use is a field error', async () => {
      const other = await signUpCustomer(t);
      const { access, email: old } = await signUpCustomer(t);
      const email = uniqueEmail('moved');
      const asked = await t.call('PATCH', '/v1/account/', { token: access, body: { email: email.toUpperCase() } });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ email: old, username: old, pending_email: email });
      const confirmed = await t.call('POST', '/v1/account/email/confirm/', { token: access, body: { token: await latestMagicToken(t, email) } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email, username: email, pending_email: null });
      const taken = await t.call('PATCH', '/v1/account/', { token: access, body: { email: other.email } });
      expect(taken.status).toBe(400);
      expect(taken.body).toMatchObject({ code: 'validation_error', fields: { email: [expect.any(String)] } });
    });

    it('field errors name the field; unknown keys are refused', async () => {
      const { access } = await signUpCustomer(t);
      const bad = await t.call('PATCH', '/v1/account/', { token: access, body: { phone: 'call me', pubkey: 'x' } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ phone: ['Enter a valid phone number.'], pubkey: ['This field is not allowed.'] });
    });

    it('a guest cannot set an e-mail by PATCH (sign-up does that)', async () => {
      const guest = await startGuest(t);
      const response = await t.call('PATCH', '/v1/account/', { token: guest.access, body: { email: uniqueEmail() } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('guest_account');
      expect((await t.call('PATCH', '/v1/account/', { token: guest.access, body: { first_name: 'Guest' } })).status).toBe(200);
    });
  });

  describe('addresses', () => {
    it('create, list, change, delete (204); the first address is primary', async () => {
      const { access } = await signUpCustomer(t);
      expect((await t.call('GET', '/v1/account/addresses', { token: access })).body).toEqual([]);
      const created = await t.call('POST', '/v1/account/addresses', { token: access, body: home });
      expect(created.status).toBe(201);
      const first = address.parse(created.body);
      expect(first).toMatchObject({ ...home, address2: null, primary: true });

      const second = await t.call('POST', '/v1/account/addresses/', {
        token: access,
        body: { address1: '1 Yonge St', address2: 'Suite 1', city: 'Toronto', state: 'ON', zipcode: 'm5e1w7', country: 'CA', primary: true },
      });
      expect(second.body).toMatchObject({ zipcode: 'M5E 1W7', primary: true });
      const list = await t.call('GET', '/v1/account/addresses/', { token: access });
      expect(list.body.map((a: { pubkey: string; primary: boolean }) => [a.pubkey, a.primary])).toEqual([
        [second.body.pubkey, true],
        [first.pubkey, false],
      ]);

      const patched = await t.call('PATCH', `/v1/account/addresses/${first.pubkey}`, { token: access, body: { address2: 'Floor 86', primary: true } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ address1: home.address1, address2: 'Floor 86', primary: true });
      const afterPatch = (await t.call('GET', '/v1/account/addresses', { token: access })).body;
      expect(afterPatch.filter((a: { primary: boolean }) => a.primary)).toHaveLength(1);

      const deleted = await t.call('DELETE', `/v1/account/addresses/${first.pubkey}/`, { token: access });
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBe('');
      const remaining = (await t.call('GET', '/v1/account/addresses', { token: access })).body;
      expect(remaining).toEqual([expect.objectContaining({ pubkey: second.body.pubkey, primary: true })]);
      expect((await t.call('DELETE', `/v1/account/addresses/${first.pubkey}`, { token: access })).status).toBe(404);
    });

    it('another customer’s address answers 404 and is left alone', async () => {
      const owner = await signUpCustomer(t);
      const intruder = await signUpCustomer(t);
      const created = (await t.call('POST', '/v1/account/addresses', { token: owner.access, body: home })).body;
      const patch = await t.call('PATCH', `/v1/account/addresses/${created.pubkey}`, { token: intruder.access, body: { city: 'Gotham' } });
      expect(patch.status).toBe(404);
      expect(patch.body.code).toBe('not_found');
      expect((await t.call('DELETE', `/v1/account/addresses/${created.pubkey}`, { token: intruder.access })).status).toBe(404);
      expect((await t.call('GET', '/v1/account/addresses', { token: intruder.access })).body).toEqual([]);
      const ownerList = (await t.call('GET', '/v1/account/addresses', { token: owner.access })).body;
      expect(ownerList).toEqual([expect.objectContaining({ pubkey: created.pubkey, city: 'New York' })]);
    });

    it('checks the postal code against the country', async () => {
      const { access } = await signUpCustomer(t);
      const bad = await t.call('POST', '/v1/account/addresses', { token: access, body: { ...home, zipcode: 'M5V 3L9' } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ zipcode: ['Enter a valid ZIP code, like 10001.'] });
      const created = (await t.call('POST', '/v1/account/addresses', { token: access, body: home })).body;
      const badPatch = await t.call('PATCH', `/v1/account/addresses/${created.pubkey}`, { token: access, body: { country: 'CA' } });
      expect(badPatch.status).toBe(400);
      expect(badPatch.body.fields.zipcode).toBeDefined();
    });

    it('issue 14, spec 001 §9 Countries: the state must be one of the country’s, kept by its code; a bad one saves nothing', async () => {
      const { access } = await signUpCustomer(t);
      const named = await t.call('POST', '/v1/account/addresses', { token: access, body: { ...home, state: 'new york' } });
      expect(named).toMatchObject({ status: 201, body: { state: 'NY' } });
      const lower = await t.call('POST', '/v1/account/addresses', { token: access, body: { ...home, state: 'tx', zipcode: '73301' } });
      expect(lower.body.state).toBe('TX');
      const before = (await t.call('GET', '/v1/account/addresses', { token: access })).body;
      const province = await t.call('POST', '/v1/account/addresses', { token: access, body: { ...home, state: 'ON' } });
      expect(province).toMatchObject({ status: 400, body: { code: 'validation_error', fields: { state: ['Choose a state of the United States.'] } } });
      const both = await t.call('POST', '/v1/account/addresses', { token: access, body: { ...home, state: 'ZZ', zipcode: 'nope' } });
      expect(Object.keys(both.body.fields).sort()).toEqual(['state', 'zipcode']);
      // Moving an address to Canada needs a province and a postal code of Canada; nothing changes until both are.
      const moved = await t.call('PATCH', `/v1/account/addresses/${named.body.pubkey}`, { token: access, body: { country: 'CA', zipcode: 'M5V 3L9' } });
      expect(moved).toMatchObject({ status: 400, body: { fields: { state: ['Choose a province of Canada.'] } } });
      expect((await t.call('GET', '/v1/account/addresses', { token: access })).body).toEqual(before);
      const done = await t.call('PATCH', `/v1/account/addresses/${named.body.pubkey}`, {
        token: access,
        body: { country: 'CA', zipcode: 'M5V 3L9', state: 'Ontario' },
      });
      expect(done).toMatchObject({ status: 200, body: { country: 'CA', state: 'ON', zipcode: 'M5V 3L9' } });
    });

    it('names missing and unknown fields', async () => {
      const { access } = await signUpCustomer(t);
      const response = await t.call('POST', '/v1/account/addresses', { token: access, body: { address1: 'x', country: 'FR', colour: 'red' } });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields).sort()).toEqual(['city', 'colour', 'country', 'state', 'zipcode']);
    });
  });

  describe('stylists', () => {
    it('GET /v1/stylists/{public_slug} shows the seeded demo stylist; an unknown slug is 404', async () => {
      const response = await t.call('GET', '/v1/stylists/demo-stylist');
      expect(response.status).toBe(200);
      expect(stylist.parse(response.body)).toMatchObject({ public_slug: 'demo-stylist', public_name: 'Jamie Rivera' });
      const unknown = await t.call('GET', '/v1/stylists/nobody');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('unknown_stylist');
    });

    it('POST /v1/account/stylist links the stylist to the customer', async () => {
      const { access } = await signUpCustomer(t);
      const linked = await t.call('POST', '/v1/account/stylist', { token: access, body: { public_slug: 'demo-stylist' } });
      expect(linked.status).toBe(200);
      expect(linked.body.stylist).toMatchObject({ public_slug: 'demo-stylist' });
      expect((await t.call('GET', '/v1/account/', { token: access })).body.stylist.public_name).toBe('Jamie Rivera');
      const unknown = await t.call('POST', '/v1/account/stylist', { token: access, body: { public_slug: 'nobody' } });
      expect(unknown.status).toBe(404);
    });
  });
});
