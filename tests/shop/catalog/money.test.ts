import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shop/catalog/money';

/** What Intl writes, as the shop wrote money before formatting it by hand. */
const intl = (amount: number, currency: 'USD' | 'CAD') =>
  new Intl.NumberFormat(currency === 'CAD' ? 'en-CA' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

// Spec 001 §9 Countries: prices in USD or CAD, "$32", "$24.65".
describe('formatMoney (spec 001 §9)', () => {
  it('writes USD and CAD as Intl does: whole amounts without cents, thousands grouped, negatives with a minus', () => {
    const amounts = [0, 1, 5, 24.65, 24.6, 32, 0.5, 0.05, 999.99, 1000, 1234.5, 12345.67, 1000000, -5.5, -32, 54.4, 180.4, 191.68, 3.4, 0.1 + 0.2];
    for (let cents = 0; cents < 2000; cents += 37) amounts.push(cents / 100);
    for (const currency of ['USD', 'CAD'] as const) {
      for (const amount of amounts) expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intl(amount, currency));
    }
  });

  it('examples as the pages show them', () => {
    expect(formatMoney(32, 'USD')).toBe('$32');
    expect(formatMoney(24.65, 'CAD')).toBe('$24.65');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-9.6, 'USD')).toBe('-$9.60');
  });
});

describe('money declared once (api/money.ts)', () => {
  it('cents and wire amounts convert both ways; a country pays in its currency (spec 001 §9 Countries)', async () => {
    const { toMoney, toCents, currencyOf, isWholeCents } = await import('#api/money');
    for (let cents = 0; cents < 100_000; cents += 7) expect(toCents(toMoney(cents))).toBe(cents);
    expect([toMoney(2465), toCents(24.65), toCents(0.1 + 0.2)]).toEqual([24.65, 2465, 30]);
    expect([currencyOf('CA'), currencyOf('ca'), currencyOf('US'), currencyOf(undefined), currencyOf('FR')]).toEqual(['CAD', 'CAD', 'USD', 'USD', 'USD']);
    expect([isWholeCents(24.65), isWholeCents(24.655)]).toEqual([true, false]);
  });
});
