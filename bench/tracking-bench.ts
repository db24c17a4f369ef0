/**
 * Tracking adds no request to a page's critical path (issue 29 target): Lighthouse (mobile preset) on the home page
 * with tracking on (a US visitor: analytics granted, page view queued and sent as a beacon once the page is idle)
 * and off (the same page with a `consent` cookie refusing analytics: the same code runs, nothing is queued or sent),
 * alternating runs, the median of each; and when the first tracking beacon leaves, against the page's load event.
 * `node --import tsx bench/tracking-bench.ts [--runs=5]` (after `npm run build`); printed, not written.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';
import { startServer } from '../scripts/start-server';
import { ensureBuilt } from './build-app';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const DENIED = 'v1.US.ad0.an0.fn1.pe1.se1';

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  tracking: { url: string; startMs: number }[];
}

async function lighthouseRun(url: string, consent: string | null): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumArgs });
  try {
    if (consent) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const { hostname } = new URL(url);
      await browser.contexts()[0]!.addCookies([{ name: 'consent', value: `${consent}.${Math.floor(Date.now() / 1000)}`, domain: hostname, path: '/' }]);
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      disableStorageReset: Boolean(consent),
    });
    const lhr = result!.lhr;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; networkRequestTime?: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? 0,
      cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
      tracking: requests
        .filter((r) => r.url.includes('/v1/tracking') || r.url.includes('/v1/breadcrumbs'))
        .map((r) => ({ url: r.url, startMs: Math.round(r.networkRequestTime ?? -1) })),
    };
  } finally {
    chrome.kill();
  }
}

/** When the first beacon leaves in a real (unthrottled) load, against the load event: never before it. */
async function beaconTiming(url: string): Promise<{ loadMs: number; beaconMs: number | null }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true });
    const start = Date.now();
    let beaconMs: number | null = null;
    page.on('request', (request) => {
      if (beaconMs === null && request.url().includes('/v1/tracking/batch')) beaconMs = Date.now() - start;
    });
    await page.goto(url, { waitUntil: 'load' });
    const loadMs = Date.now() - start;
    await page.waitForRequest((r) => r.url().includes('/v1/tracking/batch'), { timeout: 15_000 }).catch(() => undefined);
    return { loadMs, beaconMs };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  ensureBuilt(false);
  const server = await startServer({ env: { RATE_LIMITS: 'off' } });
  try {
    const url = `${server.url}/`;
    const on: Run[] = [];
    const off: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      on.push(await lighthouseRun(url, null));
      off.push(await lighthouseRun(url, DENIED));
    }
    const timing = await beaconTiming(url);
    const line = (name: string, runs: Run[]) =>
      `${name.padEnd(13)} score ${median(runs.map((r) => r.score))} (runs ${runs.map((r) => r.score).join(', ')}), LCP ${Math.round(median(runs.map((r) => r.lcpMs)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, tracking requests in the trace: ${runs.map((r) => r.tracking.length).join(', ')}`;
    console.log(
      `Home page, Lighthouse mobile, ${RUNS} runs each, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(line('tracking on', on));
    console.log(line('tracking off', off));
    console.log(`Unthrottled load: load event at ${timing.loadMs} ms, first tracking beacon at ${timing.beaconMs ?? 'none'} ms`);
  } finally {
    await server.stop();
  }
}

await main();
