import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { authSessions } from '../db/schema';
import type { Services } from '../services';

/** Ends one session: its refresh tokens stop working, and so do access tokens issued for it. */
export async function revokeSession(db: Database, services: Services, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: services.clock.now(), revokeReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user (a guest becoming a customer, a guest merged into an account). */
export async function revokeUserSessions(db: Database, services: Services, userId: number, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: services.clock.now(), revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user but the one making the request (an e-mail change confirmed from it). */
export async function revokeOtherSessions(db: Database, services: Services, userId: number, keepSessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: services.clock.now(), revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId), isNull(authSessions.revokedAt)));
}
