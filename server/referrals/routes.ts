import { clientIp } from '../http/client-ip';
import { hitRateLimit } from '../http/rate-limit';
import { defineOperation } from '../http/operation';
import { referCustomer } from './refer';
import { referralTerms } from './referral-terms';
import { couponCustomerView } from './referral-view';

// The referral terms (and the coupon they name) are checked when the server loads its operations: a broken
// referrals.yaml stops the start with its file:line:column.
referralTerms();

/** How many codes one account, and one address, may try in an hour (POST /v1/coupon_customers/): no enumerating codes. */
export const REFER_LIMITS = { perUser: { limit: 10, windowSeconds: 60 * 60 }, perIp: { limit: 100, windowSeconds: 60 * 60 } };

/** GET /v1/coupon_customers/: the caller's referral side (referral-view.ts); only ever the caller's own. */
export const getCouponCustomerOperation = defineOperation(
  'getCouponCustomer',
  { summary: 'The caller’s referral code, how they were referred, and their referees', tag: 'referrals', responses: { 200: 'The caller’s referral side' } },
  async ({ c, auth, services }) => c.json(await couponCustomerView(services.db, auth.user), 200),
);

/** POST /v1/coupon_customers/: the caller was referred with a code (refer.ts). */
export const referCouponCustomerOperation = defineOperation(
  'referCouponCustomer',
  {
    summary: 'Record that the caller (a guest or a new customer) was referred with a code',
    tag: 'referrals',
    responses: {
      201: 'Recorded: the referee’s discount is on their first order; the caller’s referral side',
      200: 'Already recorded with this same code: the caller’s referral side',
      400: 'validation_error: a body that is not {referral_code, coupon_source}; nothing is saved',
      422: 'unknown_referral_code, self_referral (isSelfReferral), referral_code_blocked (referralCodeBlocked), not_a_new_customer or already_referred, the reason in fields.referral_code; nothing is saved',
      429: 'rate_limited: too many codes tried from this account or address',
    },
  },
  async ({ c, body, auth, services }) => {
    if (services.config.rateLimits) {
      await hitRateLimit(services, `refer:user:${auth.user.id}`, REFER_LIMITS.perUser);
      await hitRateLimit(services, `refer:ip:${clientIp(c, services.config.trustProxy)}`, REFER_LIMITS.perIp);
    }
    const recorded = await referCustomer(services, auth.user, body);
    return c.json(await couponCustomerView(services.db, auth.user), recorded ? 201 : 200);
  },
);

export const referralOperations = [getCouponCustomerOperation, referCouponCustomerOperation];
