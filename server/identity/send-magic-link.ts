import type { Database } from '../db/database';
import { magicLinks } from '../db/schema';
import type { UserRow } from '../http/authenticate';
import { enqueueMail } from '../mail/enqueue-mail';
import { magicLinkMail } from '../mail/magic-link-mail';
import type { Services } from '../services';
import { hashToken, randomToken } from './token-hash';

/** Magic links expire 15 minutes after they are sent. */
export const MAGIC_LINK_MINUTES = 15;

/** What a magic link remembers besides its user. */
export interface MagicLinkRequest {
  nextPath: string;
  coupon?: string | null;
  couponSource?: string | null;
  /** The guest session asking: its answers join the account if, and only if, this same session follows the link. */
  guestSessionId?: string | null;
}

/** Stores a single-use link (hashed) and queues the e-mail `{PUBLIC_URL}/signin/verify?token=...&next=...`. */
export async function sendMagicLink(db: Database, services: Services, user: UserRow, request: MagicLinkRequest): Promise<void> {
  if (!user.email) throw new Error('A magic link needs an e-mail address.');
  const token = randomToken();
  const now = services.clock.now();
  await db.insert(magicLinks).values({
    userId: user.id,
    tokenHash: hashToken(token),
    nextPath: request.nextPath,
    coupon: request.coupon ?? null,
    couponSource: request.couponSource ?? null,
    guestSessionId: request.guestSessionId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MAGIC_LINK_MINUTES * 60_000),
  });
  const query = new URLSearchParams({ token, next: request.nextPath });
  const link = `${services.config.publicUrl}/signin/verify?${query.toString()}`;
  await enqueueMail(db, now, magicLinkMail(user.email, user.firstName, link, MAGIC_LINK_MINUTES));
}
