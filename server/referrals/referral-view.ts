import { count, eq } from 'drizzle-orm';
import type { CouponCustomer } from '#api';
import { stylistView } from '../account/stylist-view';
import type { Database } from '../db/database';
import type { UserRow } from '../http/authenticate';
import { referralCodes, referrals, stylists } from '../db/schema';
import { customerReferralCode } from './referral-codes';

/** GET /v1/coupon_customers/: the caller's own code (made on first read; none for a guest), how they were referred, and their referees. */
export async function couponCustomerView(db: Database, user: UserRow): Promise<CouponCustomer> {
  const own = user.isGuest ? null : await customerReferralCode(db, user.id);
  const [[mine], [counts]] = await Promise.all([
    db
      .select({ source: referrals.couponSource, stylist: stylists })
      .from(referrals)
      .innerJoin(referralCodes, eq(referralCodes.id, referrals.codeId))
      .leftJoin(stylists, eq(stylists.id, referralCodes.stylistId))
      .where(eq(referrals.refereeId, user.id)),
    own
      ? db
          .select({ referees: count(), rewarded: count(referrals.rewardedOrderId) })
          .from(referrals)
          .where(eq(referrals.codeId, own.id))
      : Promise.resolve([{ referees: 0, rewarded: 0 }]),
  ]);
  return {
    referral_code: own?.code ?? null,
    coupon_source: mine?.source ?? null,
    referred_by_stylist: mine?.stylist ? stylistView(mine.stylist) : null,
    referees: Number(counts?.referees ?? 0),
    rewarded: Number(counts?.rewarded ?? 0),
  };
}
