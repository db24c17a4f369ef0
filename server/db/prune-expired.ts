import { and, eq, isNotNull, like, lt, notExists, or } from 'drizzle-orm';
import { redactSecrets } from '../mail/redact-secrets';
import type { Database } from './database';
import { authSessions, emailChanges, magicLinks, outbox, rateLimits, refreshTokens } from './schema';

const DAY_MS = 24 * 60 * 60_000;

/** Deletes rows nobody can use any more: expired links and tokens, ended sessions, old counters, old sent mail. */
export async function pruneExpired(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  await db.delete(magicLinks).where(lt(magicLinks.expiresAt, dayAgo));
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, dayAgo));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo));
  // Revoked sessions stay a month so a reused refresh token still meets its revoked family.
  await db.delete(authSessions).where(and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, monthAgo)));
  // Sessions whose every refresh token has expired and been pruned can never be used again.
  await db
    .delete(authSessions)
    .where(
      and(
        lt(authSessions.createdAt, monthAgo),
        notExists(db.select({ one: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.sessionId, authSessions.id))),
      ),
    );
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo));
  // Links in mail that was never delivered (no SMTP) expired long ago: keep the message, not the token.
  const stale = await db
    .select()
    .from(outbox)
    .where(
      and(
        lt(outbox.createdAt, dayAgo),
        or(like(outbox.textBody, '%token=%'), like(outbox.textBody, '%token\\%3D%')),
        or(eq(outbox.status, 'pending'), eq(outbox.status, 'failed')),
      ),
    );
  for (const row of stale) {
    if (redactSecrets(row.textBody) === row.textBody) continue; // redacted already
    await db
      .update(outbox)
      .set({ textBody: redactSecrets(row.textBody), htmlBody: row.htmlBody === null ? null : redactSecrets(row.htmlBody), links: row.links.map(redactSecrets) })
      .where(eq(outbox.id, row.id));
  }
  await db.delete(outbox).where(and(or(eq(outbox.status, 'sent'), eq(outbox.status, 'failed')), lt(outbox.createdAt, new Date(now.getTime() - 90 * DAY_MS))));
}
