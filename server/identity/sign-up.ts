import { and, eq } from 'drizzle-orm';
import { type AccountCreationOrigin } from '#api';
import { isUniqueViolation } from '../db/is-unique-violation';
import { users } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { findCustomerByEmail } from './find-customer';
import { isSignUpCoupon } from './find-valid-coupon';
import { revokeUserSessions } from './revoke-sessions';
import { sendMagicLink } from './send-magic-link';
import { startSession } from './start-session';
import { newPubkey } from './token-hash';
import { onSignedUp } from '../referrals/signed-up';
import { trackSignUp } from '../tracking/sign-up-event';
import { usernameProblem } from './username-rule';

/** POST /v1/auth/signup/: a new customer gets tokens; a known e-mail gets a magic link; a guest token upgrades that guest (spec 000 §4.6, §5.6). */
export const signUp = defineOperation(
  'signUp',
  {
    summary: 'Sign up (or get a magic link when the e-mail is known)',
    tag: 'identity',
    responses: {
      201: 'The new account’s tokens',
      200: 'The e-mail is known: a magic link was mailed',
      400: 'Field errors',
      422: 'invalid_coupon',
      429: 'Too many attempts',
    },
  },
  async ({ c, body, auth, services }) => {
    const { db, config, clock } = services;
    await hitRateLimit(services, `signup:ip:${clientIp(c, config.trustProxy)}`, config.rateLimits?.signupPerIp);
    const email = body.email;
    const username = body.username || email;
    const badUsername = usernameProblem(username, email);
    if (badUsername) throw validationError({ username: [badUsername] });
    const couponCode = body.coupon?.trim() || null;
    if (couponCode && !(await isSignUpCoupon(db, couponCode, clock.now()))) {
      throw new ApiError(422, 'invalid_coupon', 'This coupon code is not valid.');
    }
    const guest = auth?.user.isGuest ? auth : null;

    const existing = await findCustomerByEmail(db, email);
    if (existing) {
      await hitRateLimit(services, `signin:username:${email}`, config.rateLimits?.signinPerUsername);
      await sendMagicLink(db, services, existing, {
        nextPath: body.next ?? nextPathFor(body.account_creation_origin),
        coupon: couponCode,
        guestSessionId: guest?.sessionId,
      });
      services.mailer.wake();
      return c.json({ magic_link_sent: true as const }, 200);
    }

    const account = {
      email,
      username,
      firstName: body.first_name ?? '',
      lastName: body.last_name ?? '',
      textOptin: body.text_optin,
      textMarketingOptin: body.text_marketing_optin,
      isGuest: false,
      hasAcceptedTerms: true,
      customerOrigin: body.account_creation_origin ?? null,
      signupCoupon: couponCode?.toLowerCase() ?? null,
      updatedAt: clock.now(),
    };
    try {
      const tokens = await db.transaction(async (tx) => {
        if (guest) {
          // The guest becomes the customer: same row, so every answer given as a guest stays.
          const [upgraded] = await tx
            .update(users)
            .set(account)
            .where(and(eq(users.id, guest.user.id), eq(users.isGuest, true)))
            .returning();
          if (upgraded) {
            await onSignedUp(tx, services, upgraded);
            await trackSignUp(tx, services, c, upgraded);
            await revokeUserSessions(tx, services, upgraded.id, 'guest_signed_up');
            return startSession(tx, services, upgraded);
          }
        }
        const [created] = await tx
          .insert(users)
          .values({ ...account, pubkey: newPubkey() })
          .returning();
        if (!created) throw new Error('User insert returned no row.');
        await onSignedUp(tx, services, created);
        await trackSignUp(tx, services, c, created);
        return startSession(tx, services, created);
      });
      return c.json(tokens, 201);
    } catch (error) {
      // Another request created the same e-mail a moment ago.
      if (isUniqueViolation(error)) throw new ApiError(409, 'account_exists', 'An account with this e-mail was just created. Sign in instead.');
      throw error;
    }
  },
);

/** Where a magic link sent from a sign-up form leads: back to the consultation the shopper was in. */
function nextPathFor(origin: AccountCreationOrigin | undefined): string {
  if (origin?.endsWith('_haircare')) return '/consultation/haircare';
  if (origin?.endsWith('_skincare')) return '/consultation/skincare';
  if (origin?.endsWith('_agnostic')) return '/consultation';
  return '/';
}
