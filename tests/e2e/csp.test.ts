import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { openShop, phonePage } from './support/browser';

declare global {
  interface Window {
    __cspViolations?: string[];
    __inlineRan?: string[];
  }
}

/** Records every CSP violation the page reports, from before its first script runs (init scripts are not subject to the page's CSP). */
function recordViolations(): void {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`.trim());
  });
}

/**
 * The Content-Security-Policy of the real built server in Chromium (issue 10): every kind of HTML page the shop
 * serves renders with the policy in force and reports no violation; an inline script without the response's nonce
 * is refused (so the policy, and this test's listener, really act).
 */
describe('Content-Security-Policy in the browser', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let page: Page;
  let errors: string[];
  const cspConsole: string[] = [];

  beforeAll(async () => {
    // The one server of the run on an empty data directory: the shop's very first start (initdb, every migration).
    shop = await openShop({ emptyDataDir: true });
    ({ page, errors } = await phonePage(shop.browser));
    await page.addInitScript(recordViolations);
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) cspConsole.push(`${page.url()}: ${message.text()}`);
    });
    // Mail for /dev/outbox to show: a customer asks for a sign-in link.
    const email = `csp+${Date.now()}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(shop.server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/v1/auth/signup/', { email, first_name: 'Ada', last_name: 'Lovelace', has_accepted_terms: true })).status).toBe(201);
    expect((await post('/v1/auth/signin/', { username: email, next: '/' })).status).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const visit = async (path: string): Promise<Response> => {
    const response = await page.goto(shop.server.url + path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    return response!;
  };
  const violations = () => page.evaluate(() => window.__cspViolations ?? ['the recorder did not run']);

  it('the landing page, a step, the results route, the verify page and /dev/outbox render with no violation', async () => {
    const appPages: [string, string][] = [
      ['/', '#root > *'],
      ['/consultation/haircare/my-hair/length', '[data-step="length"]'],
      ['/consultation/haircare/results/get-results', '#root > *'],
      ['/signin/verify?token=bad', '#root > *'],
    ];
    for (const [path, rendered] of appPages) {
      const response = await visit(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(policy, path).toContain("object-src 'none'");
      await page.locator(rendered).first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // The step page drew its question and its styles (same-origin stylesheets, React's style props).
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);

    const outbox = await visit('/dev/outbox');
    expect(outbox.headers()['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);
    await page.locator('article a[href*="/signin/verify?token="]').first().waitFor();
    // Its inline style block carries the nonce, so it applies (body { max-width: 48rem }).
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('768px');
    expect(await violations()).toEqual([]);

    expect(cspConsole).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an inline script runs only with the response’s nonce: a wrong one is refused and reported', async () => {
    const response = await visit('/');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const ran = await page.evaluate(async (good) => {
      window.__inlineRan = [];
      for (const [name, nonce] of [
        ['wrong', 'not-the-nonce'],
        ['right', good],
      ] as const) {
        const script = document.createElement('script');
        script.nonce = nonce;
        script.textContent = `window.__inlineRan.push(${JSON.stringify(name)})`;
        document.head.append(script);
      }
      // The violation event is dispatched as a task: wait for it rather than for a fixed time.
      while (window.__cspViolations!.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      return window.__inlineRan;
    }, nonce!);
    expect(ran).toEqual(['right']);
    expect(await violations()).toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    await expect.poll(() => cspConsole.length).toBeGreaterThan(0);
  });
});
