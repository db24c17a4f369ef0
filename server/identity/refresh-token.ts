import { and, eq, gt, isNull } from 'drizzle-orm';
import { authSessions, refreshTokens, users } from '../db/schema';
import { tokenNotValid } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { revokeSession } from './revoke-sessions';
import { issueAccessToken, issueRefreshToken } from './start-session';
import { hashToken } from './token-hash';

/** POST /v1/auth/token/refresh/: rotates the refresh token; presenting a rotated one again revokes the whole session. */
export const refreshToken = defineOperation(
  'refresh',
  {
    summary: 'Trade a refresh token for new tokens',
    tag: 'identity',
    responses: {
      200: 'New tokens (the old refresh token no longer works)',
      401: 'token_not_valid',
    },
  },
  async ({ c, body, services }) => {
    const now = services.clock.now();
    const hash = hashToken(body.refresh);
    const outcome = await services.db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)))
        .returning();
      if (!rotated) {
        const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
        // A rotated token used again means it leaked (or was stolen): end the session for everyone holding it.
        if (known?.usedAt) await revokeSession(tx, services, known.sessionId, 'refresh_token_reused');
        return null;
      }
      const [owner] = await tx
        .select({ user: users })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authSessions.id, rotated.sessionId), isNull(authSessions.revokedAt), isNull(users.mergedIntoId)))
        .limit(1);
      if (!owner) return null;
      const refresh = await issueRefreshToken(tx, services, rotated.sessionId);
      return { access: issueAccessToken(services, owner.user, rotated.sessionId), refresh };
    });
    if (!outcome) throw tokenNotValid();
    return c.json(outcome, 200);
  },
);
