import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openShop, recordLayoutShifts } from './support/browser';

interface Recorded {
  kind: string;
  name: string;
  path: string | null;
  flow: string | null;
  step: string | null;
  data: Record<string, unknown>;
}

/**
 * Consent and tracking in Chromium against the real server (issue 29 items 6-7; spec 001 §2 router location, §9
 * Consent, Tracking): a Canadian visitor is asked and nothing is recorded before they accept; the banner moves nothing
 * (CLS < 0.01); accepted, page views and flow step views are recorded for their visitor cookie; a US visitor is not
 * asked and is recorded from the first page, with the utm_source they arrived with. What was recorded is read from
 * GET /dev/tracking.json (outside production only).
 */
describe('consent and tracking, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => shop.server.url + path;

  async function visitor(locale: string): Promise<{ context: BrowserContext; page: Page; errors: string[]; beacons: string[] }> {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
    context.setDefaultTimeout(0);
    context.setDefaultNavigationTimeout(0);
    const page = await context.newPage();
    const errors: string[] = [];
    const beacons: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('request', (request) => {
      if (request.url().includes('/v1/tracking')) beacons.push(request.postData() ?? '');
    });
    return { context, page, errors, beacons };
  }

  async function visitorId(context: BrowserContext): Promise<string> {
    const cookie = (await context.cookies()).find((c) => c.name === 'visitor');
    expect(cookie?.httpOnly).toBe(true);
    return cookie!.value;
  }

  const recorded = async (id: string): Promise<Recorded[]> =>
    ((await (await fetch(url(`/dev/tracking.json?visitor=${id}&limit=500`))).json()) as Recorded[]).reverse();

  /** Waits until the visitor's events satisfy `ready` (the page sends a batch when it is hidden, or within 5 s). */
  async function until(page: Page, id: string, ready: (events: Recorded[]) => boolean): Promise<Recorded[]> {
    for (let tries = 0; ; tries++) {
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const events = await recorded(id);
      if (ready(events)) return events;
      if (tries > 600) throw new Error(`The events never came: ${JSON.stringify(events)}`);
      await page.waitForTimeout(200);
    }
  }

  it('§9 a Canadian visitor is asked; nothing is sent before they accept; the banner moves nothing; then page views are recorded', async () => {
    const { context, page, errors, beacons } = await visitor('en-CA');
    const shifts = await recordLayoutShifts(page);
    await page.goto(url('/collections/haircare?utm_source=newsletter&token=secret'));
    const banner = page.getByRole('region', { name: 'Cookie choices' });
    await banner.waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The banner never takes the focus.
    expect(await page.evaluate(() => document.activeElement?.closest('.consent-banner') ?? null)).toBeNull();
    const cls = (await shifts()).reduce((sum, shift) => sum + shift, 0);
    expect(cls).toBeLessThan(0.01);

    // Another page before answering: still nothing leaves the browser, even when the page is hidden.
    await page.evaluate(() => history.pushState(null, '', '/collections/skincare'));
    await page.goBack();
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const id = await visitorId(context);
    expect(beacons).toEqual([]);
    expect(await recorded(id)).toEqual([]);

    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toMatch(/^v1\.CA\.ad1\.an1\.fn1\.pe1\.se1\.\d+$/);
    const afterConsent = await until(page, id, (events) => events.some((e) => e.name === 'pageview'));
    // Only what followed the consent: this page, its path without the token (utm_* only with breadcrumbs-pageview-utms).
    expect(afterConsent.map((e) => [e.kind, e.path])).toEqual([['pageview', '/collections/haircare']]);

    // A route change is a page view.
    await page.goto(url('/consultation/haircare'));
    const events = await until(page, id, (list) => list.some((e) => e.name === 'flow_step_view'));
    expect(events.filter((e) => e.name === 'pageview').map((e) => e.path)).toContain('/consultation/haircare');
    expect(events.find((e) => e.name === 'flow_step_view')).toMatchObject({ flow: 'haircare', step: expect.any(String) });
    expect(JSON.stringify(events)).not.toContain('secret');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('§9 a US visitor is not asked: the first page view and the utm_source of app start are recorded', async () => {
    const { context, page, errors, beacons } = await visitor('en-US');
    await page.goto(url('/?utm_source=podcast&utm_campaign=fall'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const id = await visitorId(context);
    const events = await until(page, id, (list) => list.some((e) => e.name === 'app_start') && list.some((e) => e.name === 'pageview'));
    expect(await page.getByRole('region', { name: 'Cookie choices' }).count()).toBe(0);
    expect(events.find((e) => e.name === 'app_start')?.data).toEqual({ utm_source: 'podcast', utm_campaign: 'fall' });
    expect(events.find((e) => e.name === 'pageview')?.path).toBe('/');

    // The footer's "Your privacy choices" (it loads when scrolled near): analytics refused, and nothing more is recorded.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Your privacy choices' }).click();
    const banner = page.getByRole('region', { name: 'Cookie choices' });
    await banner.getByRole('checkbox', { name: 'Analytics' }).uncheck();
    await banner.getByRole('button', { name: 'Save choices' }).click();
    await banner.waitFor({ state: 'detached' });
    const before = (await recorded(id)).length;
    const sentBefore = beacons.length;
    await page.goto(url('/collections/accessories'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    expect(beacons.length).toBe(sentBefore);
    expect((await recorded(id)).length).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
