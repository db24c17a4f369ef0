import { users } from '../db/schema';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { startSession } from './start-session';
import { newPubkey } from './token-hash';

/** POST /v1/auth/signup/guest/: a guest account whose answers are saved and later kept on sign-up. */
export const signUpGuest = defineOperation(
  'signUpGuest',
  {
    summary: 'Create a guest session',
    tag: 'identity',
    responses: { 201: 'Guest tokens', 429: 'Too many guest accounts from this address' },
  },
  async ({ c, services }) => {
    await hitRateLimit(services, `guest-signup:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.guestSignupPerIp);
    const tokens = await services.db.transaction(async (tx) => {
      const [guest] = await tx.insert(users).values({ pubkey: newPubkey(), isGuest: true }).returning();
      if (!guest) throw new Error('Guest insert returned no row.');
      return startSession(tx, services, guest);
    });
    return c.json(tokens, 201);
  },
);
