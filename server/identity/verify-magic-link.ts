import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { magicLinks, users } from '../db/schema';
import { tokenNotValid } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { callerGuestSession } from './caller-guest-session';
import { mergeGuestInto } from './merge-guest';
import { startSession } from './start-session';
import { hashToken } from './token-hash';

/**
 * POST /v1/auth/signin/verify/: trades a magic-link token (single use, 15 minutes) for tokens. A guest's answers join
 * the account only when the guest session that asked for the link sends its own token with it (server/identity/README.md).
 */
export const verifyMagicLink = defineOperation(
  'verifyMagicLink',
  {
    summary: 'Sign in with a magic-link token (the guest token that asked for it, if any, may come along)',
    tag: 'identity',
    responses: {
      200: 'Tokens',
      401: 'token_not_valid: used, expired or unknown',
      429: 'Too many attempts',
    },
  },
  async ({ c, body, services }) => {
    await hitRateLimit(services, `verify:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.verifyPerIp);
    const guest = await callerGuestSession(c, services);
    const now = services.clock.now();
    const tokens = await services.db.transaction(async (tx) => {
      // Marking it used in the same statement that finds it: two requests with one link cannot both win.
      const [link] = await tx
        .update(magicLinks)
        .set({ usedAt: now })
        .where(and(eq(magicLinks.tokenHash, hashToken(body.token)), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, now)))
        .returning();
      if (!link) return null;
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, link.userId), isNull(users.mergedIntoId)))
        .limit(1);
      if (!user) return null;
      // A link proves the mailbox; older links sent to it are no longer needed.
      await tx
        .update(magicLinks)
        .set({ usedAt: now })
        .where(and(eq(magicLinks.userId, user.id), isNull(magicLinks.usedAt), ne(magicLinks.id, link.id)));
      // Only the browser that asked for the link brings its guest answers; the link alone moves nothing.
      if (guest && link.guestSessionId === guest.sessionId && guest.user.id !== user.id) await mergeGuestInto(tx, services, guest.user.id, user.id);
      return startSession(tx, services, user);
    });
    if (!tokens) throw tokenNotValid();
    return c.json(tokens, 200);
  },
);
