import type { Database } from '../db/database';
import { findReferralCode, normalizeReferralCode, setReferralCodeBlocked } from '../referrals/referral-codes';

/** What `npm run shop -- referral block|unblock <code>` did: the code as stored, and whether anything changed. */
export type ReferralBlockOutcome = { kind: 'unknown' } | { kind: 'changed' | 'unchanged'; code: string };

/**
 * An operator blocks a referral code (or unblocks it) (server/referrals/README.md "referralCodeBlocked"): a blocked code
 * refers no one, and a referee's order paid after it rewards nothing. A code already so is left as it is (its
 * `blocked_at` keeps the first block's time); a code the shop does not have changes nothing.
 */
export async function blockReferralCode(db: Database, typed: string, blocked: boolean, now: Date): Promise<ReferralBlockOutcome> {
  const row = await findReferralCode(db, typed);
  if (!row) return { kind: 'unknown' };
  if ((row.blockedAt !== null) === blocked) return { kind: 'unchanged', code: row.code };
  await setReferralCodeBlocked(db, row.code, blocked, now);
  return { kind: 'changed', code: row.code };
}

/** The operator's words for an outcome (`typed` as they typed it, for a code the shop does not have). */
export function referralBlockText(outcome: ReferralBlockOutcome, typed: string, blocked: boolean): string {
  if (outcome.kind === 'unknown')
    return normalizeReferralCode(typed)
      ? `There is no referral code ${JSON.stringify(typed)}: nothing changed.\n`
      : `${JSON.stringify(typed)} is not a referral code (10 letters and digits, such as 7KQ2M-XW9DA): nothing changed.\n`;
  if (outcome.kind === 'unchanged') return `Referral code ${outcome.code} is already ${blocked ? 'blocked' : 'unblocked'}: nothing changed.\n`;
  return blocked
    ? `Referral code ${outcome.code} blocked: it refers no one now, and a referee's order paid from now on rewards its advocate nothing.\n`
    : `Referral code ${outcome.code} unblocked: it refers shoppers again.\n`;
}
