import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { flowsPlugin } from './engine/vite/flows-plugin.ts';
import { contentPlugin } from './shop/content/content-plugin.ts';
import { chromiumPath, chromiumArgs } from './scripts/chromium.ts';

const root = import.meta.dirname;
const alias = { flows: path.join(root, 'flows') };

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
          include: ['tests/{engine,server,api,flows,bench,formulation}/**/*.test.ts'],
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
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
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
          testTimeout: 600_000,
          hookTimeout: 600_000,
          expect: { poll: { timeout: 300_000, interval: 100 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
