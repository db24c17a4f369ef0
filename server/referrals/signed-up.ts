/**
 * @module server/referrals/signed-up: what a sign-up tells the referral-tracking service (spec 001 §7: "customer track
 * (id, email, first and last name), sign_up (email, id, name)"), called by POST /v1/auth/signup/ in the transaction
 * that makes the account (server/identity/sign-up.ts). A guest referred before signing up keeps the referee's coupon:
 * the sign-up writes the account's `signup_coupon` from its own form, so a referral not yet rewarded puts it back
 * when the form brought none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { referrals, users } from '../db/schema';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { referralTerms } from './referral-terms';
import { referralTrackingOf } from './referral-tracking';

export async function onSignedUp(tx: Database, services: Pick<Services, 'referralTracking'>, user: UserRow): Promise<void> {
  const tracking = referralTrackingOf(services);
  const customer = { userId: user.id, pubkey: user.pubkey, email: user.email, first_name: user.firstName, last_name: user.lastName, username: user.username };
  await tracking.trackCustomer(tx, customer);
  await tracking.signUp(tx, customer);
  if (user.signupCoupon) return;
  const [pending] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.refereeId, user.id), isNull(referrals.rewardedOrderId)));
  if (pending) await tx.update(users).set({ signupCoupon: referralTerms().refereeCoupon }).where(eq(users.id, user.id));
}
