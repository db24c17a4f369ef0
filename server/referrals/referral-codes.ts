/**
 * @module server/referrals/referral-codes: each customer's and each stylist's referral code (spec 001 §3 "Coupon
 * customer", §6 "Stylist: a referrer with a public profile"), made once on first need.
 * A code is 10 characters of Crockford base32 from 50 random bits, shown as two groups of five (`7KQ2M-XW9DA`):
 * readable aloud and typed in any case (O read as 0, I and L as 1, the dash optional), and too many to enumerate
 * accounts with (2^50 codes for a shop's thousands; POST /v1/coupon_customers/ is rate limited besides).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { referralCodes } from '../db/schema';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** A new random code, XXXXX-XXXXX. */
export function newReferralCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed code as stored: upper case, Crockford's look-alikes read as digits, the dash put back; null when it cannot be one. */
export function normalizeReferralCode(text: string): string | null {
  const plain = text
    .trim()
    .toUpperCase()
    .replace(/[-_\s]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(plain)) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** The customer's code, made the first time it is asked for (one per customer, whichever request makes it). */
export async function customerReferralCode(db: Database, userId: number): Promise<ReferralCodeRow> {
  return ensureCode(db, 'userId', userId);
}

/** A stylist's code, made the first time it is asked for: what their public profile refers shoppers with. */
export async function stylistReferralCode(db: Database, stylistId: number): Promise<ReferralCodeRow> {
  return ensureCode(db, 'stylistId', stylistId);
}

async function ensureCode(db: Database, owner: 'userId' | 'stylistId', id: number): Promise<ReferralCodeRow> {
  for (;;) {
    const [found] = await db.select().from(referralCodes).where(eq(referralCodes[owner], id));
    if (found) return found;
    // A clash with another code (or another request making this owner's) writes nothing: read again or try anew.
    await db
      .insert(referralCodes)
      .values({ code: newReferralCode(), [owner]: id })
      .onConflictDoNothing();
  }
}

/** The code row of a typed code, or undefined. */
export async function findReferralCode(db: Database, typed: string): Promise<ReferralCodeRow | undefined> {
  const code = normalizeReferralCode(typed);
  if (!code) return undefined;
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  return row;
}

/** An operator blocks a code (or unblocks it): it no longer refers anyone, and a referee's order paid after it rewards nothing. */
export async function setReferralCodeBlocked(db: Database, code: string, blocked: boolean, now: Date): Promise<boolean> {
  const normal = normalizeReferralCode(code);
  if (!normal) return false;
  const rows = await db
    .update(referralCodes)
    .set({ blockedAt: blocked ? now : null })
    .where(eq(referralCodes.code, normal))
    .returning({ id: referralCodes.id });
  return rows.length > 0;
}
