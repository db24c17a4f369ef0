import type { Currency } from '#api/money';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { taxOn, type MilliPercent } from '../pricing/sales-tax';

/**
 * @module server/cart/price-cart: what a cart costs, in integer cents, from the catalogue alone (spec 001 §9 Subscriptions
 * and discounts). A client never sends a price.
 *   - A line costs its product's price, or its subscribed price when the line is a subscription (15% off by default;
 *     the skincare table's subscribed prices are exactly that).
 *   - total_price is every line at its full price; total_discount what subscriptions save; shipping is free on an
 *     order with a subscription ("free shipping on all subscription orders"), else the flat rate below;
 *     total_amount = total_price - total_discount + total_shipping, and the customer pays all of it (no gift card yet).
 */

/** One-off orders' shipping, per currency (spec 001 §9 does not give it): a flat rate, in cents. */
export const ONE_OFF_SHIPPING: Record<Currency, number> = { USD: 595, CAD: 795 };

export interface PricedLineInput {
  entry: CatalogueEntry;
  quantity: number;
  subscriptionActive: boolean;
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
  for (const line of lines) {
    const priced = priceLine(line, currency);
    totalPrice += priced.listPrice;
    paid += priced.totalPrice;
    if (line.quantity > 0 && line.subscriptionActive && line.entry.isSubscribable) subscription = true;
  }
  const anything = lines.some((line) => line.quantity > 0);
  const totalShipping = !anything || subscription ? 0 : ONE_OFF_SHIPPING[currency];
  const totalAmount = paid + totalShipping;
  return { totalPrice, totalDiscount: totalPrice - paid, totalShipping, totalAmount, paymentFromCustomer: totalAmount };
}

/**
 * The sales tax on a cart's totals at a rate (goods after savings; shipping untaxed) and what the shopper pays with it:
 * the one sum the cart shows as amount_due and an order charges.
 */
export function withTaxes(totals: CartTotals, rate: MilliPercent | null): { taxes: number; amountDue: number } {
  const taxes = rate === null ? 0 : taxOn(totals.totalAmount - totals.totalShipping, rate);
  return { taxes, amountDue: totals.totalAmount + taxes };
}
