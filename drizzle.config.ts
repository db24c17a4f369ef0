import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: `npm run db:generate` writes SQL migrations for server/db/schema.ts; the server applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
