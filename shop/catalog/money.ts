/**
 * @module shop/catalog/money: money as the shopper reads it. Its own small module, so only the pages that show
 * prices download it.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the currency's units as the shopper reads it: "$32", "$24.65"; whole amounts without cents. CAD is
 * written the Canadian way ("$43"), as the shopper paying in it is in Canada (spec 001 §9 Countries).
 */
export function formatMoney(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  const key = `${currency}:${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(currency === 'CAD' ? 'en-CA' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}
