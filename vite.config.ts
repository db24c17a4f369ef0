import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowsPlugin } from './engine/vite/flows-plugin';

/** The web app: index.html at the root, app/ as the entry, flows compiled at build time. */
export default defineConfig({
  plugins: [flowsPlugin(), react()],
  resolve: { alias: { flows: new URL('./flows', import.meta.url).pathname } },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', reportCompressedSize: false },
  server: { port: 5173 },
});
