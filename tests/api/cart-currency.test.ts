import { afterEach, expect, it, vi } from 'vitest';
import { cart } from '#api';
import { rosaCart } from '../../stories/fixtures/carts';

afterEach(() => vi.restoreAllMocks());

it('§5, §8: a cart without a currency is shown in USD, and the fallback is logged', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { currency: _dropped, ...withoutCurrency } = { ...rosaCart, currency: 'CAD' };
  expect(cart.parse(withoutCurrency).currency).toBe('USD');
  expect(cart.parse({ ...withoutCurrency, currency: null }).currency).toBe('USD');
  expect(warn).toHaveBeenCalledTimes(2);
  expect(String(warn.mock.calls[0]![0])).toMatch(/without a currency.*USD/);
});

it('§9 Countries: a cart in CAD stays in CAD, with nothing logged; an unknown currency is refused', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(cart.parse({ ...rosaCart, currency: 'CAD' }).currency).toBe('CAD');
  expect(warn).not.toHaveBeenCalled();
  expect(cart.safeParse({ ...rosaCart, currency: 'EUR' }).success).toBe(false);
});
