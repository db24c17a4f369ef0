import type { Context } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared-once';
import { authSessions, users } from '../db/schema';
import type { Services } from '../services';
import { verifyJwt } from '../identity/jwt';
import { ApiError, tokenNotValid } from './api-error';

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;

/** Who is calling: the user and the sign-in session their access token belongs to. */
export interface Auth {
  user: UserRow;
  sessionId: string;
}

/** The bearer token of the request, if any. A malformed Authorization header counts as a bad token. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (header === undefined || header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw tokenNotValid();
  return match[1];
}

/** The user of a live session: every authenticated request asks, so it is built once (db/prepared-once.ts). */
const sessionUser = preparedOnce((db) =>
  db
    .select({ user: users })
    .from(users)
    .innerJoin(authSessions, eq(authSessions.userId, users.id))
    .where(
      and(eq(users.pubkey, sql.placeholder('sub')), eq(authSessions.id, sql.placeholder('sid')), isNull(authSessions.revokedAt), isNull(users.mergedIntoId)),
    )
    .limit(1)
    .prepare('authenticate_session_user'),
);

/** Resolves the caller from the access token; a bad, expired, forged or revoked token is 401 token_not_valid. */
export async function authenticate(c: Context, services: Services, required: boolean): Promise<Auth | null> {
  const token = bearerToken(c);
  if (token === null) {
    if (!required) return null;
    throw new ApiError(401, 'not_authenticated', 'Sign in, or start as a guest, to do this.', undefined, { 'WWW-Authenticate': 'Bearer' });
  }
  const claims = verifyJwt(token, services.config.secret, Math.floor(services.clock.now().getTime() / 1000));
  if (!claims) throw tokenNotValid();
  const [row] = await sessionUser(services.db).execute({ sub: claims.sub, sid: claims.sid });
  if (!row) throw tokenNotValid();
  return { user: row.user, sessionId: claims.sid };
}
