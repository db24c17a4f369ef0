import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { UserRow } from '../http/authenticate';

/** The customer (not a guest, not merged away) whose username or e-mail is one of `logins` (lowercase). */
export async function findCustomer(db: Database, logins: string[]): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(or(inArray(users.email, logins), inArray(users.username, logins)), eq(users.isGuest, false), isNull(users.mergedIntoId)))
    .limit(1);
  return user ?? null;
}
