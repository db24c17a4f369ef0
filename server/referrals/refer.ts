/**
 * @module server/referrals/refer: POST /v1/coupon_customers/ — the caller (a guest or a new customer) was referred
 * with a code (spec 001 §3 "Coupon customer", "Referral visitor status", §7). In one transaction, with the caller's
 * row and then the code's row locked (so a code's referees are counted one request at a time, and one caller's two
 * requests take turns):
 *   - a code is a customer's or stylist's code, or with coupon_source 'stylist' a stylist's public slug (§6: their
 *     public profile is their face); an unknown code: 422 unknown_referral_code; the caller's own (or that of someone they referred): 422
 *     self_referral (isSelfReferral); blocked by an operator or past its max_referees: 422 referral_code_blocked
 *     (referralCodeBlocked), both answered by the tracking service's visitor-status check;
 *   - a caller with an order already (paid or waiting for its payment): 422 not_a_new_customer (referrals are for new
 *     customers); already referred with another code: 422 already_referred (the same code again answers as the first);
 *   - accepted: the referral is recorded, the referee's coupon (referrals.yaml, origin referral_code) becomes the
 *     account's sign-up coupon, which its carts take the first time it applies (server/promotions/README.md), and a
 *     stylist's code links the stylist when the caller has none.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { CouponCustomerRequest } from '#api';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { orders, referralCodes, referrals, stylists, users } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { findReferralCode, stylistReferralCode, type ReferralCodeRow } from './referral-codes';
import { referralTerms } from './referral-terms';
import { referralTrackingOf } from './referral-tracking';

const refused = (code: 'unknown_referral_code' | 'self_referral' | 'referral_code_blocked' | 'not_a_new_customer' | 'already_referred', reason: string) =>
  new ApiError(422, code, reason, { referral_code: [reason] });

/** Records that `user` was referred with `body.referral_code`; true when it was recorded now, false when it already was. */
export async function referCustomer(services: Services, user: UserRow, body: CouponCustomerRequest): Promise<boolean> {
  const terms = referralTerms();
  const tracking = referralTrackingOf(services);
  const now = services.clock.now();
  return services.db.transaction(async (tx: Database) => {
    await lockUser(tx, user.id);
    const code =
      (await findReferralCode(tx, body.referral_code)) ?? (body.coupon_source === 'stylist' ? await stylistCodeBySlug(tx, body.referral_code) : undefined);
    if (!code) throw refused('unknown_referral_code', 'There is no such referral code. Check it with the friend who gave it to you.');
    const [already] = await tx.select().from(referrals).where(eq(referrals.refereeId, user.id));
    if (already) {
      if (already.codeId === code.id) return false;
      throw refused('already_referred', 'You were already referred with another code: one referral per customer.');
    }
    const [ordered] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user.id), ne(orders.status, 'payment_failed')))
      .limit(1);
    if (ordered) throw refused('not_a_new_customer', 'Referrals are for new customers: this account has an order already.');
    await lockCode(tx, code.id);
    const status = await tracking.visitorStatus(tx, { visitorId: user.id, codeId: code.id, maxReferees: terms.maxReferees });
    if (status.isSelfReferral) throw refused('self_referral', 'This is your own referral code: share it with a friend instead.');
    if (status.referralCodeBlocked) throw refused('referral_code_blocked', 'This referral code can no longer be used.');
    await tx.insert(referrals).values({ refereeId: user.id, codeId: code.id, couponSource: body.coupon_source, createdAt: now });
    const [fresh] = await tx.select({ stylistId: users.stylistId }).from(users).where(eq(users.id, user.id));
    await tx
      .update(users)
      .set({
        signupCoupon: terms.refereeCoupon,
        ...(code.stylistId !== null && fresh?.stylistId == null ? { stylistId: code.stylistId } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return true;
  });
}

/** §6: a stylist refers with their public profile: with coupon_source 'stylist', their public slug is their code. */
async function stylistCodeBySlug(tx: Database, slug: string): Promise<ReferralCodeRow | undefined> {
  const [stylist] = await tx.select({ id: stylists.id }).from(stylists).where(eq(stylists.publicSlug, slug.trim().toLowerCase()));
  return stylist ? stylistReferralCode(tx, stylist.id) : undefined;
}

async function lockCode(tx: Database, codeId: number): Promise<void> {
  await tx.select({ id: referralCodes.id }).from(referralCodes).where(eq(referralCodes.id, codeId)).for('update');
}
