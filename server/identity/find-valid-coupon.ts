import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { coupons } from '../db/schema';
import { findCoupon } from '../promotions/coupon-book';

/** The active, unexpired coupon with this code (case-insensitive), else null. */
export async function findValidCoupon(db: Database, code: string, now: Date): Promise<typeof coupons.$inferSelect | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toLowerCase())).limit(1);
  if (!coupon || !coupon.active || (coupon.expiresAt !== null && coupon.expiresAt <= now)) return null;
  return coupon;
}

/**
 * Whether sign-up takes this code (API.md: an invalid coupon is 422 invalid_coupon): a code of the shop's coupon book
 * (server/promotions/coupons.yaml) that has started and not ended, or an active code of the `coupons` table. Whether
 * it applies to a cart (category, minimum, first order, uses) is decided when a cart takes it
 * (server/promotions/README.md "Sign-up coupon").
 */
export async function isSignUpCoupon(db: Database, code: string, now: Date): Promise<boolean> {
  const book = findCoupon(code);
  if (book) return (book.starts === null || book.starts <= now) && (book.ends === null || now < book.ends);
  return (await findValidCoupon(db, code, now)) !== null;
}
