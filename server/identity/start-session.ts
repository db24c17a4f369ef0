import { randomUUID } from 'node:crypto';
import type { TokenPair } from '#api';
import type { Database } from '../db/database';
import { authSessions, refreshTokens } from '../db/schema';
import type { Services } from '../services';
import { signJwt } from './jwt';
import { hashToken, randomToken } from './token-hash';

/** Access tokens live 15 minutes; the client refreshes them early from `exp`. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Each refresh token lives 30 days; rotation hands out a fresh one. */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/** The user facts a token carries. */
export interface TokenSubject {
  pubkey: string;
  isGuest: boolean;
}

/** A signed access token for a session. */
export function issueAccessToken(services: Services, subject: TokenSubject, sessionId: string): string {
  const iat = Math.floor(services.clock.now().getTime() / 1000);
  return signJwt({ sub: subject.pubkey, guest: subject.isGuest, sid: sessionId, iat, exp: iat + ACCESS_TOKEN_SECONDS }, services.config.secret);
}

/** Stores a new refresh token (hashed) in a session and returns the raw token. */
export async function issueRefreshToken(db: Database, services: Services, sessionId: string): Promise<string> {
  const token = randomToken();
  const now = services.clock.now();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
  });
  return token;
}

/** Opens a sign-in session (a refresh token family) and returns its first token pair. */
export async function startSession(db: Database, services: Services, user: TokenSubject & { id: number }): Promise<TokenPair> {
  const sessionId = randomUUID();
  await db.insert(authSessions).values({ id: sessionId, userId: user.id, createdAt: services.clock.now() });
  const refresh = await issueRefreshToken(db, services, sessionId);
  return { access: issueAccessToken(services, user, sessionId), refresh };
}
