import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { UserRow } from '../http/authenticate';

/**
 * The customer (not a guest, not merged away) who owns this e-mail address (lowercase), else null. Only the e-mail
 * counts: a username never finds an account, so nobody can receive another person's links (server/identity/README.md).
 */
export async function findCustomerByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.isGuest, false), isNull(users.mergedIntoId)))
    .limit(1);
  return user ?? null;
}
