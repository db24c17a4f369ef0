import { Fragment } from 'react';
import type { Cart } from '#api';
import { formatMoney } from '../catalog/money.ts';
import { cartAmounts } from './cart-amounts.ts';

export interface CartTotalsProps {
  cart: Cart;
  /**
   * 'estimate' on the cart page (taxes for the profile's region until an address is known, or "Calculated at
   * checkout"); 'final' at the checkout's review, where the shipping address sets them.
   */
  taxes: 'estimate' | 'final';
  /** The list's class and the total's (each page draws them in its own sheet). */
  className: string;
  totalClassName: string;
}

/**
 * A cart's totals as the server prices them (spec 001 §3 Cart): subtotal, subscription savings, the coupon
 * (display_coupons, with its §9 label), shipping, taxes and the amount due, which is the server's own sum; with shop
 * credit (gift_cards), the credit and what is left to pay (payment_from_customer). The browser only splits the
 * server's discount into its two lines; every amount is the server's.
 */
export function CartTotals({ cart, taxes, className, totalClassName }: CartTotalsProps) {
  const money = (n: number) => formatMoney(n, cart.currency);
  const region = cart.tax_region ? ` (${cart.tax_region})` : '';
  const known = cart.estimated_taxes !== null;
  // total_discount holds the subscriptions' saving and the coupon's part; each is shown on its own line.
  const { savings, credit } = cartAmounts(cart);
  return (
    <dl className={className}>
      <dt>Subtotal</dt>
      <dd>{money(cart.total_price)}</dd>
      {savings > 0 ? (
        <>
          <dt>Subscription savings</dt>
          <dd>−{money(savings)}</dd>
        </>
      ) : null}
      {cart.display_coupons.map((coupon) => (
        <Fragment key={coupon.code}>
          <dt>
            {coupon.label} ({coupon.code})
          </dt>
          <dd>−{money(coupon.amount)}</dd>
        </Fragment>
      ))}
      <dt>Shipping</dt>
      <dd>{cart.total_shipping === 0 ? 'Free' : money(cart.total_shipping)}</dd>
      <dt>{known ? `${taxes === 'estimate' ? 'Estimated taxes' : 'Taxes'}${region}` : 'Taxes'}</dt>
      <dd>{known ? money(cart.estimated_taxes!) : taxes === 'estimate' ? 'Calculated at checkout' : money(0)}</dd>
      <dt className={totalClassName}>Total</dt>
      <dd className={totalClassName}>{money(cart.amount_due)}</dd>
      {credit > 0 ? (
        <>
          <dt>Gift card credit</dt>
          <dd>−{money(credit)}</dd>
          <dt className={totalClassName}>To pay</dt>
          <dd className={totalClassName}>{money(cart.payment_from_customer)}</dd>
        </>
      ) : null}
    </dl>
  );
}
