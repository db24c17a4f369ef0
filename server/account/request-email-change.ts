import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { emailChanges } from '../db/schema';
import type { UserRow } from '../http/authenticate';
import { hashToken, randomToken } from '../identity/token-hash';
import { confirmEmailChangeMail } from '../mail/email-change-mails';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';

/** A confirmation link works for an hour. */
export const EMAIL_CHANGE_MINUTES = 60;

/**
 * Records a wish to change a customer's e-mail (replacing any earlier one) and mails the new address a single-use
 * link. Nothing about the account changes until that link is confirmed (confirm-email-change.ts).
 */
export async function requestEmailChange(db: Database, services: Services, user: UserRow, newEmail: string): Promise<void> {
  const now = services.clock.now();
  const token = randomToken();
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values({
    userId: user.id,
    newEmail,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_MINUTES * 60_000),
  });
  const link = `${services.config.publicUrl}/account/confirm-email?${new URLSearchParams({ token }).toString()}`;
  await enqueueMail(db, now, confirmEmailChangeMail(newEmail, user.firstName, link, EMAIL_CHANGE_MINUTES));
}
