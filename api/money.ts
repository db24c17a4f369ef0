/**
 * @module api/money: money, currencies and countries, declared once for the server, the web app and the mail
 * (spec 001 §9 Countries; API.md "Money on the wire"). Zod-free and small, so any page may import it.
 * - The server keeps and computes money in integer cents; on the wire an amount is a decimal in the currency's units
 *   with two decimals at most (32, 24.65): `toMoney` and `toCents` convert between the two.
 * - `formatMoney` writes an amount as the shopper reads it, on every page and in every mail.
 */

/** The shop's countries and the currency each pays in (spec 001 §9 Countries: US -> USD, CA -> CAD). */
export const COUNTRIES = ['US', 'CA'] as const;
export type Country = (typeof COUNTRIES)[number];
export const CURRENCIES = ['USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of a country (a country code in any case); any other country, or none yet, pays in USD. */
export function currencyOf(country: string | null | undefined): Currency {
  return country?.toUpperCase() === 'CA' ? 'CAD' : 'USD';
}

/** Integer cents as an amount on the wire: 2465 -> 24.65. */
export const toMoney = (cents: number): number => cents / 100;

/** An amount on the wire (or as an editor writes it) as integer cents: 24.65 -> 2465. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Whether an amount is a whole number of cents (24.65 is; 24.655 is not). */
export const isWholeCents = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

/** Digits grouped by thousands: 1234567 -> "1,234,567". */
const grouped = (units: number) => String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount in the currency's units as the shopper reads it: "$32", "$24.65", "-$5.50"; whole amounts without cents.
 * USD and CAD are both written with "$" (CAD the Canadian way, "$43", as the shopper paying in it is in Canada).
 *
 * Written by hand rather than with Intl.NumberFormat: the shop's two currencies are written alike, and a page's first
 * Intl.NumberFormat costs tens of milliseconds of main thread on a phone (loading the locale's data), on every page
 * that shows a price. tests/shop/catalog/money.test.ts checks it against Intl.
 */
export function formatMoney(amount: number, currency: Currency | (string & {})): string {
  const cents = Math.round(Math.abs(amount) * 100);
  if (currency !== 'USD' && currency !== 'CAD') {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
  }
  const units = grouped(Math.floor(cents / 100));
  const text = Number.isInteger(amount) ? `$${units}` : `$${units}.${String(cents % 100).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}
