import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { hairProfiles } from '../db/schema';
import { preparedOnce } from '../db/prepared-once';

/** Every cart and profile request reads the answers, so the query is built once (db/prepared-once.ts). */
const answersOf = preparedOnce((db) =>
  db
    .select({ answers: hairProfiles.answers })
    .from(hairProfiles)
    .where(eq(hairProfiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_profile_answers'),
);

/** The stored answers of a user's profile; empty before the first answer. */
export async function loadAnswers(db: Database, userId: number): Promise<Record<string, unknown>> {
  const [row] = await answersOf(db).execute({ userId });
  return row?.answers ?? {};
}
