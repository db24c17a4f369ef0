import { beforeAll, expect, it } from 'vitest';
import { authSessions, emailChanges, magicLinks, outbox, rateLimits, refreshTokens } from '../../server/db/schema';
import { pruneExpired } from '../../server/db/prune-expired';
import { describeEachDatabase } from './support/databases';
import { createTestApp, latestMagicToken, signUpCustomer, type TestApp } from './support/test-app';

const DAY = 24 * 3600_000;

describeEachDatabase('pruning expired rows', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  it('removes expired links, tokens, sessions and counters, and redacts tokens in undelivered old mail', async () => {
    const { email } = await signUpCustomer(t);
    await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
    const token = await latestMagicToken(t, email);
    const db = database().db;
    expect((await db.select().from(magicLinks)).length).toBeGreaterThan(0);
    expect((await db.select().from(rateLimits)).length).toBeGreaterThan(0);

    await pruneExpired(db, t.clock.now());
    expect((await db.select().from(magicLinks)).length).toBeGreaterThan(0); // nothing is old yet

    await pruneExpired(db, new Date(t.clock.now().getTime() + 40 * DAY));
    expect(await db.select().from(magicLinks)).toEqual([]);
    expect(await db.select().from(refreshTokens)).toEqual([]);
    expect(await db.select().from(authSessions)).toEqual([]);
    expect(await db.select().from(rateLimits)).toEqual([]);
    const mail = await db.select().from(outbox);
    expect(mail.length).toBeGreaterThan(0);
    expect(JSON.stringify(mail)).not.toContain(token);
    expect(mail.some((m) => m.textBody.includes('token=redacted'))).toBe(true);
  });

  it('redacts an e-mail change link, and a confirmation token carried in a sign-in link’s next, and drops expired change requests', async () => {
    const customer = await signUpCustomer(t);
    const next = `new.${Date.now()}@example.com`;
    await t.call('PATCH', '/v1/account/', { token: customer.access, body: { email: next } });
    const confirmToken = await latestMagicToken(t, next);
    await t.call('POST', '/v1/auth/signin/', { body: { username: customer.email, next: `/account/confirm-email?token=${confirmToken}` } });
    const db = database().db;
    expect(JSON.stringify(await db.select().from(outbox))).toContain(encodeURIComponent(confirmToken));
    await pruneExpired(db, new Date(t.clock.now().getTime() + 2 * DAY));
    const mail = JSON.stringify(await db.select().from(outbox));
    expect(mail).not.toContain(confirmToken);
    expect(mail).toContain('token%3Dredacted');
    expect(await db.select().from(emailChanges)).toEqual([]);
  });
});
