import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/migrate-database';
import { users } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { dumpDatabase } from './support/dump-database';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, uniqueEmail, type TestApp } from './support/test-app';

// The rules of server/identity/README.md, each against the attack that broke it (issue 10, defects 1-3).

function subjectOf(access: string): string {
  return JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')).sub;
}

/** Every row of every table but the rate-limit counters (a refused sign-up still counts as an attempt). */
async function savedRows(t: TestApp): Promise<unknown> {
  const { rate_limits: _counters, ...rest } = JSON.parse(await dumpDatabase(t.db));
  return rest;
}

const home = { address1: '1 Guest Street', city: 'Austin', state: 'TX', zipcode: '73301', country: 'US' };

describeEachDatabase('identity rules against account takeover (server/identity/README.md)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  const mailsTo = async (to: string): Promise<{ subject: string; text: string; links: string[] }[]> =>
    (await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(to)}`)).body;

  describe('an e-mail change takes effect only once the new address confirms it (defect 1)', () => {
    it('an attacker who puts the victim’s address on their account gets nothing: the victim signs up and in to their own account', async () => {
      const attacker = await signUpCustomer(t);
      const victim = uniqueEmail('victim');
      const patched = await t.call('PATCH', '/v1/account/', { token: attacker.access, body: { email: victim } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ email: attacker.email, pending_email: victim });

      const signUp = await t.call('POST', '/v1/auth/signup/', { body: { email: victim, has_accepted_terms: true } });
      expect(signUp.status).toBe(201);
      expect(subjectOf(signUp.body.access)).not.toBe(subjectOf(attacker.access));
      expect((await t.call('POST', '/v1/auth/signin/', { body: { username: victim } })).status).toBe(200);
      const signedIn = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: await latestMagicToken(t, victim) } });
      expect(subjectOf(signedIn.body.access)).toBe(subjectOf(signUp.body.access));
      // The attacker's request can no longer be confirmed either: the address belongs to the victim now.
      expect((await t.call('GET', '/v1/account/', { token: attacker.access })).body.email).toBe(attacker.email);
    });

    it('the confirmation link works only in a session of the account that asked: the victim clicking it changes nothing', async () => {
      const attacker = await signUpCustomer(t);
      const victim = await signUpCustomer(t);
      const target = uniqueEmail('target');
      await t.call('PATCH', '/v1/account/', { token: attacker.access, body: { email: target } });
      const [mail] = await mailsTo(target);
      const token = new URL(mail!.links[0]!).searchParams.get('token')!;
      expect(mail!.links[0]).toMatch(/^https:\/\/shop\.test\/account\/confirm-email\?token=/);

      const asVictim = await t.call('POST', '/v1/account/email/confirm/', { token: victim.access, body: { token } });
      expect(asVictim.status).toBe(404);
      expect(asVictim.body.code).toBe('confirmation_not_found');
      const guest = await startGuest(t);
      expect((await t.call('POST', '/v1/account/email/confirm/', { token: guest.access, body: { token } })).status).toBe(404);
      expect((await t.call('POST', '/v1/account/email/confirm/', { body: { token } })).status).toBe(401);
      expect((await t.call('GET', '/v1/account/', { token: attacker.access })).body.email).toBe(attacker.email);
    });

    it('once confirmed: the old address is told, links mailed to it stop working, other sessions end, this one goes on', async () => {
      const owner = await signUpCustomer(t);
      const laptop = await t.call('POST', '/v1/auth/signin/', { body: { username: owner.email } });
      expect(laptop.status).toBe(200);
      const oldLink = await latestMagicToken(t, owner.email);
      const otherDevice = (await t.call('POST', '/v1/auth/signin/verify/', { body: { token: oldLink } })).body;
      await t.call('POST', '/v1/auth/signin/', { body: { username: owner.email } });
      const unusedOldLink = await latestMagicToken(t, owner.email);

      const next = uniqueEmail('next');
      await t.call('PATCH', '/v1/account/', { token: owner.access, body: { email: next } });
      const confirmed = await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body: { token: await latestMagicToken(t, next) } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email: next, username: next, pending_email: null });

      const [notice] = await mailsTo(owner.email);
      expect(notice).toMatchObject({ subject: 'Your e-mail address was changed' });
      expect(notice!.text).toContain(next);
      expect((await t.call('POST', '/v1/auth/signin/verify/', { body: { token: unusedOldLink } })).status).toBe(401);
      expect((await t.call('GET', '/v1/account/', { token: otherDevice.access })).status).toBe(401);
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: otherDevice.refresh } })).status).toBe(401);
      expect((await t.call('GET', '/v1/account/', { token: owner.access })).status).toBe(200);
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: owner.refresh } })).status).toBe(200);
      // Sign-in follows the new address only.
      expect((await t.call('POST', '/v1/auth/signin/', { body: { username: owner.email } })).status).toBe(404);
      expect((await t.call('POST', '/v1/auth/signin/', { body: { username: next } })).status).toBe(200);
    });

    it('a link works once, for an hour, and only the newest request counts', async () => {
      const owner = await signUpCustomer(t);
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      await t.call('PATCH', '/v1/account/', { token: owner.access, body: { email: first } });
      const firstToken = await latestMagicToken(t, first);
      await t.call('PATCH', '/v1/account/', { token: owner.access, body: { email: second } });
      expect((await t.call('GET', '/v1/account/', { token: owner.access })).body.pending_email).toBe(second);
      expect((await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body: { token: firstToken } })).status).toBe(404);

      const secondToken = await latestMagicToken(t, second);
      t.clock.advance(60 * 60_000 + 1);
      try {
        const later = (await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: owner.refresh } })).body;
        expect((await t.call('POST', '/v1/account/email/confirm/', { token: later.access, body: { token: secondToken } })).status).toBe(404);
      } finally {
        t.clock.advance(-(60 * 60_000 + 1));
      }
      expect((await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body: { token: secondToken } })).status).toBe(200);
      expect((await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body: { token: secondToken } })).status).toBe(404);
    });

    it('an address another account took meanwhile is 409 email_taken, and nothing changes', async () => {
      const owner = await signUpCustomer(t);
      const wanted = uniqueEmail('wanted');
      await t.call('PATCH', '/v1/account/', { token: owner.access, body: { email: wanted } });
      const token = await latestMagicToken(t, wanted);
      await signUpCustomer(t, { email: wanted });
      const before = await savedRows(t);
      const response = await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body: { token } });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'email_taken', detail: expect.any(String) });
      expect(await savedRows(t)).toEqual(before);
    });

    it('bad input is a 400 naming the field, and saves nothing', async () => {
      const owner = await signUpCustomer(t);
      const before = await savedRows(t);
      for (const body of [{}, { token: '' }, { token: 'x'.repeat(501) }, { token: 12 }, { token: 'a', extra: 1 }]) {
        const response = await t.call('POST', '/v1/account/email/confirm/', { token: owner.access, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.code).toBe('validation_error');
      }
      expect((await t.call('PATCH', '/v1/account/', { token: owner.access, body: { email: 'not-an-address' } })).status).toBe(400);
      expect(await savedRows(t)).toEqual(before);
    });
  });

  describe('a magic link reaches only the account that owns the e-mail; no username is another person’s address (defect 2)', () => {
    it('sign-up refuses a username shaped like another address, and saves nothing', async () => {
      const victim = uniqueEmail('victim');
      const before = await savedRows(t);
      const response = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail('squatter'), username: victim, has_accepted_terms: true } });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields)).toEqual(['username']);
      expect(await savedRows(t)).toEqual(before);
    });

    it('PATCH refuses a username that is another address; the account’s own e-mail or a plain name are fine', async () => {
      const squatter = await signUpCustomer(t);
      const refused = await t.call('PATCH', '/v1/account/', { token: squatter.access, body: { username: uniqueEmail('victim') } });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual(['username']);
      const plain = `ada-${Date.now().toString(36)}`;
      expect((await t.call('PATCH', '/v1/account/', { token: squatter.access, body: { username: plain } })).body.username).toBe(plain);
      expect((await t.call('PATCH', '/v1/account/', { token: squatter.access, body: { username: squatter.email } })).body.username).toBe(squatter.email);
    });

    it('a username never finds an account: sign-in asks for the e-mail', async () => {
      const customer = await signUpCustomer(t);
      const plain = `grace-${Date.now().toString(36)}`;
      await t.call('PATCH', '/v1/account/', { token: customer.access, body: { username: plain } });
      expect((await t.call('POST', '/v1/auth/signin/', { body: { username: plain } })).status).toBe(404);
      expect((await t.call('POST', '/v1/auth/signin/', { body: { username: customer.email } })).status).toBe(200);
    });

    it('the migration takes back usernames shaped like someone else’s address; the victim then signs up and gets their own links', async () => {
      const victim = uniqueEmail('victim');
      const squatterEmail = uniqueEmail('squatter');
      // A row as the old rules allowed it.
      await t.db.insert(users).values({ pubkey: `squat-${Date.now()}`, email: squatterEmail, username: victim, isGuest: false });
      const statements = readFileSync(`${migrationsFolder}/0001_identity_rules.sql`, 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter((statement) => /^(--[^\n]*\n)*UPDATE "users"/.test(statement));
      expect(statements).toHaveLength(2);
      for (const statement of statements) await t.db.execute(sql.raw(statement));
      const [squatter] = await t.db.select().from(users).where(eq(users.email, squatterEmail));
      expect(squatter?.username).toBe(squatterEmail);

      const signUp = await t.call('POST', '/v1/auth/signup/', { body: { email: victim, has_accepted_terms: true } });
      expect(signUp.status).toBe(201);
      await t.call('POST', '/v1/auth/signin/', { body: { username: victim } });
      expect(await mailsTo(squatterEmail)).toEqual([]);
      const verified = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: await latestMagicToken(t, victim) } });
      expect(subjectOf(verified.body.access)).toBe(subjectOf(signUp.body.access));
    });
  });

  describe('a guest’s data joins an account only when the same guest session completes the link it asked for (defect 3)', () => {
    async function guestWithAnswers() {
      const guest = await startGuest(t);
      await t.call('PATCH', '/v1/account/hair_profile/', { token: guest.access, body: { hair_length: 'long', diag_hair_type: 'oily' } });
      await t.call('POST', '/v1/account/addresses', { token: guest.access, body: home });
      return guest;
    }

    for (const via of ['sign-in', 'sign-up'] as const) {
      it(`a stranger’s guest asks for a link to the victim’s e-mail (${via}); the victim follows it and keeps their own answers`, async () => {
        const victim = await signUpCustomer(t);
        await t.call('PATCH', '/v1/account/hair_profile/', { token: victim.access, body: { hair_length: 'short', diag_hair_type: 'dry' } });
        const stranger = await guestWithAnswers();
        const asked =
          via === 'sign-in'
            ? await t.call('POST', '/v1/auth/signin/', { token: stranger.access, body: { username: victim.email } })
            : await t.call('POST', '/v1/auth/signup/', { token: stranger.access, body: { email: victim.email, has_accepted_terms: true } });
        expect(asked.body).toEqual({ magic_link_sent: true });
        const link = await latestMagicToken(t, victim.email);

        // In the victim's browser: no token, or the victim's own guest session.
        const ownGuest = await startGuest(t);
        const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: ownGuest.access, body: { token: link } });
        expect(verified.status).toBe(200);
        const profile = (await t.call('GET', '/v1/account/hair_profile/', { token: verified.body.access })).body;
        expect(profile).toMatchObject({ hair_length: 'short', diag_hair_type: 'dry' });
        expect((await t.call('GET', '/v1/account/addresses', { token: verified.body.access })).body).toEqual([]);
        // The stranger is still a guest with their own answers.
        expect((await t.call('GET', '/v1/account/hair_profile/', { token: stranger.access })).body).toMatchObject({ hair_length: 'long' });
      });
    }

    it('the link followed with no token at all merges nothing', async () => {
      const victim = await signUpCustomer(t);
      const stranger = await guestWithAnswers();
      await t.call('POST', '/v1/auth/signin/', { token: stranger.access, body: { username: victim.email } });
      const verified = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: await latestMagicToken(t, victim.email) } });
      expect(verified.status).toBe(200);
      expect((await t.call('GET', '/v1/account/hair_profile/', { token: verified.body.access })).body.hair_length).toBeUndefined();
    });

    it('the same guest session following its own link brings its answers and address', async () => {
      const customer = await signUpCustomer(t);
      const guest = await guestWithAnswers();
      await t.call('POST', '/v1/auth/signin/', { token: guest.access, body: { username: customer.email } });
      const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: guest.access, body: { token: await latestMagicToken(t, customer.email) } });
      expect(verified.status).toBe(200);
      expect((await t.call('GET', '/v1/account/hair_profile/', { token: verified.body.access })).body).toMatchObject({
        hair_length: 'long',
        diag_hair_type: 'oily',
      });
      expect((await t.call('GET', '/v1/account/addresses', { token: verified.body.access })).body).toHaveLength(1);
      expect((await t.call('GET', '/v1/account/', { token: guest.access })).status).toBe(401);
    });

    it('a stale or forged token sent with a good link still signs in, without merging', async () => {
      const customer = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: customer.email } });
      const verified = await t.call('POST', '/v1/auth/signin/verify/', {
        token: 'forged.token.value',
        body: { token: await latestMagicToken(t, customer.email) },
      });
      expect(verified.status).toBe(200);
    });
  });
});
