import { ApiError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { findCustomerByEmail } from './find-customer';
import { sendMagicLink } from './send-magic-link';

/** POST /v1/auth/signin/: mails a magic link; unknown user is 404; limited per username and per address. */
export const signIn = defineOperation(
  'requestMagicLink',
  {
    summary: 'Ask for a magic sign-in link',
    tag: 'identity',
    responses: {
      200: 'A magic link was mailed',
      400: 'Field errors',
      404: 'unknown_user',
      429: 'Too many attempts (Retry-After says when to try again)',
    },
  },
  async ({ c, body, auth, services }) => {
    const { config, db } = services;
    await hitRateLimit(services, `signin:ip:${clientIp(c, config.trustProxy)}`, config.rateLimits?.signinPerIp);
    // Counted before the lookup, so the limit also slows down guessing which e-mails have accounts.
    await hitRateLimit(services, `signin:username:${body.username}`, config.rateLimits?.signinPerUsername);
    // The username of a magic-link request is the e-mail (spec 000 §5.6); it reaches only the account owning it.
    const user = await findCustomerByEmail(db, body.username);
    if (!user) throw new ApiError(404, 'unknown_user', 'We could not find an account with this e-mail address.');
    await sendMagicLink(db, services, user, {
      nextPath: body.next ?? '/',
      coupon: body.coupon?.trim() || null,
      couponSource: body.couponSource ?? null,
      guestSessionId: auth?.user.isGuest ? auth.sessionId : null,
    });
    services.mailer.wake();
    return c.json({ magic_link_sent: true as const }, 200);
  },
);
