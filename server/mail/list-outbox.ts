import { desc, eq } from 'drizzle-orm';
import type { OutboxMessage } from '#api';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';

/** The newest messages of the outbox, optionally only those to one address. */
export async function listOutbox(db: Database, to: string | undefined, limit: number): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.recipient, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    links: row.links,
    created_at: row.createdAt.toISOString(),
  }));
}
