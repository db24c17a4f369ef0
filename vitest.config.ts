import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { BrowserCommandContext } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { flowsPlugin } from './engine/vite/flows-plugin.ts';
import { contentPlugin } from './shop/content/content-plugin.ts';
import { chromiumPath, chromiumArgs } from './scripts/chromium.ts';
import { screenshotStyle } from './tests/screenshot-settings.ts';

const root = import.meta.dirname;
const alias = { flows: path.join(root, 'flows') };
/**
 * Test files run at once by the unit and dom projects (together, in one pool): at least 2. Vitest's default, one less
 * than the cores, is a single worker on CI's 2 cores, which leaves a core idle while a worker imports, renders or waits
 * for a server process it started; each file still runs alone in its own worker (isolated), in any order.
 */
const nodeWorkers = Math.max(2, availableParallelism() - 1);

/** Test projects: unit (node), dom (jsdom), storybook (stories in Chromium with axe), e2e (real server, real browser). */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [flowsPlugin()],
        resolve: { alias },
        // The timeouts of every project only stop a test that truly hangs: tests wait for conditions, and a busy machine
        // (CI shares its 2 cores) makes them slower, never failed.
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: nodeWorkers,
          include: ['tests/{engine,server,api,flows,bench,formulation}/**/*.test.ts'],
          // One migrated database of each driver per run, which every suite copies (tests/README.md "Test databases").
          globalSetup: ['tests/server/support/database-templates.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 120_000 } },
        },
      },
      {
        plugins: [flowsPlugin(), contentPlugin(), react()],
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          maxWorkers: nodeWorkers,
          include: ['tests/{ui,renderer,app,shop}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 120_000 } },
        },
      },
      {
        plugins: [flowsPlugin(), contentPlugin(), storybookTest({ configDir: path.join(root, '.storybook') })],
        resolve: { alias },
        // The root index.html (the app) is in Vite's dependency scan; pre-bundle its deps so no test run is reloaded halfway.
        optimizeDeps: { include: ['@xstate/react', 'react-router', 'xstate'] },
        test: {
          name: 'storybook',
          // Its own group after unit and dom when every project runs in one command: it keeps Vitest's own worker count.
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
              // The page around the test frame is larger than any story's viewport, so no story is scaled down to fit
              // (a scaled frame would blur its screenshot); one device pixel per CSS pixel keeps the PNGs lean.
              contextOptions: { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
            }),
            // Phones first: the viewport before a story sets its own (stories/support/viewports.ts `at`).
            instances: [{ browser: 'chromium', viewport: { width: 390, height: 844 } }],
            commands: {
              /** Sizes the page around the test frame, so a story made as tall as its content for its screenshot is not scaled down. */
              setOuterViewport: async (context: BrowserCommandContext, width: number, height: number) => {
                await context.page.setViewportSize({ width, height });
              },
            },
            // Screenshot tests of every story (.storybook/vitest.setup.ts; tests/README.md "Screenshots"): one baseline per
            // story in tests/screenshots/stories/<stories file>/<story>.png, written by `npm run screenshots:update` (or
            // `-u`); a mismatch writes the actual picture and a diff under screenshot-failures/ (git-ignored).
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // A pixel differs when its colour moves by more than `threshold` (anti-aliased edges are not counted);
                // up to 0.1% of the pixels may differ, and never more than 100 (a glyph's rendering): a heading moved
                // by 4 px changes several hundred, which a ratio alone would let through on a long story.
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001, allowedMismatchedPixels: 100 },
                // Animations stopped, no text caret, one image pixel per CSS pixel; every picture a flat box of its size
                // (tests/screenshot-settings.ts: the layout is compared, the artwork is not stored again in every PNG).
                screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css', style: screenshotStyle },
                // Waits for two equal consecutive shots; a busy machine is slower, not failed.
                timeout: 60_000,
                resolveScreenshotPath: ({ arg, ext, root, testFileName }) =>
                  path.join(root, 'tests/screenshots/stories', testFileName.replace(/\.stories\.tsx?$/, ''), `${arg}${ext}`),
                resolveDiffPath: ({ arg, ext, root, testFileName }) =>
                  path.join(root, 'screenshot-failures/stories', testFileName.replace(/\.stories\.tsx?$/, ''), `${arg}${ext}`),
              },
            },
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        // Waits in these tests have no clock of their own; these limits only stop a test that truly hangs.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The run's migrated databases, which each file's server starts on a copy of (tests/e2e/support/browser.ts openShop).
          globalSetup: ['tests/server/support/database-templates.ts'],
          // A failed test prints where each page was and the end of the server's output.
          setupFiles: ['tests/e2e/support/failure-report.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
          expect: { poll: { timeout: 300_000, interval: 100 } },
          // Two files at once: each has its own server (on its own copy of the database) and its own Chromium, and
          // waits on them much of the time; one file at a time left a core idle (18 files, 365 s on a quiet machine).
          maxWorkers: 2,
        },
      },
    ],
  },
});
