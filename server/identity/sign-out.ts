import { eq } from 'drizzle-orm';
import { refreshTokens } from '../db/schema';
import { bearerToken } from '../http/authenticate';
import { defineOperation } from '../http/operation';
import { verifyJwt } from './jwt';
import { revokeSession } from './revoke-sessions';
import { hashToken } from './token-hash';

/** POST /v1/auth/signout/: revokes the session of the refresh token and of the bearer token; always succeeds. */
export const signOut = defineOperation(
  'signOut',
  {
    summary: 'Sign out (revoke the refresh token and its session)',
    tag: 'identity',
    responses: { 204: 'Signed out (also when the tokens were already invalid)' },
  },
  async ({ c, body, services }) => {
    const sessions = new Set<string>();
    if (body.refresh) {
      const [token] = await services.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(body.refresh)))
        .limit(1);
      if (token) sessions.add(token.sessionId);
    }
    let bearer: string | null = null;
    try {
      bearer = bearerToken(c);
    } catch {
      // A malformed header: signing out still succeeds.
    }
    // An expired access token still names its session; only the signature matters here.
    const claims = bearer ? verifyJwt(bearer, services.config.secret, 0) : null;
    if (claims) sessions.add(claims.sid);
    for (const sessionId of sessions) await revokeSession(services.db, services, sessionId, 'signed_out');
    return c.body(null, 204);
  },
);
