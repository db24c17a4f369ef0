import { and, eq, gt, isNull } from 'drizzle-orm';
import { isUniqueViolation } from '../db/is-unique-violation';
import { emailChanges, magicLinks, users } from '../db/schema';
import { ApiError, notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { revokeOtherSessions } from '../identity/revoke-sessions';
import { hashToken } from '../identity/token-hash';
import { emailChangedNoticeMail } from '../mail/email-change-mails';
import { enqueueMail } from '../mail/enqueue-mail';
import { loadUser } from './load-user';

/**
 * POST /v1/account/email/confirm/: the new address's link makes it the account's e-mail. It must be followed while
 * signed in to that same account, so a stranger who clicks it changes nothing. The old address is told, links mailed
 * to it stop working, and every other session ends (server/identity/README.md).
 */
export const confirmEmailChange = defineOperation(
  'confirmEmailChange',
  {
    summary: 'Confirm a new e-mail address with the link mailed to it',
    tag: 'account',
    responses: {
      200: 'The user, with the new e-mail',
      404: 'confirmation_not_found: unknown, used, expired, or asked for by another account',
      409: 'email_taken: another account took this e-mail meanwhile; nothing changed',
    },
  },
  async ({ c, body, auth, services }) => {
    const { db, clock } = services;
    const now = clock.now();
    try {
      const confirmed = await db.transaction(async (tx) => {
        const [change] = await tx
          .update(emailChanges)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailChanges.tokenHash, hashToken(body.token)),
              eq(emailChanges.userId, auth.user.id),
              isNull(emailChanges.usedAt),
              gt(emailChanges.expiresAt, now),
            ),
          )
          .returning();
        if (!change) return false;
        const [current] = await tx.select().from(users).where(eq(users.id, auth.user.id)).for('update');
        if (!current) return false;
        // The username follows the e-mail unless the customer chose another one.
        const username = current.username === current.email ? change.newEmail : current.username;
        await tx.update(users).set({ email: change.newEmail, username, updatedAt: now }).where(eq(users.id, current.id));
        // The old mailbox no longer proves who owns the account.
        await tx
          .update(magicLinks)
          .set({ usedAt: now })
          .where(and(eq(magicLinks.userId, current.id), isNull(magicLinks.usedAt)));
        await revokeOtherSessions(tx, services, current.id, auth.sessionId, 'email_changed');
        if (current.email) await enqueueMail(tx, now, emailChangedNoticeMail(current.email, current.firstName, change.newEmail));
        return true;
      });
      if (!confirmed) throw notFound('confirmation_not_found', 'This link has expired, was already used, or was sent for another account.');
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken', 'Another account now uses this e-mail address, so it was not changed.');
      throw error;
    }
    services.mailer.wake();
    return c.json(await loadUser(db, auth.user.id, now), 200);
  },
);
