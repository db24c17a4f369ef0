/**
 * What a failed end-to-end test leaves behind to read: for every shop the file has open, each page's address and the
 * step or alert it shows, and the end of what the server printed. A test that hangs until its timeout says no more
 * than "timed out"; this says where the shopper was and what the server did (tests/README.md "A failed end-to-end test").
 */
import { afterEach } from 'vitest';
import { loggableQuery } from '../../../server/log/loggable-query';
import { openShops } from './browser';

/** How long one page may take to say where it is; a page that is stuck itself is reported as such. */
const PAGE_REPORT_MS = 5_000;
const SERVER_LINES = 80;

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || openShops.size === 0) return;
  const lines: string[] = [`What the shop showed when "${task.name}" failed:`];
  for (const shop of openShops) {
    for (const context of shop.browser.contexts()) {
      for (const page of context.pages()) lines.push(`  page ${withoutValues(page.url())}: ${await describePage(page)}`);
    }
    const output = shop.server.output().trimEnd().split('\n').slice(-SERVER_LINES);
    lines.push(`  the server's last ${output.length} lines:`, ...output.map((line) => `    ${line}`));
  }
  console.error(lines.join('\n'));
});

/** A page's address with its query as the access log writes it (loggableQuery): a sign-in link's token stays out. */
function withoutValues(address: string): string {
  const url = new URL(address);
  return `${url.origin}${url.pathname}${url.search ? `?${loggableQuery(url.search)}` : ''}`;
}

async function describePage(page: import('playwright-core').Page): Promise<string> {
  const said = page
    .evaluate(() => {
      const step = document.querySelector('[data-step]')?.getAttribute('data-step');
      const alerts = [...document.querySelectorAll('[role="alert"], [aria-invalid="true"]')]
        .map((node) => (node as HTMLElement).innerText || node.getAttribute('aria-describedby') || '')
        .filter(Boolean);
      const heading = document.querySelector('h1')?.textContent ?? '';
      return [step ? `step ${step}` : 'no step', `h1 "${heading.trim()}"`, ...alerts.map((text) => `alert "${text.trim()}"`)].join(', ');
    })
    .catch((error: unknown) => `could not be read (${String(error).split('\n')[0]})`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('did not answer'), PAGE_REPORT_MS)));
  try {
    return await Promise.race([said, stuck]);
  } finally {
    clearTimeout(timer);
  }
}
