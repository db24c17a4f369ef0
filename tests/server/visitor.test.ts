import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseHeaders } from '../../server/http/response-headers';
import { isVisitorId, VISITOR_MAX_AGE, visitorOf } from '../../server/http/visitor';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { removeTempDirs } from './support/temp-dirs';
import { createTestApp, type TestApp } from './support/test-app';
import { testWebRoot } from './support/web-pages';

const cookieOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('visitor='));
const idOf = (cookie: string | undefined) => /^visitor=([^;]*)/.exec(cookie ?? '')?.[1];

// Issue 29 item 9 (spec 001 §9 Feature flags: A/B arms kept per visitor): the visitor id the arms and tracking key on.
describe('the visitor cookie', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const webRoot = testWebRoot('shop-web-visitor');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    t = createTestApp(database.db, { config: { webRoot } });
  });
  afterAll(async () => {
    await database.destroy();
    removeTempDirs();
  });

  it('a first page response sets a random 128-bit id: HttpOnly, SameSite=Lax, Path=/, about two years, not Secure outside production', async () => {
    const page = await t.call('GET', '/consultation/haircare');
    const cookie = cookieOf(page.headers);
    expect(cookie).toBeDefined();
    const id = idOf(cookie)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${VISITOR_MAX_AGE}`);
    expect(VISITOR_MAX_AGE).toBe(63_072_000);
    expect(cookie).not.toContain('Secure');
    // Each new visitor gets another id.
    expect(idOf(cookieOf((await t.call('GET', '/')).headers))).not.toBe(id);
  });

  it('an API response that lacks it sets it too; one that carries a valid id keeps it and sets nothing', async () => {
    const first = await t.call('GET', '/flags');
    const id = idOf(cookieOf(first.headers))!;
    expect(isVisitorId(id)).toBe(true);
    const again = await t.call('GET', '/flags', { headers: { cookie: `visitor=${id}` } });
    expect(cookieOf(again.headers)).toBeUndefined();
    const page = await t.call('GET', '/cart', { headers: { cookie: `other=1; visitor=${id}` } });
    expect(cookieOf(page.headers)).toBeUndefined();
  });

  it('an invalid id is replaced, never used as a key', async () => {
    for (const bad of ['admin', 'x'.repeat(200), 'AAAAAAAAAAAAAAAAAAAAA=', '../../etc/passwd']) {
      const response = await t.call('GET', '/flags', { headers: { cookie: `visitor=${encodeURIComponent(bad)}` } });
      const id = idOf(cookieOf(response.headers));
      expect(id, bad).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(id).not.toBe(bad);
    }
  });

  it('hashed static files and publicly cached answers set no cookie (a shared cache must not hand it to someone else)', async () => {
    const asset = await t.call('GET', '/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(cookieOf(asset.headers)).toBeUndefined();
  });

  it('is Secure in production', async () => {
    const secure = createTestApp(database.db, { config: { production: true } });
    const cookie = cookieOf((await secure.call('GET', '/flags')).headers);
    expect(cookie).toContain('; Secure');
  });

  it('visitorOf(c) reads the same id the response sets, and the id the browser sends', async () => {
    const app = new Hono();
    app.use(responseHeaders({ trustProxy: false, production: false, stripe: false }));
    app.get('/who', (c) => c.json({ visitor: visitorOf(c) }));
    const first = await app.request('/who');
    const id = idOf(cookieOf(first.headers))!;
    expect(await first.json()).toEqual({ visitor: id });
    const again = await app.request('/who', { headers: { cookie: `visitor=${id}` } });
    expect(await again.json()).toEqual({ visitor: id });
  });
});
