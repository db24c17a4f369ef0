import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { magicLinks, users } from '../../server/db/schema';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, startGuest, uniqueEmail, type TestApp } from './support/test-app';

/** Makes every new sign-in session fail to save, as a full disk or a lost connection would, until the returned function is called. */
async function breakSessions(t: TestApp): Promise<() => Promise<void>> {
  await t.db.execute(sql`alter table auth_sessions add constraint test_refuse_sessions check (false) not valid`);
  return async () => {
    await t.db.execute(sql`alter table auth_sessions drop constraint test_refuse_sessions`);
  };
}

describeEachDatabase('compensation: a failure half-way leaves nothing half-done', (database) => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(() => {
    log = capturedLog();
    t = createTestApp(database().db, { config: { logger: log.logger } });
  });

  describe('compensation', () => {
    it('verify: if the session cannot be opened, the link stays unused and the guest who asked keeps their answers', async () => {
      const customer = await signUpCustomer(t);
      const guest = await startGuest(t);
      await t.call('PATCH', '/v1/account/hair_profile/', { token: guest.access, body: { hair_length: 'long' } });
      await t.call('POST', '/v1/auth/signin/', { token: guest.access, body: { username: customer.email } });
      const token = await latestMagicToken(t, customer.email);

      const repair = await breakSessions(t);
      let failed;
      try {
        failed = await t.call('POST', '/v1/auth/signin/verify/', { token: guest.access, body: { token } });
      } finally {
        await repair();
      }
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ code: 'server_error', detail: expect.any(String) });
      expect(JSON.stringify(failed.body)).not.toMatch(/auth_sessions|constraint|query/i);
      expect(log.lines().at(-1)).toMatchObject({
        level: 50,
        msg: 'POST /v1/auth/signin/verify failed',
        err: { cause: { constraint: 'test_refuse_sessions' } },
      }); // the cause goes to the log only
      const [link] = await t.db
        .select()
        .from(magicLinks)
        .where(eq(magicLinks.userId, (await t.db.select().from(users).where(eq(users.email, customer.email)))[0]!.id));
      expect(link?.usedAt).toBeNull();
      expect((await t.call('GET', '/v1/account/hair_profile/', { token: guest.access })).body.hair_length).toBe('long');

      // Once the fault is gone, the same link works and the answers move.
      const retried = await t.call('POST', '/v1/auth/signin/verify/', { token: guest.access, body: { token } });
      expect(retried.status).toBe(200);
      expect((await t.call('GET', '/v1/account/hair_profile/', { token: retried.body.access })).body.hair_length).toBe('long');
    });

    it('sign-up: if the session cannot be opened, the guest stays a guest and the e-mail stays free', async () => {
      const guest = await startGuest(t);
      const email = uniqueEmail();
      const repair = await breakSessions(t);
      let failed;
      try {
        failed = await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email, has_accepted_terms: true } });
      } finally {
        await repair();
      }
      expect(failed.status).toBe(500);
      expect((await t.call('GET', '/v1/account/', { token: guest.access })).body).toMatchObject({ is_guest: true, email: '' });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect((await t.call('POST', '/v1/auth/signup/', { token: guest.access, body: { email, has_accepted_terms: true } })).status).toBe(201);
    });
  });
});
