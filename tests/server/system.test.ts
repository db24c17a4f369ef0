import { brotliCompressSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, health } from '#api';
import type { Database } from '../../server/db/database';
import type { ConsultationPage } from '../../server/profile/profile-flows';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';
import { createTestApp, signUpCustomer, type TestApp } from './support/test-app';
import { fakeFlows } from './support/fake-flows';

/** A path in one spelling: {params}, no trailing slash. */
function canonical(route: string): string {
  return route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/(.)\/+$/, '$1');
}

describeEachDatabase('system (/healthz, /openapi.json, conventions)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  it('/healthz answers 200 when the database answers', async () => {
    const response = await t.call('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(health.parse(response.body)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/healthz answers 503 database_unavailable, without internals, when it does not', async () => {
    const down = { execute: () => Promise.reject(new Error('connection refused at 10.0.0.5:5432')) } as unknown as Database;
    const log = capturedLog();
    const response = await createTestApp(down, { config: { logger: log.logger } }).call('GET', '/healthz');
    expect(log.lines()).toEqual([expect.objectContaining({ level: 50, msg: 'Health check: the database does not answer' })]);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'database_unavailable', detail: 'The database does not answer.' });
  });

  it('/openapi.json is OpenAPI 3.1 and lists every route the app serves', async () => {
    const response = await t.call('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [route, methods] of Object.entries(response.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${canonical(route)}`);
    }
    const served = t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${canonical(r.path)}`);
    expect(served.length).toBeGreaterThan(15);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
    const signUp = response.body.paths['/v1/auth/signup/'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    expect(Object.keys(signUp.responses)).toEqual(expect.arrayContaining(['201', '200', '422']));
    expect(response.body.paths['/v1/question_sets'].get.parameters).toEqual([expect.objectContaining({ name: 'category', in: 'query', required: false })]);
    const question = response.body.paths['/v1/question_sets'].get.responses['200'].content['application/json'].schema.additionalProperties.items;
    expect(question.properties.rows).toBeDefined();
  });

  it('/openapi.json documents the ranked fragrances and skeleton recommendations with their schemas', async () => {
    const paths = (await t.call('GET', '/openapi.json')).body.paths as Record<string, Record<string, any>>;
    const fragrances = paths['/v1/account/hair_profile/fragrances']!.get;
    expect(fragrances.parameters).toEqual([{ name: 'category', in: 'query', required: true, schema: { type: 'string', enum: ['haircare', 'skincare'] } }]);
    expect(fragrances.security).toEqual([{ bearer: [] }]);
    const item = fragrances.responses['200'].content['application/json'].schema.properties.fragrances.items;
    expect(Object.keys(item.properties).sort()).toEqual([
      'description',
      'fragrance_group',
      'image_url',
      'ingredients',
      'label',
      'limited',
      'name',
      'rank',
      'reason_why_slug',
      'slug',
    ]);
    const skeletons = paths['/v1/account/hair_profile/skeleton_recommendations']!.get;
    expect(skeletons.parameters).toEqual([
      expect.objectContaining({ name: 'category', in: 'query', required: true, schema: expect.objectContaining({ const: 'skincare' }) }),
    ]);
    const product = skeletons.responses['200'].content['application/json'].schema.properties.skeleton_recommendations.items;
    expect(product.properties.product_slug.enum).toEqual(['CLEANSER', 'MOISTURIZER']);
    expect(Object.keys(product.properties.ranked_skeletons.items.properties).sort()).toEqual(['rank', 'skeleton_slug']);
  });

  it('serves every identity, account and profile call the web client’s endpoint table makes in this issue', async () => {
    const paths = (await t.call('GET', '/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const served = new Set(Object.entries(paths).flatMap(([route, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${canonical(route)}`)));
    const inThisIssue = [
      'signUpGuest',
      'signUp',
      'requestMagicLink',
      'verifyMagicLink',
      'refresh',
      'signOut',
      'getAccount',
      'patchAccount',
      'getAddresses',
      'createAddress',
      'patchAddress',
      'deleteAddress',
      'linkStylist',
      'getStylist',
      'getQuestionSets',
      'getHairProfile',
      'patchHairProfile',
      'getAggressors',
      'getFragrances',
      'getSkeletonRecommendations',
    ] as const;
    for (const name of inThisIssue) {
      const endpoint = endpoints[name];
      expect(served.has(`${endpoint.method} ${canonical(endpoint.path)}`), name).toBe(true);
    }
  });

  describe('conventions (API.md)', () => {
    it('invalid JSON is 400 invalid_json', async () => {
      const response = await t.call('POST', '/v1/auth/signup/', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_json', detail: 'The body is not valid JSON.' });
    });

    it('a body that is not JSON is 415; a JSON body that is not an object is a validation error', async () => {
      const form = await t.call('POST', '/v1/auth/signin/', { rawBody: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(415);
      expect(form.body.code).toBe('unsupported_media_type');
      const list = await t.call('POST', '/v1/auth/signin/', { body: [1, 2] });
      expect(list.status).toBe(400);
      expect(list.body).toMatchObject({ code: 'validation_error', fields: { non_field_errors: ['Expected a JSON object.'] } });
    });

    it('a body over 64 KB is 413 payload_too_large', async () => {
      const response = await t.call('POST', '/v1/auth/signin/', { body: { username: 'x'.repeat(70_000) } });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('payload_too_large');
    });

    it('an unknown API path is a JSON 404', async () => {
      const response = await t.call('GET', '/v1/nothing/here');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', detail: expect.any(String) });
    });

    it('keys that reach an object’s prototype, and NUL characters, are refused by name', async () => {
      const body = await t.call('POST', '/v1/auth/signin/', {
        rawBody: '{"username": "a@b.c", "__proto__": {"admin": true}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(body.status).toBe(400);
      expect(Object.keys(body.body.fields)).toEqual(['__proto__']);
      expect(Object.getOwnPropertyDescriptor(body.body.fields, '__proto__')?.value).toEqual(['This field is not allowed.']);
      const query = await t.call('GET', '/v1/question_sets?__proto__=x');
      expect(query.status).toBe(400);
      expect(Object.keys(query.body.fields)).toEqual(['__proto__']);
      const nul = await t.call('POST', '/v1/auth/signin/', { body: { username: 'a\u0000b@example.com' } });
      expect(nul.status).toBe(400);
      expect(nul.body.fields).toEqual({ username: ['Text cannot contain the NUL character.'] });
    });

    it('a repeated query parameter is refused', async () => {
      const response = await t.call('GET', '/v1/question_sets?category=haircare&category=skincare');
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields)).toEqual(['category']);
    });

    it('security headers are set', async () => {
      const response = await t.call('GET', '/healthz');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  describe('bad inputs never produce a 500', () => {
    // Random text does not compress: it finds index-size limits that a repeated character hides.
    const incompressible = randomBytes(4000).toString('base64');
    const weirdValues: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      ' ',
      'x'.repeat(5000),
      incompressible,
      `${incompressible}@example.com`,
      '\u0000',
      '☃️',
      '<script>',
      "' or 1=1 --",
      [],
      [null],
      {},
      { a: { b: { c: [] } } },
      '2024-13-45',
      'NaN',
      'null',
      'true',
      '../../etc/passwd',
    ];
    const weirdBodies: string[] = [
      '',
      '{',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{"a":',
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {}}}',
    ];
    const weirdSegments = ['%00', '..', '%2e%2e', 'x'.repeat(3000), randomBytes(2000).toString('hex'), '%E0%A4%A', '☃', "'", 'null', '-1'];

    it('for every documented operation, with and without a session', async () => {
      const customer = await signUpCustomer(t);
      const guest = (await t.call('POST', '/v1/auth/signup/guest/')).body;
      const paths = (await t.call('GET', '/openapi.json')).body.paths as Record<string, Record<string, any>>;
      const statuses: number[] = [];
      const check = async (method: string, url: string, options: Parameters<TestApp['call']>[2]) => {
        const response = await t.call(method, url, options);
        statuses.push(response.status);
        expect(response.status, `${method} ${url} ${JSON.stringify(options).slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400) expect(response.body, `${method} ${url}`).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
      };
      for (const [route, methods] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const M = method.toUpperCase();
          const urls = route.includes('{') ? weirdSegments.map((s) => route.replace(/\{[^}]+\}/g, s)) : [route];
          const keys = Object.keys(operation.requestBody?.content['application/json'].schema.properties ?? { anything: {} });
          for (const token of [null, guest.access, customer.access, 'not.a.token']) {
            for (const url of urls) await check(M, url, { token });
            await check(M, `${urls[0]}?${keys[0] ?? 'q'}=%00&page=-1&category[]=x`, { token });
            if (M === 'GET' || M === 'DELETE') continue;
            for (const rawBody of weirdBodies) await check(M, urls[0]!, { token, rawBody, headers: { 'content-type': 'application/json' } });
            for (const key of keys) {
              for (const value of weirdValues) await check(M, urls[0]!, { token, body: { [key]: value } });
            }
            await check(M, urls[0]!, { token, body: Object.fromEntries(keys.map((key, i) => [key, weirdValues[i % weirdValues.length]])) });
          }
        }
      }
      expect(statuses.length).toBeGreaterThan(1000);
    }, 240_000);
  });
});

describe('the built web app (dist/)', () => {
  const root = tempDir('shop-dist');
  afterAll(removeTempDirs);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app-3f2a1b.js'), 'console.log("shop")');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *');
  mkdirSync(path.join(root, '.vite'));
  // The table the build writes (scripts/route-preloads-plugin.ts): groups by name, each with its files.
  writeFileSync(
    path.join(root, '.vite', 'route-preloads.json'),
    JSON.stringify({
      'consultation-page': { js: ['assets/flow-page-1a.js', 'assets/shared-2b.js'], css: [] },
      'flow:haircare': { js: ['assets/haircare-3c.js', 'assets/shared-2b.js'], css: [] },
      'flow:haircare/hair-scalp': { js: ['assets/haircare-4d.js'], css: [] },
      'flow:haircare/lifestyle': { js: ['assets/haircare-5e.js'], css: [] },
      'flow:haircare#texture': { js: ['assets/haircare-texture-0f.js'], css: [] },
      'consultation-results': {
        js: ['assets/session-6f.js', 'assets/api-error-7a.js', 'assets/results-8b.js', 'assets/shared-2b.js'],
        css: ['assets/results-9c.css'],
      },
      'subscription-home': { js: ['assets/account-route-1b.js', 'assets/subscription-home-2c.js'], css: ['assets/account-3d.css'] },
      'subscription-editor': { js: ['assets/account-route-1b.js', 'assets/subscription-page-4e.js'], css: ['assets/account-3d.css'] },
    }),
  );
  writeFileSync(path.join(root, 'assets', 'app-3f2a1b.js.br'), brotliCompressSync('console.log("shop")'));
  writeFileSync(path.join(root, 'assets', 'app-3f2a1b.js.gz'), gzipSync('console.log("shop")'));
  const down = { execute: () => Promise.resolve() } as unknown as Database;
  const pages: Record<string, ConsultationPage> = {
    '/consultation/haircare/my-hair/length': { sections: ['hair-scalp'], results: false },
    '/consultation/haircare/my-hair/texture': { sections: ['hair-scalp'], results: false, landing: 'texture' },
    '/consultation/haircare/results/get-results': { sections: ['hair-scalp', 'lifestyle'], results: true },
  };
  const t = createTestApp(down, { config: { webRoot: root }, flows: { ...fakeFlows, consultationPage: (p) => pages[p] } });

  it('serves index.html for the app’s routes, revalidated and private (it carries the visitor’s A/B arms)', async () => {
    for (const route of ['/', '/consultation/haircare/my-hair/length', '/signin/verify?token=abc&next=%2F']) {
      const response = await t.call('GET', route);
      expect(response.status, route).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('serves hashed assets with a long cache; a missing asset is 404, not the page', async () => {
    const asset = await t.call('GET', '/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.call('GET', '/assets/app-000000.js')).status).toBe(404);
    const robots = await t.call('GET', '/robots.txt');
    expect(robots.body).toBe('User-agent: *');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('preloads a consultation page’s lazy code with the entry, read from the table the build wrote', async () => {
    const page = await t.call('GET', '/consultation/haircare/my-hair/length');
    // The flow's logic and the texts of the section the page is in (not the other sections').
    for (const file of ['flow-page-1a.js', 'shared-2b.js', 'haircare-3c.js', 'haircare-4d.js'])
      expect(page.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(page.body).not.toContain('haircare-5e.js');
    expect(page.body).not.toContain('session-6f.js');
    expect(page.body).not.toContain('results-8b.js');
    // A page with landing texts (its step's words and the next steps', engine/compile/landing-texts.ts): those instead of
    // its section's, marked with the flow's category so the page finds them (no code imports them).
    const landing = await t.call('GET', '/consultation/haircare/my-hair/texture');
    expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/haircare-texture-0f.js" data-flow-texts="haircare">');
    for (const file of ['flow-page-1a.js', 'haircare-3c.js']) expect(landing.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(landing.body).not.toContain('haircare-4d.js');
    // The results page: its first paint's code first; then, at low priority, every section's texts and the session and
    // results code a signed-in shopper's visit loads.
    const results = await t.call('GET', '/consultation/haircare/results/get-results');
    for (const file of ['flow-page-1a.js', 'shared-2b.js', 'haircare-3c.js'])
      expect(results.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    for (const file of ['haircare-4d.js', 'haircare-5e.js', 'session-6f.js', 'api-error-7a.js', 'results-8b.js']) {
      expect(results.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}" fetchpriority="low">`);
    }
    expect(results.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/results-9c.css" fetchpriority="low">');
    expect((await t.call('GET', '/terms')).body).not.toContain('modulepreload');
    // A category with no flow still draws the flow page (its "no such consultation" line), and nothing of a flow.
    const unknown = await t.call('GET', '/consultation/nowhere/step');
    expect(unknown.body).toContain('flow-page-1a.js');
    expect(unknown.body).not.toContain('haircare-3c.js');
    expect((await t.call('GET', '/.vite/route-preloads.json')).body).toContain('<div id="root">');
  });

  it('preloads a subscription page’s code with the entry (issue 27): the home’s or the editor’s, not the other', async () => {
    for (const route of ['/account/subscription/home', '/account/subscription/home?status=onhold&category=haircare', '/account/subscription']) {
      const home = await t.call('GET', route);
      for (const file of ['account-route-1b.js', 'subscription-home-2c.js'])
        expect(home.body, route).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
      expect(home.body, route).not.toContain('subscription-page-4e.js');
    }
    for (const category of ['haircare', 'skincare', 'supplements']) {
      const editor = await t.call('GET', `/account/subscription/${category}`);
      expect(editor.body).toContain('<link rel="modulepreload" crossorigin href="/assets/subscription-page-4e.js">');
      expect(editor.body).not.toContain('subscription-home-2c.js');
    }
    expect((await t.call('GET', '/account/profile')).body).not.toContain('modulepreload');
  });

  it('sends the precompressed asset the browser accepts (brotli first, then gzip)', async () => {
    const br = await t.call('GET', '/assets/app-3f2a1b.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const gz = await t.call('GET', '/assets/app-3f2a1b.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.call('GET', '/assets/app-3f2a1b.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('never answers an API path with the page', async () => {
    for (const route of ['/v1/unknown', '/v2/nothing/', '/dev/nothing', '/flags/x', '/openapi.json/x']) {
      const response = await t.call('GET', route);
      expect(response.status, route).toBe(404);
      expect(response.body.code, route).toBe('not_found');
    }
    expect((await t.call('GET', '/healthz')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('does not serve files outside its folder', async () => {
    for (const route of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await t.call('GET', route);
      expect(typeof response.body === 'string' ? response.body : '').not.toContain('"dependencies"');
    }
  });
});
