import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { hairProfiles } from '../db/schema';

/** The stored answers of a user's profile; empty before the first answer. */
export async function loadAnswers(db: Database, userId: number): Promise<Record<string, unknown>> {
  const [row] = await db.select({ answers: hairProfiles.answers }).from(hairProfiles).where(eq(hairProfiles.userId, userId)).limit(1);
  return row?.answers ?? {};
}
