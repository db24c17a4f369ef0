import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { settings } from './schema';

const KEY = 'token_signing_secret';

/** SECRET_KEY when given; else a random secret generated once and kept in the settings table, so tokens survive restarts. */
export async function resolveSigningSecret(db: Database, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SECRET_KEY must be at least 32 characters long.');
    return fromEnv;
  }
  // Inserting first and reading back makes two processes starting together agree on one secret.
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (!row) throw new Error('The token signing secret could not be stored.');
  return row.value;
}
