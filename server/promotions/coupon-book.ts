/**
 * @module server/promotions/coupon-book: the shop's coupon codes (coupons.yaml, an editor's file; spec 001 §9
 * "Coupons and referrals"), read and checked once with every problem at file:line:column, like the formulation's
 * tables and the subscription reasons. What a coupon takes off a cart and when it may not be used: coupon-rules.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '#api/money';
import { readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';

/** Where a coupon comes from, which names it in the cart (spec 001 §9: referral_advocate → Credit, ...). */
export const COUPON_ORIGINS = ['referral_advocate', 'referral_code', 'gift', 'promotion', 'partner'] as const;
export type CouponOrigin = (typeof COUPON_ORIGINS)[number];

/** The products a coupon applies to: one category's, accessories ('others' in the catalogue), or any. */
export const COUPON_CATEGORIES = ['haircare', 'skincare', 'accessories', 'any'] as const;
export type CouponCategory = (typeof COUPON_CATEGORIES)[number];

/** A coupon as the file gives it, checked: cents are integers, instants parsed. */
export interface Coupon {
  /** As shoppers see it (WELCOME). */
  code: string;
  /** Lowercase: the key a cart and a use keep. */
  key: string;
  label: string;
  origin: CouponOrigin;
  percentOff: number | null;
  amountOff: Partial<Record<Currency, number>> | null;
  category: CouponCategory;
  minimum: Partial<Record<Currency, number>> | null;
  firstOrderOnly: boolean;
  starts: Date | null;
  ends: Date | null;
  usesPerCustomer: number | null;
  usesInAll: number | null;
}

const cents = z.number().int('Expected whole cents, such as 1000 for $10.').positive('Expected more than 0 cents.');
const perCurrency = z
  .object(Object.fromEntries(CURRENCIES.map((c) => [c, cents.optional()])) as Record<Currency, z.ZodOptional<typeof cents>>)
  .strict()
  .refine((o) => Object.keys(o).length > 0, 'Expected cents for at least one currency, such as { USD: 1000 }.');
const instant = z
  .string()
  .datetime({ offset: true, message: 'Expected an ISO instant in quotes, such as "2026-12-01T05:00:00Z".' })
  .transform((s) => new Date(s));
const limit = z.number().int('Expected a whole number.').positive('Expected 1 or more.');

const couponSchema = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'Expected 3 to 40 letters, digits, - or _.'),
    label: z.string().trim().min(1, 'Expected a label.').max(80, 'Expected at most 80 characters.'),
    origin: z.enum(COUPON_ORIGINS, { message: `Expected one of ${COUPON_ORIGINS.join(', ')}.` }),
    percent_off: z.number().int('Expected a whole percent.').min(1, 'Expected 1 to 100.').max(100, 'Expected 1 to 100.').optional(),
    amount_off: perCurrency.optional(),
    category: z.enum(COUPON_CATEGORIES, { message: `Expected one of ${COUPON_CATEGORIES.join(', ')}.` }).default('any'),
    minimum: perCurrency.optional(),
    first_order_only: z.boolean().default(false),
    starts: instant.optional(),
    ends: instant.optional(),
    uses_per_customer: limit.optional(),
    uses_in_all: limit.optional(),
  })
  .strict();
const fileSchema = z.array(couponSchema);

/** Checks the coupons file's text: each coupon's fields, one of percent_off and amount_off, codes unique, ends after starts. */
export function compileCoupons(text: string, file: string): CompiledTable<Map<string, Coupon>> {
  const source = readDataSource(text, file, fileSchema);
  const problems = [...source.problems];
  const book = new Map<string, Coupon>();
  (source.data ?? []).forEach((c, index) => {
    const key = c.code.toLowerCase();
    if (book.has(key))
      problems.push({ location: source.at([index, 'code']), message: `The code "${c.code}" is used twice (codes are the same whatever the case).` });
    if ((c.percent_off === undefined) === (c.amount_off === undefined))
      problems.push({ location: source.at([index], true), message: 'Expected exactly one of percent_off and amount_off.' });
    if (c.starts && c.ends && c.ends <= c.starts) problems.push({ location: source.at([index, 'ends']), message: 'Expected ends after starts.' });
    book.set(key, {
      code: c.code,
      key,
      label: c.label,
      origin: c.origin,
      percentOff: c.percent_off ?? null,
      amountOff: c.amount_off ?? null,
      category: c.category,
      minimum: c.minimum ?? null,
      firstOrderOnly: c.first_order_only,
      starts: c.starts ?? null,
      ends: c.ends ?? null,
      usesPerCustomer: c.uses_per_customer ?? null,
      usesInAll: c.uses_in_all ?? null,
    });
  });
  return source.data && problems.length === 0 ? { table: book, problems } : { problems };
}

export const COUPONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'coupons.yaml');

let loaded: Map<string, Coupon> | undefined;

/** The shop's coupons by lowercase code, read and checked once (a broken file is an error naming file:line:column). */
export function couponBook(): ReadonlyMap<string, Coupon> {
  loaded ??= loadDataFile('coupons file', COUPONS_FILE, compileCoupons);
  return loaded;
}

/**
 * Replaces the book (tests: a code with one use left, one that ends tomorrow), or puts the file's back (no argument).
 * The server itself never calls it.
 */
export function replaceCouponBook(book?: ReadonlyMap<string, Coupon>): void {
  loaded = book ? new Map(book) : undefined;
}

/** The coupon a shopper typed (any case, spaces around it ignored), or undefined. */
export const findCoupon = (code: string): Coupon | undefined => couponBook().get(code.trim().toLowerCase());
