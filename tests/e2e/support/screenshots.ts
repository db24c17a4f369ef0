import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { leanPng, screenshotStyle } from '../../screenshot-settings';

/**
 * Screenshot tests of the shop's pages (tests/README.md "Screenshots"): a full-page picture compared with its baseline
 * in tests/screenshots/pages/, by the comparator Vitest's `toMatchScreenshot` uses for the stories (pixelmatch).
 */
export const baselineDir = path.resolve('tests/screenshots/pages');
/** Where a failed comparison leaves the actual picture and the diff (git-ignored). */
export const failureDir = path.resolve('screenshot-failures/pages');

/** A pixel differs when its colour moves by more than this (0 to 1; anti-aliased pixels are not counted at all). */
const threshold = 0.1;
/**
 * How many pixels may differ: 0.1% of the picture and never more than 100 (a glyph drawn a little differently); a
 * heading moved by 4 px changes several hundred, which a ratio alone would let through on a long page.
 */
const allowedMismatchedPixelRatio = 0.001;
const allowedMismatchedPixels = 100;

/** UPDATE_SCREENSHOTS=1 (npm run screenshots:update) writes every baseline that no longer matches. */
const updating = ['1', 'true'].includes(process.env.UPDATE_SCREENSHOTS ?? '');

/** Requests in flight per page (`trackRequests`), which `settlePage` waits to see at zero. */
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts `page`'s requests from now on, so `settlePage` can wait until none is in flight; call it before the page loads. */
export function trackRequests(page: Page): void {
  const requests = new Set<unknown>();
  inFlight.set(page, requests);
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
}

/**
 * Readies a page for its picture the way a shopper's screen is once still: scrolled to its end a screen at a time and
 * back to the top (every lazy picture loads, and the footer, which loads as it nears, is drawn), then, until nothing
 * changes any more: no request in flight (data, code, pictures), every picture loaded and decoded, fonts ready, and
 * the page's height and number of elements the same as in the round before.
 */
export async function settlePage(page: Page): Promise<void> {
  const requests = inFlight.get(page);
  if (!requests) throw new Error('settlePage needs trackRequests(page) first');
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) if (image.loading === 'lazy') image.loading = 'eager';
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
  // The footer's slot is filled once its code has come (app/shell/lazy-footer.tsx).
  await page.waitForFunction(() => {
    const slot = document.querySelector('.site-footer-slot');
    return !slot || slot.childElementCount > 0;
  });
  let before = '';
  for (;;) {
    await until(() => requests.size === 0);
    const now = await page.evaluate(async () => {
      await Promise.all(
        [...document.images].map((image) =>
          image.complete
            ? undefined
            : new Promise((done) => (image.addEventListener('load', done, { once: true }), image.addEventListener('error', done, { once: true }))),
        ),
      );
      await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return `${document.documentElement.scrollHeight} ${document.getElementsByTagName('*').length}`;
    });
    if (now === before && requests.size === 0) break;
    before = now;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Resolves once `condition` holds, looking again every 50 ms (the test's own timeout is the limit). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((done) => setTimeout(done, 50));
}

/**
 * The whole page's picture once two consecutive shots agree (animations stopped, no caret, pictures drawn as flat
 * boxes: ../../screenshot-settings.ts), one image pixel per CSS pixel; after ten tries the last one. `first` is a shot
 * already taken, to start from.
 */
export async function stableFullPageShot(page: Page, first?: Buffer): Promise<Buffer> {
  let previous = first ?? (await fullPageShot(page));
  for (let tries = 0; tries < 10; tries++) {
    const next = await fullPageShot(page);
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

const fullPageShot = (page: Page) => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', scale: 'css', style: screenshotStyle });

/**
 * Shoots the whole page and compares it with the baseline `name`.png, as Vitest's `toMatchScreenshot` does for the
 * stories: a first shot that matches its baseline is the page as it should be, settled (a page still changing would
 * not match); otherwise the page is shot until two consecutive shots agree, and that picture is compared (and, when
 * updating, written). Null when it matches, else why it failed.
 */
export async function matchesBaseline(page: Page, name: string): Promise<ScreenshotFailure> {
  const first = await fullPageShot(page);
  const baseline = path.join(baselineDir, `${name}.png`);
  if (!updating && existsSync(baseline) && compare(PNG.sync.read(readFileSync(baseline)), PNG.sync.read(first)) === null) return null;
  return compareWithBaseline(name, await stableFullPageShot(page, first));
}

/** What comparing a picture with its baseline found: null when it matches (or was written), else why it failed. */
export type ScreenshotFailure = string | null;

/**
 * Compares `png` with the baseline `name`.png. No baseline, or UPDATE_SCREENSHOTS=1 with a picture that no longer
 * matches: the picture becomes the baseline (in CI, where baselines come from the repository, a missing one also
 * fails). Otherwise the two must be the same size and differ in no more than 0.1% of their pixels, 100 at most; on
 * failure the actual picture and a diff (differing pixels red over a faded copy of the baseline) are written to
 * screenshot-failures/pages/ and the message names them.
 */
export function compareWithBaseline(name: string, png: Buffer): ScreenshotFailure {
  const baseline = path.join(baselineDir, `${name}.png`);
  const actual = PNG.sync.read(png);
  const lean = () => leanPng(actual);
  if (!existsSync(baseline)) {
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(baseline, lean());
    return process.env.CI && !updating
      ? `${name}: no baseline in the repository; this run's picture was written to ${relative(baseline)}: look at it and commit it.`
      : null;
  }
  const expected = PNG.sync.read(readFileSync(baseline));
  const outcome = compare(expected, actual);
  if (outcome === null) return null;
  if (updating) {
    writeFileSync(baseline, lean());
    return null;
  }
  mkdirSync(failureDir, { recursive: true });
  const actualFile = path.join(failureDir, `${name}-actual.png`);
  writeFileSync(actualFile, lean());
  const written = [`actual: ${relative(actualFile)}`];
  if (outcome.diff) {
    const diffFile = path.join(failureDir, `${name}-diff.png`);
    writeFileSync(diffFile, PNG.sync.write(outcome.diff));
    written.push(`diff: ${relative(diffFile)}`);
  }
  return `${name}: ${outcome.message} (baseline: ${relative(baseline)}; ${written.join('; ')})`;
}

function compare(expected: PNG, actual: PNG): { message: string; diff?: PNG } | null {
  if (expected.width !== actual.width || expected.height !== actual.height)
    return { message: `the page is ${actual.width}×${actual.height} px where its baseline is ${expected.width}×${expected.height} px` };
  const diff = new PNG({ width: expected.width, height: expected.height });
  const mismatched = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, { threshold });
  const area = expected.width * expected.height;
  const allowed = Math.min(allowedMismatchedPixels, Math.floor(allowedMismatchedPixelRatio * area));
  if (mismatched <= allowed) return null;
  return { message: `${mismatched} pixels (${((mismatched / area) * 100).toFixed(2)}%) differ, more than the ${allowed} allowed`, diff };
}

const relative = (file: string) => path.relative(process.cwd(), file);
