import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { OutgoingMail } from './mailer';

const LINK = /https?:\/\/[^\s<>"']+/g;

/** Puts a message in the outbox, inside the caller's transaction; call `services.mailer.wake()` after it commits. */
export async function enqueueMail(db: Database, now: Date, mail: OutgoingMail): Promise<void> {
  await db.insert(outbox).values({
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    links: [...new Set(mail.text.match(LINK) ?? [])],
    createdAt: now,
    nextAttemptAt: now,
  });
}
