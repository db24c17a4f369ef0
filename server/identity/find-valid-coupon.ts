import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { coupons } from '../db/schema';

/** The active, unexpired coupon with this code (case-insensitive), else null. */
export async function findValidCoupon(db: Database, code: string, now: Date): Promise<typeof coupons.$inferSelect | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toLowerCase())).limit(1);
  if (!coupon || !coupon.active || (coupon.expiresAt !== null && coupon.expiresAt <= now)) return null;
  return coupon;
}
