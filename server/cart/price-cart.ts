import type { Currency } from '#api/money';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { taxOn, type MilliPercent } from '../pricing/sales-tax';
import { isGiftCardLine } from '../gifts/gift-lines';
import type { Coupon } from '../promotions/coupon-book';
import { couponDiscount, couponProblem, eligibleCents, type CouponFacts, type CouponLine } from '../promotions/coupon-rules';

/**
 * @module server/cart/price-cart: what a cart costs, in integer cents, from the catalogue alone (spec 001 §9 Subscriptions
 * and discounts). A client never sends a price.
 *   - A line costs its product's price, or its subscribed price when the line is a subscription (15% off by default;
 *     the skincare table's subscribed prices are exactly that).
 *   - total_price is every line at its full price; total_discount what subscriptions save; shipping is free on an
 *     order with a subscription ("free shipping on all subscription orders"), else the flat rate below;
 *     total_amount = total_price - total_discount + total_shipping.
 *   - A coupon (server/promotions/coupon-rules.ts) takes its part off the lines it applies to; it is part of
 *     total_discount, and taxes are on the goods after it (shipping untaxed): amount_due = total_amount + taxes.
 *   - Shop credit (gift cards, referral rewards: server/money/credit-ledger.ts) pays what it can of amount_due, except
 *     in a cart holding a gift card (spec 001 §5: a gift card cannot buy another gift card): payment_from_customer =
 *     amount_due - credit. Every sum is integer cents, each rounding made once.
 */

/** One-off orders' shipping, per currency (spec 001 §9 does not give it): a flat rate, in cents. */
export const ONE_OFF_SHIPPING: Record<Currency, number> = { USD: 595, CAD: 795 };

export interface PricedLineInput {
  entry: CatalogueEntry;
  quantity: number;
  subscriptionActive: boolean;
  /** The cart line's category (formula, item, gift, ...): a gift line is a gift card. */
  category?: string;
}

export interface PricedLine {
  unitPrice: number;
  totalPrice: number;
  /** What the line would cost at full price. */
  listPrice: number;
}

export interface CartTotals {
  totalPrice: number;
  totalDiscount: number;
  totalShipping: number;
  totalAmount: number;
  paymentFromCustomer: number;
  /** What the gift cards in it cost: neither shipped nor taxed (a gift card is taxed when it is spent). */
  untaxed?: number;
}

/** A line's prices in cents: unit, total, and total at full price. */
export function priceLine(line: PricedLineInput, currency: Currency): PricedLine {
  const full = line.entry.price[currency];
  const unitPrice = line.subscriptionActive && line.entry.isSubscribable ? line.entry.subscribedPrice[currency] : full;
  return { unitPrice, totalPrice: unitPrice * line.quantity, listPrice: full * line.quantity };
}

/** The cart's totals in cents from its lines (quantity 0 lines cost nothing). */
export function cartTotals(lines: readonly PricedLineInput[], currency: Currency): CartTotals {
  let totalPrice = 0;
  let paid = 0;
  let subscription = false;
  let untaxed = 0;
  for (const line of lines) {
    const priced = priceLine(line, currency);
    totalPrice += priced.listPrice;
    paid += priced.totalPrice;
    if (line.quantity > 0 && line.subscriptionActive && line.entry.isSubscribable) subscription = true;
    if (isGiftCard(line)) untaxed += priced.totalPrice;
  }
  const anything = lines.some((line) => line.quantity > 0 && !isGiftCard(line));
  const totalShipping = !anything || subscription ? 0 : ONE_OFF_SHIPPING[currency];
  const totalAmount = paid + totalShipping;
  return { totalPrice, totalDiscount: totalPrice - paid, totalShipping, totalAmount, paymentFromCustomer: totalAmount, untaxed };
}

/**
 * The sales tax on a cart's totals at a rate (goods after savings; shipping untaxed) and what the shopper pays with it:
 * the one sum the cart shows as amount_due and an order charges.
 */
export function withTaxes(totals: CartTotals, rate: MilliPercent | null): { taxes: number; amountDue: number } {
  const taxes = rate === null ? 0 : taxOn(totals.totalAmount - totals.totalShipping - (totals.untaxed ?? 0), rate);
  return { taxes, amountDue: totals.totalAmount + taxes };
}

/** A cart's coupon as priced: the code and what it takes off, cents. */
export interface AppliedCoupon {
  coupon: Coupon;
  discount: number;
}

/** Everything a cart or an order costs, integer cents (see the module's description). */
export interface CartCharges extends CartTotals {
  /** What the subscriptions save (part of totalDiscount). */
  subscriptionSaving: number;
  /** The coupon that applies and what it takes off (part of totalDiscount), or null. */
  coupon: AppliedCoupon | null;
  /** Why the cart's coupon does not apply now, or null. */
  couponProblem: string | null;
  taxes: number;
  /** total_amount + taxes. */
  amountDue: number;
  /** The shop credit that pays part of amountDue. */
  credit: number;
  /** Whether the cart holds a gift card (no credit pays it). */
  holdsGiftCard: boolean;
}

/** Whether a line is a gift card (server/gifts/gift-lines.ts: the gift line, or the catalogue's digital gift card). */
const isGiftCard = (line: PricedLineInput): boolean => isGiftCardLine({ category: line.category ?? null, type: line.entry.type });

/** The lines as a coupon sees them. */
export function couponLines(lines: readonly PricedLineInput[], currency: Currency): CouponLine[] {
  return lines.filter((l) => l.quantity > 0).map((l) => ({ category: l.entry.category, giftCard: isGiftCard(l), cents: priceLine(l, currency).totalPrice }));
}

/**
 * The cart's whole price: its lines, its coupon when the rules allow it now (`coupon`: the code it carries and the
 * facts the rules read), taxes at `rate`, and up to `credit` cents of shop credit.
 */
export function priceCart(
  lines: readonly PricedLineInput[],
  currency: Currency,
  options: { rate: MilliPercent | null; coupon: { coupon: Coupon; facts: CouponFacts } | null; credit: number },
): CartCharges {
  const base = cartTotals(lines, currency);
  const forCoupon = couponLines(lines, currency);
  const problem = options.coupon ? couponProblem(options.coupon.coupon, forCoupon, options.coupon.facts) : null;
  const coupon =
    options.coupon && problem === null
      ? { coupon: options.coupon.coupon, discount: couponDiscount(options.coupon.coupon, eligibleCents(options.coupon.coupon, forCoupon), currency) }
      : null;
  const off = coupon?.discount ?? 0;
  const totalDiscount = base.totalDiscount + off;
  const totalAmount = base.totalAmount - off;
  const { taxes, amountDue } = withTaxes({ ...base, totalDiscount, totalAmount }, options.rate);
  const holdsGiftCard = lines.some((l) => l.quantity > 0 && isGiftCard(l));
  const credit = holdsGiftCard ? 0 : Math.max(0, Math.min(options.credit, amountDue));
  return {
    totalPrice: base.totalPrice,
    totalDiscount,
    totalShipping: base.totalShipping,
    totalAmount,
    paymentFromCustomer: amountDue - credit,
    subscriptionSaving: base.totalDiscount,
    coupon,
    couponProblem: problem,
    taxes,
    amountDue,
    credit,
    holdsGiftCard,
  };
}
