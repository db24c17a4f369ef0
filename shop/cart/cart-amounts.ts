import type { Cart } from '#api';

/**
 * What a cart's totals show beyond the server's sums (spec 001 §3 Cart): total_discount split into the subscriptions'
 * saving and the coupons' (display_coupons) parts, and the shop credit that pays part of the amount due (gift_cards).
 * Amounts in the currency's units, computed in cents; every figure comes from the server.
 */
export function cartAmounts(cart: Pick<Cart, 'display_coupons' | 'total_discount' | 'gift_cards'>): { savings: number; credit: number } {
  const couponCents = cart.display_coupons.reduce((sum, c) => sum + Math.round(c.amount * 100), 0);
  return {
    savings: (Math.round(cart.total_discount * 100) - couponCents) / 100,
    credit: cart.gift_cards.reduce((sum, g) => sum + Math.round(g.amount * 100), 0) / 100,
  };
}
