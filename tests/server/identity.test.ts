import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenPair } from '#api';
import { authSessions, coupons, magicLinks, refreshTokens, users } from '../../server/db/schema';
import { signJwt } from '../../server/identity/jwt';
import { hashToken } from '../../server/identity/token-hash';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, TEST_SECRET, uniqueEmail, type TestApp } from './support/test-app';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describeEachDatabase('identity (spec 000 §4.6, §5.6, §7)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = createTestApp(database().db);
    await database().db.insert(coupons).values({ code: 'spring20' });
  });

  describe('guest sign-up', () => {
    it('gives guest tokens whose access token carries sub, guest and a 15-minute exp', async () => {
      const response = await t.call('POST', '/v1/auth/signup/guest/');
      expect(response.status).toBe(201);
      const tokens = tokenPair.parse(response.body);
      const claims = claimsOf(tokens.access);
      expect(claims).toMatchObject({ guest: true, sub: expect.any(String) });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
      const account = await t.call('GET', '/v1/account/', { token: tokens.access });
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ is_guest: true, email: '', pubkey: claims.sub });
    });

    it('works without the trailing slash too', async () => {
      expect((await t.call('POST', '/v1/auth/signup/guest')).status).toBe(201);
    });
  });

  describe('sign-up', () => {
    it('creates the account, lowercases e-mail and username, defaults username and opt-ins, records the origin', async () => {
      const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
      const response = await t.call('POST', '/v1/auth/signup/', {
        body: {
          email: email.toUpperCase(),
          first_name: 'Ada',
          last_name: 'Lovelace',
          has_accepted_terms: true,
          account_creation_origin: 'consultation_sign_up_haircare',
        },
      });
      expect(response.status).toBe(201);
      const { access } = tokenPair.parse(response.body);
      expect(claimsOf(access).guest).toBe(false);
      const account = await t.call('GET', '/v1/account/', { token: access });
      expect(account.body).toMatchObject({
        email: email.toLowerCase(),
        username: email.toLowerCase(),
        first_name: 'Ada',
        last_name: 'Lovelace',
        text_optin: false,
        text_marketing_optin: false,
        is_guest: false,
        has_accepted_terms: true,
        customer_origin: 'consultation_sign_up_haircare',
        consultation_statuses: { haircare: 'not_started', skincare: 'not_started' },
      });
    });

    it('mails a magic link instead when the e-mail already has an account (200 magic_link_sent)', async () => {
      const { email } = await signUpCustomer(t);
      const again = await t.call('POST', '/v1/auth/signup/', { body: { email: email.toUpperCase(), has_accepted_terms: true } });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ magic_link_sent: true });
      const outbox = await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(email)}`);
      expect(outbox.body).toHaveLength(1);
      expect(outbox.body[0].links[0]).toMatch(/^https:\/\/shop\.test\/signin\/verify\?token=[\w-]+&next=/);
    });

    it('issue 14 (spec 001 §2, §6): a known e-mail given at checkout gets a link back to that checkout step; a next path off the site is 400', async () => {
      const { email } = await signUpCustomer(t);
      const next = '/checkout/haircare/account-details';
      const again = await t.call('POST', '/v1/auth/signup/', { body: { email, has_accepted_terms: true, account_creation_origin: 'checkout_cartv2', next } });
      expect(again).toMatchObject({ status: 200, body: { magic_link_sent: true } });
      const outbox = await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(email)}`);
      expect(new URL(outbox.body.at(-1).links[0]).searchParams.get('next')).toBe(next);
      const offSite = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, next: '//evil.example/' } });
      expect(offSite).toMatchObject({ status: 400, body: { fields: { next: [expect.any(String)] } } });
    });

    it('refuses an unknown coupon with 422 invalid_coupon and accepts a known one in any case', async () => {
      const bad = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, coupon: 'NOPE' } });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ code: 'invalid_coupon', detail: expect.any(String) });
      const good = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, coupon: 'Spring20' } });
      expect(good.status).toBe(201);
    });

    it("issue 28 item 5: sign-up takes the shop's coupon book's codes (server/promotions/coupons.yaml) while they run, in any case; one that has ended is 422 invalid_coupon", async () => {
      const friend = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, coupon: 'friend20' } });
      expect(friend.status).toBe(201);
      // HAIRCARE15 runs until 2027-07-01 (coupons.yaml): after that, sign-up refuses it.
      t.clock.set(new Date('2027-07-02T00:00:00Z'));
      try {
        const ended = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, coupon: 'HAIRCARE15' } });
        expect(ended).toMatchObject({ status: 422, body: { code: 'invalid_coupon' } });
      } finally {
        t.clock.set(new Date());
      }
    });

    it('names the e-mail field when it is not an address', async () => {
      const response = await t.call('POST', '/v1/auth/signup/', { body: { email: 'not-an-email', has_accepted_terms: true } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_error');
      expect(response.body.fields.email).toEqual(['Enter a valid email address.']);
    });

    it('says which required field is missing', async () => {
      const response = await t.call('POST', '/v1/auth/signup/', { body: { has_accepted_terms: true } });
      expect(response.status).toBe(400);
      expect(response.body.fields.email).toEqual(['This field is required.']);
    });

    it('refuses an unknown key, naming it', async () => {
      const response = await t.call('POST', '/v1/auth/signup/', { body: { email: uniqueEmail(), has_accepted_terms: true, is_admin: true } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', fields: { is_admin: ['This field is not allowed.'] } });
    });

    it('keeps everything a guest answered: the guest row becomes the customer', async () => {
      const guest = await startGuest(t);
      const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: guest.access, body: { hair_length: 'long', source: 'website' } });
      expect(saved.status).toBe(200);
      const email = uniqueEmail();
      const signUp = await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email, has_accepted_terms: true, first_name: 'Grace' } });
      expect(signUp.status).toBe(201);
      expect(claimsOf(signUp.body.access).sub).toBe(claimsOf(guest.access).sub);
      const profile = await t.call('GET', '/v1/account/hair_profile/', { token: signUp.body.access });
      expect(profile.body).toMatchObject({ hair_length: 'long', consultation_statuses: { haircare: 'draft' } });
      const account = await t.call('GET', '/v1/account/', { token: signUp.body.access });
      expect(account.body).toMatchObject({ is_guest: false, email, first_name: 'Grace' });
      // The guest's own tokens are retired.
      expect((await t.call('GET', '/v1/account/', { token: guest.access })).body.code).toBe('token_not_valid');
    });

    it('a guest signing up with a known e-mail gets a link; following it from the same guest session moves the guest’s answers into the account', async () => {
      const customer = await signUpCustomer(t);
      await t.call('PATCH', '/v1/account/hair_profile/', { token: customer.access, body: { hair_length: 'short', diag_hair_type: 'dry' } });
      const guest = await startGuest(t);
      await t.call('PATCH', '/v1/account/hair_profile/', { token: guest.access, body: { hair_length: 'long', diag_concerns: ['dryness'] } });
      const signUp = await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email: customer.email, has_accepted_terms: true } });
      expect(signUp.body).toEqual({ magic_link_sent: true });
      const verified = await t.call('POST', '/v1/auth/signin/verify/', { token: guest.access, body: { token: await latestMagicToken(t, customer.email) } });
      expect(verified.status).toBe(200);
      const profile = await t.call('GET', '/v1/account/hair_profile/', { token: verified.body.access });
      expect(profile.body).toMatchObject({
        hair_length: 'long',
        diag_hair_type: 'dry',
        diag_concerns: ['dryness'],
        consultation_statuses: { haircare: 'draft', skincare: 'draft' },
      });
      expect((await t.call('GET', '/v1/account/', { token: guest.access })).status).toBe(401);
    });
  });

  describe('sign-in and magic links', () => {
    it('404 unknown_user for an address without an account', async () => {
      const response = await t.call('POST', '/v1/auth/signin/', { body: { username: uniqueEmail(), next: '/' } });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('unknown_user');
    });

    it('refuses a next path that leaves the site', async () => {
      const { email } = await signUpCustomer(t);
      const response = await t.call('POST', '/v1/auth/signin/', { body: { username: email, next: '//evil.example/' } });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields)).toEqual(['next']);
    });

    it('mails {PUBLIC_URL}/signin/verify?token=…&next=… in a plain-text body; the link works once', async () => {
      const { email } = await signUpCustomer(t);
      const request = await t.call('POST', '/v1/auth/signin/', { body: { username: email.toUpperCase(), next: '/consultation/haircare/my-hair/length' } });
      expect(request.status).toBe(200);
      expect(request.body).toEqual({ magic_link_sent: true });
      const [message] = (await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(email)}`)).body;
      const link = new URL(message.links[0]);
      expect(link.origin + link.pathname).toBe('https://shop.test/signin/verify');
      expect(link.searchParams.get('next')).toBe('/consultation/haircare/my-hair/length');
      expect(message.text).toContain(message.links[0]);
      expect(message.subject).toBe('Your sign-in link');

      const first = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: link.searchParams.get('token') } });
      expect(first.status).toBe(200);
      expect(claimsOf(tokenPair.parse(first.body).access).guest).toBe(false);
      const second = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: link.searchParams.get('token') } });
      expect(second.status).toBe(401);
      expect(second.body.code).toBe('token_not_valid');
    });

    it('stores only the sha256 of the token, never the token', async () => {
      const { email } = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
      const token = await latestMagicToken(t, email);
      const rows = await t.db.select().from(magicLinks);
      expect(rows.some((row) => row.tokenHash === hashToken(token))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(token);
      const { refresh } = await signUpCustomer(t);
      const refreshRows = await t.db.select().from(refreshTokens);
      expect(refreshRows.some((row) => row.tokenHash === hashToken(refresh))).toBe(true);
      expect(JSON.stringify(refreshRows)).not.toContain(refresh);
    });

    it('expires 15 minutes after it is sent', async () => {
      const { email } = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
      const token = await latestMagicToken(t, email);
      t.clock.advance(15 * 60_000 + 1);
      try {
        const response = await t.call('POST', '/v1/auth/signin/verify/', { body: { token } });
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('token_not_valid');
      } finally {
        t.clock.advance(-(15 * 60_000 + 1));
      }
    });

    it('works just before the 15 minutes are up', async () => {
      const { email } = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
      const token = await latestMagicToken(t, email);
      t.clock.advance(14 * 60_000);
      try {
        expect((await t.call('POST', '/v1/auth/signin/verify/', { body: { token } })).status).toBe(200);
      } finally {
        t.clock.advance(-14 * 60_000);
      }
    });

    it('two requests racing with one link: exactly one signs in', async () => {
      const { email } = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
      const token = await latestMagicToken(t, email);
      const results = await Promise.all([1, 2, 3].map(() => t.call('POST', '/v1/auth/signin/verify/', { body: { token } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    it('401 token_not_valid for an unknown token', async () => {
      const response = await t.call('POST', '/v1/auth/signin/verify/', { body: { token: 'made-up' } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('token_not_valid');
    });
  });

  describe('rate limits', () => {
    it('429 with Retry-After per username, then per address, and allows again in the next window', async () => {
      const clock = createTestApp(database().db).clock;
      const limited = createTestApp(database().db, {
        clock,
        config: {
          trustProxy: true,
          rateLimits: {
            signinPerUsername: { limit: 2, windowSeconds: 60 },
            signinPerIp: { limit: 4, windowSeconds: 60 },
            verifyPerIp: { limit: 3, windowSeconds: 60 },
            signupPerIp: { limit: 100, windowSeconds: 60 },
            guestSignupPerIp: { limit: 100, windowSeconds: 60 },
            clientErrorsPerIp: { limit: 100, windowSeconds: 60 },
            cardTokensPerIp: { limit: 100, windowSeconds: 60 },
            waitlistPerIp: { limit: 100, windowSeconds: 60 },
            placeOrderPerUser: { limit: 100, windowSeconds: 60 },
            placeOrderPerIp: { limit: 100, windowSeconds: 60 },
            declinesPerUser: { limit: 100, windowSeconds: 60 },
            declinesPerIp: { limit: 100, windowSeconds: 60 },
            savedCardsPerUser: { limit: 100, windowSeconds: 60 },
            savedCardsPerIp: { limit: 100, windowSeconds: 60 },
          },
        },
      });
      const { email } = await signUpCustomer(limited);
      const ask = (username: string, ip: string) => limited.call('POST', '/v1/auth/signin/', { body: { username }, headers: { 'x-forwarded-for': ip } });
      expect((await ask(email, '203.0.113.1')).status).toBe(200);
      expect((await ask(email, '203.0.113.2')).status).toBe(200);
      const third = await ask(email, '203.0.113.3');
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);

      // Per address: four attempts from one address, whatever the usernames.
      for (let i = 0; i < 4; i += 1) expect((await ask(uniqueEmail(), '198.51.100.7')).status).toBe(404);
      expect((await ask(uniqueEmail(), '198.51.100.7')).status).toBe(429);

      clock.advance(61_000);
      expect((await ask(email, '203.0.113.4')).status).toBe(200);

      // Verify is limited per address too: guessing tokens stops quickly.
      for (let i = 0; i < 3; i += 1) {
        const guess = await limited.call('POST', '/v1/auth/signin/verify/', { body: { token: `guess-${i}` }, headers: { 'x-forwarded-for': '192.0.2.9' } });
        expect(guess.status).toBe(401);
      }
      const blocked = await limited.call('POST', '/v1/auth/signin/verify/', { body: { token: 'guess' }, headers: { 'x-forwarded-for': '192.0.2.9' } });
      expect(blocked.status).toBe(429);
    });
  });

  describe('tokens', () => {
    it('refresh rotates: the new pair works, the old refresh token does not', async () => {
      const first = await signUpCustomer(t);
      const rotated = await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: first.refresh } });
      expect(rotated.status).toBe(200);
      const second = tokenPair.parse(rotated.body);
      expect(second.refresh).not.toBe(first.refresh);
      expect((await t.call('GET', '/v1/account/', { token: second.access })).status).toBe(200);
      const third = await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: second.refresh } });
      expect(third.status).toBe(200);
    });

    it('reusing a rotated refresh token revokes the whole family', async () => {
      const first = await signUpCustomer(t);
      const second = (await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: first.refresh } })).body;
      const reuse = await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: first.refresh } });
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('token_not_valid');
      // The thief's and the owner's newer tokens stop working too.
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: second.refresh } })).status).toBe(401);
      expect((await t.call('GET', '/v1/account/', { token: second.access })).status).toBe(401);
      const sessions = await t.db.select().from(authSessions).where(eq(authSessions.revokeReason, 'refresh_token_reused'));
      expect(sessions.length).toBeGreaterThan(0);
    });

    it('two refreshes racing with one token: one wins, the other counts as reuse and ends the session', async () => {
      const first = await signUpCustomer(t);
      const results = await Promise.all([1, 2].map(() => t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: first.refresh } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      const winner = results.find((r) => r.status === 200)!.body;
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: winner.refresh } })).status).toBe(401);
    });

    it('an expired refresh token is refused', async () => {
      const first = await signUpCustomer(t);
      t.clock.advance(31 * 24 * 3600_000);
      try {
        expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: first.refresh } })).status).toBe(401);
      } finally {
        t.clock.advance(-31 * 24 * 3600_000);
      }
    });

    it('sign-out revokes the refresh token and the session’s access tokens', async () => {
      const tokens = await signUpCustomer(t);
      const out = await t.call('POST', '/v1/auth/signout/', { body: { refresh: tokens.refresh } });
      expect(out.status).toBe(204);
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: tokens.refresh } })).status).toBe(401);
      expect((await t.call('GET', '/v1/account/', { token: tokens.access })).status).toBe(401);
      // Signing out again, or with nothing, still succeeds.
      expect((await t.call('POST', '/v1/auth/signout/', { body: { refresh: tokens.refresh } })).status).toBe(204);
      expect((await t.call('POST', '/v1/auth/signout/')).status).toBe(204);
    });

    it('sign-out with only the bearer token revokes its session', async () => {
      const tokens = await signUpCustomer(t);
      expect((await t.call('POST', '/v1/auth/signout/', { token: tokens.access })).status).toBe(204);
      expect((await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: tokens.refresh } })).status).toBe(401);
    });

    it('401 token_not_valid for forged, tampered, expired, malformed and alg=none tokens', async () => {
      const { access } = await signUpCustomer(t);
      const claims = claimsOf(access) as { sub: string; sid: string; guest: boolean; iat: number; exp: number };
      const [header, payload] = access.split('.');
      const forged = signJwt(claims, 'another-secret-another-secret-another-secret');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, guest: true })).toString('base64url')}.${access.split('.')[2]}`;
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const unknownSession = signJwt({ ...claims, sid: 'no-such-session' }, TEST_SECRET);
      for (const token of [forged, tampered, none, unknownSession, 'garbage', 'a.b.c', `${access}x`]) {
        const response = await t.call('GET', '/v1/account/', { token });
        expect(response.status, token).toBe(401);
        expect(response.body).toMatchObject({ code: 'token_not_valid', detail: expect.any(String) });
      }
      const malformedHeader = await t.call('GET', '/v1/account/', { headers: { authorization: 'Token abc' } });
      expect(malformedHeader.body.code).toBe('token_not_valid');
      t.clock.advance(15 * 60_000);
      try {
        expect((await t.call('GET', '/v1/account/', { token: access })).body.code).toBe('token_not_valid');
      } finally {
        t.clock.advance(-15 * 60_000);
      }
    });

    it('a call that needs a session and has none is 401 not_authenticated', async () => {
      const response = await t.call('GET', '/v1/account/');
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('not_authenticated');
    });

    it('a bad guest token on sign-up is token_not_valid, not a silent new account', async () => {
      const response = await t.call('POST', '/v1/auth/signup/', { token: 'bad.token.here', body: { email: uniqueEmail(), has_accepted_terms: true } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('token_not_valid');
    });

    it('stores e-mails lowercased in the database', async () => {
      const email = uniqueEmail().toUpperCase();
      await signUpCustomer(t, { email });
      const [row] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
      expect(row?.username).toBe(email.toLowerCase());
    });
  });
});
