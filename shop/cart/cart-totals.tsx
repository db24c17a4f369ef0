import type { Cart } from '#api';
import { formatMoney } from '../catalog/money.ts';

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
 * A cart's totals as the server prices them (spec 001 §3 Cart): subtotal, subscription savings, shipping, taxes and
 * the amount due, which is the server's own sum (the browser adds no money up).
 */
export function CartTotals({ cart, taxes, className, totalClassName }: CartTotalsProps) {
  const money = (n: number) => formatMoney(n, cart.currency);
  const region = cart.tax_region ? ` (${cart.tax_region})` : '';
  const known = cart.estimated_taxes !== null;
  return (
    <dl className={className}>
      <dt>Subtotal</dt>
      <dd>{money(cart.total_price)}</dd>
      {cart.total_discount > 0 ? (
        <>
          <dt>Subscription savings</dt>
          <dd>−{money(cart.total_discount)}</dd>
        </>
      ) : null}
      <dt>Shipping</dt>
      <dd>{cart.total_shipping === 0 ? 'Free' : money(cart.total_shipping)}</dd>
      <dt>{known ? `${taxes === 'estimate' ? 'Estimated taxes' : 'Taxes'}${region}` : 'Taxes'}</dt>
      <dd>{known ? money(cart.estimated_taxes!) : taxes === 'estimate' ? 'Calculated at checkout' : money(0)}</dd>
      <dt className={totalClassName}>Total</dt>
      <dd className={totalClassName}>{money(cart.amount_due)}</dd>
    </dl>
  );
}
