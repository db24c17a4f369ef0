import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowsPlugin } from './engine/vite/flows-plugin.ts';
import { precompressPlugin } from './scripts/precompress-plugin.ts';

const api = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}`;
const proxied = ['/v1', '/v2', '/dev', '/healthz', '/openapi.json', '/flags'];

// Chunks a step page needs, grouped so they compress together and arrive in few requests; the rest
// (step kinds a first screen does not use, the session and API client, other pages) load on demand.
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router|xstate|@xstate|use-sync-external-store)[\\/]/;
const shared = /api[\\/]client[\\/](shapes|token-store)|app[\\/](app-services|consultation[\\/]flow-registry|shell[\\/](page-status|use-page-heading-focus))/;

// react-router's package exports only its development build (dev warnings on); the production build,
// shipped beside it, differs by that one switch and lets the bundler drop the warnings (about 3 KB gzipped).
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

/** The web app: index.html at the root, app/ as the entry, flows compiled at build time. */
export default defineConfig(({ command }) => ({
  plugins: [flowsPlugin(), react(), precompressPlugin()],
  resolve: {
    alias: [
      { find: 'flows', replacement: new URL('./flows', import.meta.url).pathname },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The server reads it to preload a page's lazy code with the entry (server/http/route-preloads.ts).
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 30 },
            // Small helpers the entry and the consultation share: one request instead of five.
            { name: 'shared', test: shared, priority: 20 },
          ],
        },
      },
    },
  },
  // In development the API runs beside Vite (npm run dev) and is reached through the same origin.
  server: { port: Number(process.env.VITE_PORT ?? 5173), proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
}));
