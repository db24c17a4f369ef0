/**
 * @module shop/catalog/money: money as the shopper reads it. Its own small module, so only the pages that show
 * prices download it.
 *
 * Written by hand rather than with Intl.NumberFormat: the shop's two currencies (spec 001 §9 Countries) are written
 * alike, and a page's first Intl.NumberFormat costs tens of milliseconds of main thread on a phone (loading the
 * locale's data), on every page that shows a price. tests/shop/catalog/money.test.ts checks it against Intl.
 */

/** Digits grouped by thousands: 1234567 -> "1,234,567". */
const grouped = (units: number) => String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount in the currency's units as the shopper reads it: "$32", "$24.65", "-$5.50"; whole amounts without cents.
 * USD and CAD are both written with "$" (CAD the Canadian way, "$43", as the shopper paying in it is in Canada).
 */
export function formatMoney(amount: number, currency: 'USD' | 'CAD' | (string & {})): string {
  const cents = Math.round(Math.abs(amount) * 100);
  if (currency !== 'USD' && currency !== 'CAD') {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
  }
  const units = grouped(Math.floor(cents / 100));
  const text = Number.isInteger(amount) ? `$${units}` : `$${units}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}
