/**
 * Several server processes on one PostgreSQL (DESIGN.md "Scaling out", server/README.md): two real `server/main.ts`
 * processes share one database and nothing else, and the shop behaves as one: a place-order race split across them
 * makes one order and one charge, rate limits count across them, a sign-out in one is honoured by the other, and
 * WORKERS=2 starts two server processes behind one port.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '../fixtures/personas';
import { createPostgresDatabase, endPool } from './support/databases';
import { exitOf, startServerProcess, type ServerProcess } from './support/server-process';
import { signUpCustomer, startGuest } from './support/test-app';
import { removeTempDirs, tempDir } from './support/temp-dirs';

const rosa = personas.find((p) => p.name === 'Rosa')!;

describe('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Pool;
  const webRoot = tempDir('shop-web');
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, WEB_ROOT: webRoot, PUBLIC_URL: 'https://shop.test', TRUST_PROXY: 'true' };
    // Started together: they migrate, seed and agree on one signing secret between them.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
  }, 240_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (sql) await endPool(sql);
    await database?.drop();
    removeTempDirs();
  });

  const count = async (query: string, values: unknown[] = []) => Number((await sql.query(query, values)).rows[0].n);

  it('a place-order race split across the two makes one order and one charge', async () => {
    const { access: token, email } = await signUpCustomer(a);
    expect(
      (
        await a.call('POST', '/v1/account/addresses', {
          token,
          body: { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await b.call('PATCH', '/v1/account/hair_profile/', {
          token,
          body: { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
        })
      ).status,
    ).toBe(200);
    expect((await a.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token })).status).toBe(200);
    expect((await b.call('PATCH', '/v1/account/cart/?category=haircare', { token, body: { is_in_checkout: true } })).status).toBe(200);
    const card = async (server: ServerProcess, number: string) =>
      (await server.call('POST', '/v1/payments/test/tokenize', { body: { card: { number, exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Díaz' } } }))
        .body.token as string;
    const [card1, card2] = [await card(a, '4242424242424242'), await card(b, '5555555555554444')];
    const results = await Promise.all([
      a.call('POST', '/v2/orders/', { token, body: { payment: { token: card1 } }, headers: { 'idempotency-key': 'tab-a' } }),
      b.call('POST', '/v2/orders/', { token, body: { payment: { token: card2 } }, headers: { 'idempotency-key': 'tab-b' } }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    const refused = results.find((r) => r.status !== 201)!;
    expect(['order_in_progress', 'cart_not_in_checkout']).toContain(refused.body.code);
    const user = '(select id from users where email = $1)';
    expect(await count(`select count(*) as n from orders where user_id = ${user} and status = 'paid'`, [email])).toBe(1);
    expect(
      await count(
        `select count(*) as n from test_provider_charges where status = 'succeeded' and idempotency_key in (select 'order:' || pubkey from orders where user_id = ${user})`,
        [email],
      ),
    ).toBe(1);
  }, 120_000);

  it('rate limits hold across the two: sign-in attempts for one address are counted together', async () => {
    const username = `limits.${Date.now()}@example.com`;
    const from = { 'x-forwarded-for': '203.0.113.21' };
    const statuses: number[] = [];
    // The shop's limit is 5 a quarter-hour per username; the attempts alternate between the processes.
    for (let i = 0; i < 7; i++) statuses.push((await (i % 2 ? b : a).call('POST', '/v1/auth/signin/', { body: { username }, headers: from })).status);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  }, 60_000);

  it('a sign-out in one is honoured by the other', async () => {
    const { access, refresh } = await startGuest(a);
    expect((await b.call('GET', '/v1/account/', { token: access })).status).toBe(200);
    expect((await b.call('POST', '/v1/auth/signout/', { token: access, body: { refresh } })).status).toBe(204);
    expect(await a.call('GET', '/v1/account/', { token: access })).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
    expect((await a.call('POST', '/v1/auth/token/refresh/', { body: { refresh } })).status).toBe(401);
  }, 60_000);

  it('WORKERS=2 starts two server processes that share one port, and stops them both on SIGTERM', async () => {
    const env = { DATABASE_URL: database.url, WEB_ROOT: webRoot, PUBLIC_URL: 'https://shop.test', WORKERS: '2' };
    const primary = await startServerProcess(env);
    try {
      // The first worker listening resolved the start; wait for the second to say so too.
      await expect.poll(() => primary.output().match(/Shop listening on/g)?.length ?? 0, { timeout: 120_000, interval: 200 }).toBe(2);
      const ports = [...primary.output().matchAll(/Shop listening on http:\/\/localhost:(\d+)/g)].map((m) => m[1]);
      expect(new Set(ports).size).toBe(1);
      expect(primary.output()).toContain('Starting 2 server processes on PostgreSQL (WORKERS=2).');
      expect((await primary.call('GET', '/healthz')).status).toBe(200);
      primary.child.kill('SIGTERM');
      expect(await exitOf(primary.child)).toBe(0);
    } finally {
      if (primary.child.exitCode === null) primary.child.kill('SIGKILL');
    }
  }, 180_000);
});
