import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium';
import { startServer, type RunningServer } from '../../../scripts/start-server';
import { personas } from '../../fixtures/personas';

/** The built web app must exist: `npm test` builds it before the e2e stage; a lone run builds it here. */
export function ensureBuilt(): void {
  if (existsSync('dist/index.html')) return;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** The shops a test file has open now, for the report of a failed test (failure-report.ts). */
export const openShops = new Set<{ server: RunningServer; browser: Browser }>();

/**
 * The real server and a real Chromium, for one test file, started at once. On the embedded database the server starts
 * on a copy of the run's migrated data directory (made once per run by the project's globalSetup, tests/README.md
 * "Test databases"): initdb and the migrations are most of a first start's cost. `emptyDataDir` starts it on an empty
 * directory instead, as a shop's very first start is; a server on PostgreSQL (DATABASE_URL) has no embedded database.
 */
export async function openShop(
  options: { env?: Record<string, string>; emptyDataDir?: boolean } = {},
): Promise<{ server: RunningServer; browser: Browser; close(): Promise<void> }> {
  ensureBuilt();
  const dataDir = options.emptyDataDir || options.env?.DATABASE_URL ? undefined : migratedDataDir();
  const [started, launched] = await Promise.allSettled([
    startServer({ env: { RATE_LIMITS: 'off', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.env } }),
    chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs }),
  ]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const server = started.value;
  const browser = launched.value;
  const shop = {
    server,
    browser,
    async close() {
      openShops.delete(shop);
      await browser.close();
      await server.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  openShops.add(shop);
  return shop;
}

/** A new directory holding a copy of the run's migrated embedded database (pgdata/), or undefined outside such a run. */
function migratedDataDir(): string | undefined {
  let template: string | undefined;
  try {
    template = inject('pgliteDataDir');
  } catch {
    // not under Vitest's runner (a script importing these helpers)
  }
  if (!template) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-data-'));
  cpSync(path.join(template, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/**
 * A phone-sized page that fails the test on any uncaught page error. Its waits have no clock of their own (Playwright's
 * default is 30 s): they wait for their condition, and the test's timeout (vitest.config.ts) is the only limit, so a
 * busy machine makes a test slower, never failed.
 */
export async function phonePage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, errors };
}

/**
 * Records the layout shifts of every page `page` loads from now on (the observer is installed before the page's own
 * scripts run); the returned function reads those of the page loaded last.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
}

/**
 * Holds the replies to the requests matching `url` until `release()` (a page drawn without them first, as on a slow
 * network); `stop()` releases them, waits until they have gone on, and lets later requests through untouched.
 */
export async function holdReplies(page: Page, url: RegExp): Promise<{ release(): void; stop(): Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const going: Promise<void>[] = [];
  const handler = (route: Route) => {
    const goes = held.then(() => route.continue());
    going.push(goes);
    return goes;
  };
  await page.route(url, handler);
  return {
    release,
    async stop() {
      release();
      await Promise.all(going);
      await page.unroute(url, handler);
    },
  };
}

/** One API call to the shop at `baseUrl`, as a test sets up its data: JSON in and out, with a bearer when given. */
export function apiCaller(baseUrl: () => string) {
  return async (method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(baseUrl() + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** Where the e2e shoppers' orders ship (a Texas address: Texas's rate in the tax table). */
export const austinAddress = { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true } as const;

/**
 * A customer made through the API with Rosa's finished haircare consultation, the recommendation cart it makes, and a
 * primary address in Austin (so the checkout asks for none); their tokens.
 */
export async function rosaWithHaircareCart(call: ReturnType<typeof apiCaller>, email: string): Promise<{ access: string; refresh: string }> {
  const rosa = personas.find((p) => p.name === 'Rosa')!;
  const signedUp = await call('POST', '/v1/auth/signup/', undefined, {
    email,
    first_name: 'Rosa',
    last_name: 'Martinez',
    has_accepted_terms: true,
    account_creation_origin: 'consultation_sign_up_haircare',
  });
  if (signedUp.status !== 201) throw new Error(`Signing up ${email}: ${signedUp.status} ${JSON.stringify(signedUp.body)}`);
  const tokens = { access: signedUp.body.access as string, refresh: signedUp.body.refresh as string };
  const steps: [string, string, unknown, number][] = [
    ['PATCH', '/v1/account/hair_profile/', { ...rosa.answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' }, 200],
    ['GET', '/v1/account/cart/?category=haircare&origin=results', undefined, 200],
    ['POST', '/v1/account/addresses', austinAddress, 201],
  ];
  for (const [method, path, body, expected] of steps) {
    const answer = await call(method, path, tokens.access, body);
    if (answer.status !== expected) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return tokens;
}
