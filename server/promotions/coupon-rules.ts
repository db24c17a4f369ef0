/**
 * @module server/promotions/coupon-rules: what a coupon takes off a cart, in integer cents, and why it may not be
 * used (spec 001 §3 Cart display_coupons, Cart item category coupon; §9 "Coupons and referrals"). Pure: the facts
 * about the shopper and the code's uses are read by coupon-store.ts, the cart's lines priced by price-cart.ts.
 *   - A coupon applies to the lines of its category (accessories: the catalogue's 'others'), at the price the cart
 *     charges for them (after the subscription saving); gift cards are never discounted.
 *   - Percent off: the lines' sum times the percent, rounded once, half up. Amount off: at most that sum.
 *   - Its minimum is reached by those same lines.
 */
import { formatMoney, toMoney, type Currency } from '#api/money';
import type { Coupon, CouponOrigin } from './coupon-book';

/** A cart line as a coupon sees it. */
export interface CouponLine {
  /** The catalogue's category: haircare, skincare, others. */
  category: string;
  /** A gift card (or a gift line): never discounted. */
  giftCard: boolean;
  /** What the cart charges for the line (after the subscription saving), cents. */
  cents: number;
}

/** What the rules need of the shopper and the code's uses, read with the cart. */
export interface CouponFacts {
  now: Date;
  currency: Currency;
  /** The shopper has an order already (paid, or one waiting for its payment). */
  hasOrdered: boolean;
  /** Orders of this shopper that use the code (reserved or paid). */
  usesByCustomer: number;
  /** Orders of anyone that use it (reserved or paid). */
  usesInAll: number;
}

/** Spec 001 §9: the label a coupon is shown with, by its origin. */
export function couponOriginLabel(origin: CouponOrigin | string): string {
  if (origin === 'referral_advocate') return 'Credit';
  if (origin === 'gift') return 'Gift Set';
  return 'Discount';
}

const CATEGORY_NAMES = { haircare: 'haircare', skincare: 'skincare', accessories: 'accessories', any: '' } as const;

/** The cents the coupon applies to: the lines of its category, gift cards left out. */
export function eligibleCents(coupon: Pick<Coupon, 'category'>, lines: readonly CouponLine[]): number {
  return lines
    .filter((l) => !l.giftCard && l.cents > 0)
    .filter((l) => coupon.category === 'any' || (coupon.category === 'accessories' ? l.category === 'others' : l.category === coupon.category))
    .reduce((sum, l) => sum + l.cents, 0);
}

/** Why the coupon cannot be used on these lines now, in words for the shopper; null when it can. */
export function couponProblem(coupon: Coupon, lines: readonly CouponLine[], facts: CouponFacts): string | null {
  if (coupon.starts && facts.now < coupon.starts) return `This code can be used from ${day(coupon.starts)}.`;
  if (coupon.ends && facts.now >= coupon.ends) return `This code expired on ${day(new Date(coupon.ends.getTime() - 1))}.`;
  if (coupon.firstOrderOnly && facts.hasOrdered) return 'This code is for a first order only.';
  if (coupon.usesPerCustomer !== null && facts.usesByCustomer >= coupon.usesPerCustomer)
    return coupon.usesPerCustomer === 1 ? 'You have already used this code.' : `You have already used this code ${coupon.usesPerCustomer} times.`;
  if (coupon.usesInAll !== null && facts.usesInAll >= coupon.usesInAll) return 'This code has been used up.';
  if (coupon.amountOff && coupon.amountOff[facts.currency] === undefined) return `This code cannot be used in ${facts.currency}.`;
  const eligible = eligibleCents(coupon, lines);
  if (eligible === 0)
    return coupon.category === 'any' ? 'Add a product to use this code.' : `This code is for ${CATEGORY_NAMES[coupon.category]} products: your cart has none.`;
  const minimum = coupon.minimum?.[facts.currency];
  if (minimum !== undefined && eligible < minimum)
    return `This code needs ${formatMoney(toMoney(minimum), facts.currency)} of ${coupon.category === 'any' ? '' : `${CATEGORY_NAMES[coupon.category]} `}products.`;
  return null;
}

/** What the coupon takes off `eligible` cents (eligibleCents): rounded once, half up, never more than them. */
export function couponDiscount(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>, eligible: number, currency: Currency): number {
  if (eligible <= 0) return 0;
  if (coupon.percentOff !== null) return Math.floor((eligible * coupon.percentOff + 50) / 100);
  return Math.min(coupon.amountOff?.[currency] ?? 0, eligible);
}

/** A date as the shopper reads it (UTC: the file's instants are the shop's). */
function day(date: Date): string {
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}
