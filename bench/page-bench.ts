/** What a first-time visitor downloads for a step page, and Lighthouse's mobile performance score for it. */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';

export interface PageWeight {
  path: string;
  /** Each script and stylesheet fetched, with its gzipped size. */
  files: { url: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  requests: number;
  thirdPartyRequests: string[];
  cumulativeLayoutShift: number;
}

/**
 * Loads `path` in a fresh browser profile (with `storage` in its localStorage: a shopper's session) and sums the
 * gzipped size of every script and stylesheet it fetched before it was first idle: everything the page asks for until
 * its heading is drawn and the network is quiet, except what it leaves to an idle callback (the tracking runtime, loaded
 * once the page is loaded and the browser idle: app/tracking/app-tracking.tsx). Idle callbacks are held for the whole
 * measure, so that code is never counted, whether or not the browser would have found idle time before the network
 * went quiet (it did on some runs and not others: up to 1.5 KB apart).
 */
export async function pageWeight(baseUrl: string, path: string, storage?: Record<string, string>): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true });
    if (storage) {
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    await page.addInitScript(() => {
      // What the page leaves for the browser's idle time waits until the weight is taken (never, here).
      window.requestIdleCallback = () => 0;
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const bodies: Promise<{ url: string; type: string; gz: number }>[] = [];
    const origin = new URL(baseUrl).origin;
    const thirdParty: string[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!url.startsWith(origin)) thirdParty.push(url);
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        bodies.push(response.body().then((b) => ({ url, type, gz: gzipSync(b, { level: 9 }).length })));
      }
    });
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    await page.waitForSelector('h1');
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    const loaded = await Promise.all(bodies);
    return {
      path,
      files: loaded.map((b) => ({ url: b.url.replace(origin, ''), gzipBytes: b.gz })),
      jsGzipBytes: loaded.filter((b) => b.type === 'script').reduce((n, b) => n + b.gz, 0),
      cssGzipBytes: loaded.filter((b) => b.type === 'stylesheet').reduce((n, b) => n + b.gz, 0),
      requests: loaded.length,
      thirdPartyRequests: thirdParty,
      cumulativeLayoutShift: cls,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's figures for one page load. */
export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's speed (higher is faster; about 1,000-2,000 on these machines). */
  benchmarkIndex: number;
}

/**
 * Lighthouse (mobile preset, simulated throttling) performance score, 0-100, and its key metrics. `storage` is put
 * in the origin's localStorage first (a signed-in shopper's tokens), and Lighthouse is told to keep it.
 * `cpuSlowdown` (4 in the preset) mimics a slower host: simulated throttling multiplies the time each task took here.
 */
export async function lighthousePerformance(url: string, storage?: Record<string, string>, cpuSlowdown = 4): Promise<LighthouseFigures> {
  // Now and then Lighthouse loses the trace of a run (NO_NAVSTART) and scores it 0: that run is made again.
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouseRun(url, storage, cpuSlowdown);
    if (!run.runtimeError) return run.figures;
    if (attempt === 3) throw new Error(`Lighthouse failed three times on ${url}: ${run.runtimeError}`);
    console.warn(`Lighthouse run failed on ${url} (${run.runtimeError}); running it again.`);
  }
}

async function lighthouseRun(url: string, storage: Record<string, string> | undefined, cpuSlowdown: number) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumArgs });
  try {
    if (storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${new URL(url).origin}/favicon.svg`);
      await page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
      await page.close();
      await browser.close();
    }
    // Settings merge into the mobile preset's: only the CPU multiplier changes.
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      disableStorageReset: Boolean(storage),
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    const lhr = result!.lhr;
    if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdown || lhr.configSettings.throttling.rttMs !== 150) {
      throw new Error(`Lighthouse ran with other throttling than asked: ${JSON.stringify(lhr.configSettings.throttling)}`);
    }
    return {
      runtimeError: lhr.runtimeError?.code,
      figures: {
        score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
        tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
    };
  } finally {
    chrome.kill();
  }
}
