import { afterEach, describe, expect, it } from 'vitest';
import { recallOrder, recallPayment, rememberOrder, rememberPayment, savedPaymentRemembered } from '../../app/checkout/checkout-memory';

afterEach(() => sessionStorage.clear());

/** Issue 25: what a checkout tab keeps across a reload (app/checkout/checkout-memory.ts), and what it never keeps. */
describe('the checkout’s memory across a reload (spec 001 §4 isPaymentReady)', () => {
  it('a new card’s token or the wallet’s nonce is never stored; that a card was entered, and its label, are', () => {
    rememberPayment('cart_1', { payment_method: 'newCard', payment_token: 'tok_secret', payment_label: 'Visa •••• 4242', save_card: true });
    const stored = JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('tok_secret');
    expect(recallPayment('cart_1')).toEqual({ payment_method: 'newCard', payment_label: 'Visa •••• 4242' });
    rememberPayment('cart_1', { payment_method: 'wallet', payment_token: 'nonce_secret', payment_label: 'TestPay wallet (rosa@example.com)' });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('nonce_secret');
  });

  it('a saved card’s id is kept for its cart only', () => {
    rememberPayment('cart_1', { payment_method: 'pm_card', payment_label: 'Visa •••• 4242' });
    expect(recallPayment('cart_1')).toEqual({ payment_method: 'pm_card', payment_label: 'Visa •••• 4242' });
    expect(recallPayment('cart_2')).toEqual({});
  });

  it('a saved card chosen before a reload leads to the review (its code loads at once); a new card, the wallet or nothing do not', () => {
    expect(savedPaymentRemembered()).toBe(false);
    rememberPayment('cart_1', { payment_method: 'newCard', payment_token: 'tok_secret' });
    expect(savedPaymentRemembered()).toBe(false);
    rememberPayment('cart_1', { payment_method: 'wallet', payment_token: 'nonce_secret' });
    expect(savedPaymentRemembered()).toBe(false);
    rememberPayment('cart_1', { payment_method: 'pm_card', payment_label: 'Visa •••• 4242' });
    expect(savedPaymentRemembered()).toBe(true);
  });

  it('the order this tab placed is recalled for its checkout for a while; once paid, the payment is forgotten', () => {
    rememberPayment('cart_1', { payment_method: 'pm_card', payment_label: 'Visa •••• 4242' });
    rememberOrder('haircare', 'cart_1', 'ord_1', false, 1_000);
    expect(recallOrder('haircare', 2_000)).toEqual({ cart: 'cart_1', order: 'ord_1' });
    expect(recallPayment('cart_1')).toMatchObject({ payment_method: 'pm_card' });
    rememberOrder('haircare', 'cart_1', 'ord_2', true, 1_000);
    expect(recallOrder('haircare', 2_000)).toEqual({ cart: 'cart_1', order: 'ord_2' });
    expect(recallOrder('skincare', 2_000)).toBeNull();
    expect(recallOrder('haircare', 1_000 + 7 * 60 * 60_000)).toBeNull();
    expect(recallPayment('cart_1')).toEqual({});
  });
});
