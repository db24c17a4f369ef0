import { z } from 'zod';
import { stylist } from './account';

// Referrals (spec 001 §3 "Coupon customer", "Referral visitor status", §6 Stylist, §7 "Gifts, promotions, referrals";
// API.md; server/referrals/README.md for every choice the spec leaves open).

/** How the shopper came by the code: a shared link (?referral_code=), typed, or a stylist's. */
export const couponSource = z.enum(['referral_link', 'referral_code', 'stylist']);
export type CouponSource = z.infer<typeof couponSource>;

/** A referral code as shoppers type it: letters, digits, - and _ (codes are the same whatever the case). */
export const referralCodeText = z
  .string()
  .trim()
  .min(1, 'Enter a referral code.')
  .max(64, 'A referral code is at most 64 characters.')
  .regex(/^[\w-]+$/, 'A referral code has only letters, digits, - and _.');

/** POST /v1/coupon_customers/: the caller (a guest or a new customer) was referred with this code. */
export const couponCustomerRequest = z.object({ referral_code: referralCodeText, coupon_source: couponSource }).strict();
export type CouponCustomerRequest = z.input<typeof couponCustomerRequest>;

/** GET (and POST) /v1/coupon_customers/: the caller's side of referrals. */
export const couponCustomer = z.object({
  /** The caller's own code to share (null for a guest: guests sign up first). */
  referral_code: z.string().nullable(),
  /** How the caller was referred, or null when no one referred them. */
  coupon_source: couponSource.nullable(),
  /** The stylist who referred the caller (their public profile), when a stylist did. */
  referred_by_stylist: stylist.nullable(),
  /** Shoppers the caller's code referred, and those whose first paid order credited the caller. */
  referees: z.number().int(),
  rewarded: z.number().int(),
});
export type CouponCustomer = z.infer<typeof couponCustomer>;
