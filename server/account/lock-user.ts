import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';

/** Serialises a user's writes that must see each other (the one primary address) by locking the user row. */
export async function lockUser(tx: Database, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
