import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium';
import { startServer, type RunningServer } from '../../../scripts/start-server';

/** The built web app must exist: `npm test` builds it before the e2e stage; a lone run builds it here. */
export function ensureBuilt(): void {
  if (existsSync('dist/index.html')) return;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** The real server and a real Chromium, for one test file. */
export async function openShop(options: { env?: Record<string, string> } = {}): Promise<{ server: RunningServer; browser: Browser; close(): Promise<void> }> {
  ensureBuilt();
  const server = await startServer({ env: { RATE_LIMITS: 'off', ...options.env } });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
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
