/**
 * @module server/referrals/referral-terms: the referral programme's terms (referrals.yaml, an editor's file), read
 * and checked once with every problem at file:line:column, like the coupons: the referee's coupon (a code of
 * ../promotions/coupons.yaml of origin referral_code, first orders only), the advocate's credit per currency, and how
 * many shoppers one code may refer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '#api/money';
import { readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';
import { couponBook, type Coupon } from '../promotions/coupon-book';

export interface ReferralTerms {
  /** The referee's coupon, lowercase (the key carts keep). */
  refereeCoupon: string;
  /** The advocate's credit, cents per currency (every currency the shop sells in). */
  advocateCredit: Record<Currency, number>;
  maxReferees: number;
}

const cents = z
  .number({ message: 'Expected whole cents for every currency the shop sells in (USD and CAD).' })
  .int('Expected whole cents, such as 1500 for $15.')
  .positive('Expected more than 0 cents.');
const fileSchema = z
  .object({
    referee_coupon: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'Expected a code of coupons.yaml.'),
    advocate_credit: z.object(Object.fromEntries(CURRENCIES.map((c) => [c, cents])) as Record<Currency, typeof cents>).strict(),
    max_referees: z.number().int('Expected a whole number.').positive('Expected 1 or more.'),
  })
  .strict();

/** Checks the file's text; `coupons` is the coupon book the referee's code must be in (origin referral_code, first orders only). */
export function compileReferralTerms(text: string, file: string, coupons: ReadonlyMap<string, Coupon>): CompiledTable<ReferralTerms> {
  const source = readDataSource(text, file, fileSchema);
  const problems = [...source.problems];
  const data = source.data;
  if (data) {
    const coupon = coupons.get(data.referee_coupon.toLowerCase());
    const at = source.at(['referee_coupon']);
    if (!coupon) problems.push({ location: at, message: `There is no coupon "${data.referee_coupon}" in coupons.yaml.` });
    else if (coupon.origin !== 'referral_code')
      problems.push({ location: at, message: `The coupon "${coupon.code}" is of origin ${coupon.origin}: expected referral_code.` });
    else if (!coupon.firstOrderOnly)
      problems.push({ location: at, message: `The coupon "${coupon.code}" must be first_order_only: referrals are for new customers.` });
  }
  return data && problems.length === 0
    ? { table: { refereeCoupon: data.referee_coupon.toLowerCase(), advocateCredit: data.advocate_credit, maxReferees: data.max_referees }, problems }
    : { problems };
}

export const REFERRALS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'referrals.yaml');

let loaded: ReferralTerms | undefined;

/** The programme's terms, read and checked once (a broken file is an error naming file:line:column). */
export function referralTerms(): ReferralTerms {
  loaded ??= loadDataFile('referrals file', REFERRALS_FILE, (text, file) => compileReferralTerms(text, file, couponBook()));
  return loaded;
}

/** Replaces the terms (tests), or puts the file's back (no argument). The server never calls it. */
export function replaceReferralTerms(terms?: ReferralTerms): void {
  loaded = terms;
}
