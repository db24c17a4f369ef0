import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createPostgresDatabase } from '../server/support/databases';
import { openShop } from './support/browser';
import { answerAll, reachesStep } from './support/consultation-driver';
import { shopCommand } from './support/shop-command';

interface Recorded {
  name: string;
  flow: string | null;
  step: string | null;
}

/**
 * The drop-off report from a real run (issue 29 item 8): two visitors in Chromium, in the US (analytics granted by
 * default, spec 001 §9 Consent), walk part of the haircare consultation; one leaves at the length question, the other
 * at the scalp's oil. The web app records each step shown (app/tracking/), and the operators' command, run beside the
 * server on its PostgreSQL database, prints where they left. The table goes to the test's output, to be quoted.
 */
describe('the drop-off report of a real run', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    shop = await openShop({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  });
  const url = (path: string) => shop.server.url + path;

  async function visitor(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    context.setDefaultTimeout(0);
    context.setDefaultNavigationTimeout(0);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { context, page, errors };
  }

  /** Waits until the visitor's step views up to `last` are recorded (the page sends its batch when hidden, or within 5 s). */
  async function recordedUpTo(context: BrowserContext, page: Page, last: string): Promise<string[]> {
    const id = (await context.cookies()).find((c) => c.name === 'visitor')!.value;
    for (;;) {
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const events = (await (await fetch(url(`/dev/tracking.json?visitor=${id}&limit=500`))).json()) as Recorded[];
      const steps = events
        .reverse()
        .filter((e) => e.name === 'flow_step_view' && e.flow === 'haircare')
        .map((e) => e.step!);
      if (steps.includes(last)) return steps;
      await page.waitForTimeout(200);
    }
  }

  it('two visitors walk part of the haircare consultation; the report shows where each left', async () => {
    const first = await visitor();
    await first.page.goto(url('/consultation/haircare'));
    await answerAll(first.page, [
      ['welcome', null],
      ['length', 'long'],
      ['texture', 'type_3a'],
      ['type', 'oily'],
    ]);
    await reachesStep(first.page, 'oil');
    expect(await recordedUpTo(first.context, first.page, 'oil')).toEqual(['welcome', 'length', 'texture', 'type', 'oil']);

    const second = await visitor();
    await second.page.goto(url('/consultation/haircare'));
    await answerAll(second.page, [['welcome', null]]);
    await reachesStep(second.page, 'length');
    expect(await recordedUpTo(second.context, second.page, 'length')).toEqual(['welcome', 'length']);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();

    const report = await shopCommand(['report', 'funnel', 'haircare', '--since', '24h'], { DATABASE_URL: database.url });
    console.log(`npm run shop -- report funnel haircare --since 24h\n\n${report.out}`);
    expect(report.err).toBe('');
    expect(report.status).toBe(0);
    expect(report.out).toContain('Visitors: started 2, finished 0 (0%).');
    // Each step some visitor reached: REACHED, SHARE, LEFT HERE; every other step of the flow 0.
    const row = (step: string) => new RegExp(`^${step} +(\\d+) +(\\S+) +(\\d+)$`, 'm').exec(report.out)?.slice(1);
    expect(row('welcome')).toEqual(['2', '100%', '0']);
    expect(row('length')).toEqual(['2', '100%', '1']);
    expect(row('texture')).toEqual(['1', '50%', '0']);
    expect(row('type')).toEqual(['1', '50%', '0']);
    expect(row('oil')).toEqual(['1', '50%', '1']);
    expect(row('scalp')).toEqual(['0', '0%', '0']);
    expect(row('results')).toEqual(['0', '0%', '0']);

    const all = await shopCommand(['report', 'funnels', '--since', '24h'], { DATABASE_URL: database.url });
    console.log(`npm run shop -- report funnels --since 24h\n\n${all.out}`);
    expect(all.status).toBe(0);
    expect(all.out).toMatch(/^haircare +consultation +2 +0 +0%$/m);
  });
});
