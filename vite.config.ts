import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowsPlugin } from './engine/vite/flows-plugin.ts';

const api = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}`;
const proxied = ['/v1', '/v2', '/dev', '/healthz', '/openapi.json', '/flags'];

/** The web app: index.html at the root, app/ as the entry, flows compiled at build time. */
export default defineConfig({
  plugins: [flowsPlugin(), react()],
  resolve: { alias: { flows: new URL('./flows', import.meta.url).pathname } },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', reportCompressedSize: false },
  // In development the API runs beside Vite (npm run dev) and is reached through the same origin.
  server: { port: Number(process.env.VITE_PORT ?? 5173), proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
});
