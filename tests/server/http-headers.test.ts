import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from './support/databases';
import { removeTempDirs } from './support/temp-dirs';
import { createTestApp, signUpCustomer, type TestApp } from './support/test-app';
import { freshNonce } from '../../server/http/content-security-policy';
import { cspDirectives, testWebRoot } from './support/web-pages';

const HSTS = 'max-age=15552000; includeSubDomains';

const webRoot = testWebRoot();
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
afterAll(removeTempDirs);

/** Security headers (issue 10): HSTS only over HTTPS, a CSP on every response (a nonce on HTML pages). */
describeEachDatabase('security headers', (database) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(() => {
    direct = createTestApp(database().db, { config: { webRoot } });
    proxied = createTestApp(database().db, { config: { webRoot, trustProxy: true } });
  });

  it('every answer carries the same security headers, whatever answered it (an operation, an error, a page, a file)', async () => {
    const expected = {
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = {
      operation: await direct.call('GET', '/healthz'),
      error: await direct.call('GET', '/v1/nothing'),
      refused: await direct.call('GET', '/v1/question_sets?category=haircare&category=skincare'),
      page: await direct.call('GET', '/consultation/haircare/my-hair/length'),
      file: await direct.call('GET', '/assets/app-1234.js'),
    };
    for (const [kind, response] of Object.entries(answers)) {
      expect(Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)])), kind).toEqual(expected);
      expect(response.headers.get('x-request-id'), kind).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(answers.file.status).toBe(200);
  });

  it('answers about people are not kept by any cache unless the operation chose its own caching', async () => {
    expect((await direct.call('GET', '/v1/nothing')).headers.get('cache-control')).toBe('no-store');
    expect((await direct.call('GET', '/v1/account/')).headers.get('cache-control')).toBe('no-store');
    // The catalogue is the same for everyone: its operation says so, and that stands.
    expect((await direct.call('GET', '/v1/products/?country=US')).headers.get('cache-control')).toBe('public, max-age=300');
    // Pages and files are not under /v1/: the web app's own rules.
    expect((await direct.call('GET', '/assets/app-1234.js')).headers.get('cache-control')).toContain('immutable');
  });

  describe('Strict-Transport-Security', () => {
    it('is not sent over plain HTTP, nor on a forwarded protocol from an untrusted client', async () => {
      expect((await direct.call('GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
      const forged = await direct.call('GET', '/healthz', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(forged.headers.get('strict-transport-security')).toBeNull();
    });

    it('behind a trusted proxy (TRUST_PROXY=1), is sent when the proxy says the client came over HTTPS', async () => {
      const https = await proxied.call('GET', '/healthz', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe(HSTS);
      const page = await proxied.call('GET', '/', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(page.headers.get('strict-transport-security')).toBe(HSTS);
      expect((await proxied.call('GET', '/healthz', { headers: { 'X-Forwarded-Proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
      expect((await proxied.call('GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
      // The last hop is the trusted proxy's: a client cannot claim HTTPS in front of it.
      const claimed = await proxied.call('GET', '/healthz', { headers: { 'X-Forwarded-Proto': 'https, http' } });
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    });

    it('is sent when the request itself came over TLS', async () => {
      const response = await direct.app.request('https://shop.test/healthz');
      expect(response.headers.get('strict-transport-security')).toBe(HSTS);
    });
  });

  describe('Content-Security-Policy', () => {
    it('JSON answers (and errors) allow nothing to load and cannot be framed', async () => {
      for (const route of ['/healthz', '/v1/nothing', '/openapi.json']) {
        const response = await direct.call('GET', route);
        expect(response.headers.get('content-security-policy'), route).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      expect((await direct.call('GET', '/healthz')).headers.get('x-frame-options')).toBe('DENY');
    });

    it('the web app’s page: scripts and styles from the site only (and a per-response nonce), no plugins, no framing', async () => {
      const first = await direct.call('GET', '/consultation/haircare/my-hair/length');
      const second = await direct.call('GET', '/signin/verify?token=abc');
      const policy = cspDirectives(first.headers.get('content-security-policy'));
      const nonce = policy['script-src']![1]!;
      expect(policy['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/)]);
      expect(policy['style-src']).toEqual(["'self'", nonce]);
      expect(policy).toMatchObject({
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      });
      expect(JSON.stringify(policy)).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(cspDirectives(second.headers.get('content-security-policy'))['script-src']![1]).not.toBe(nonce);
    });

    it('a checkout step page sends its first reads early from one inline script with the response’s nonce; other pages have none', async () => {
      const page = await direct.call('GET', '/checkout/skincare/payment');
      const nonce = /'nonce-([^']+)'/.exec(cspDirectives(page.headers.get('content-security-policy'))['script-src']!.join(' '))![1];
      const scripts = [...String(page.body).matchAll(/<script nonce="([^"]+)">/g)];
      expect(scripts.map((m) => m[1])).toEqual([nonce]);
      // First in the head: a script after the stylesheet would wait for it.
      expect(String(page.body)).toMatch(/<head><script nonce=/);
      // Fixed same-origin reads of the route's own category; nothing of the request is written into the script.
      expect(page.body).toContain('"/v1/account/cart/?category=skincare"');
      const probe = await direct.call('GET', '/checkout/haircare/payment?x=%3C%2Fscript%3E%3Cscript%3Ealert(1)');
      expect(probe.body).not.toContain('alert(1)');
      for (const route of ['/checkout/haircare', '/checkout/shoes/payment', '/consultation/haircare/my-hair/length', '/account/orders']) {
        expect(String((await direct.call('GET', route)).body), route).not.toContain('<script nonce=');
      }
    });

    it('nonces never repeat, also across refills of the pool they are drawn from', () => {
      const nonces = Array.from({ length: 1000 }, () => freshNonce());
      expect(new Set(nonces).size).toBe(1000);
      for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    });

    it('/dev/outbox’s inline style carries the response’s nonce; addresses and links stay escaped', async () => {
      await signUpCustomer(direct, { email: 'nonce.test@example.com' });
      await direct.call('POST', '/v1/auth/signin/', { body: { username: 'nonce.test@example.com' } });
      const page = await direct.call('GET', '/dev/outbox');
      expect(page.headers.get('content-type')).toContain('text/html');
      const nonce = /'nonce-([^']+)'/.exec(cspDirectives(page.headers.get('content-security-policy'))['style-src']!.join(' '))![1];
      expect(page.body).toContain(`<style nonce="${nonce}">`);
      expect(page.body).not.toMatch(/<script/i);
    });
  });
});
