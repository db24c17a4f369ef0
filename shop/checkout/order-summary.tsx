import { useEffect, useState } from 'react';
import type { Cart } from '#api';
import { formatMoney } from '../catalog/money';
import { CartPriceLines, OrderLines, cartLines } from './order-lines';

/** Wide screens show the summary open beside the form; narrower ones fold it at the top of the page. */
const WIDE = '(min-width: 1024px)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches === true;

/**
 * The order summary of every checkout step, from the cart the page already has (nothing loads before it shows, so
 * nothing moves): on a phone a folded "Show order summary $57.80" at the top, as shops do; from 1024 px wide, open in
 * a column beside the form. Its lines with their pictures and quantities, and the server's totals.
 */
export function OrderSummary({ cart }: { cart: Cart }) {
  const [open, setOpen] = useState(isWide);
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const follow = () => setOpen(wide.matches);
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, []);
  const total = formatMoney(cart.amount_due, cart.currency);
  return (
    <aside className="order-summary" aria-label="Order summary">
      <details className="order-summary__details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="order-summary__toggle">
          <span className="order-summary__label">{open ? 'Hide order summary' : 'Show order summary'}</span>
          <span className="order-summary__total">{total}</span>
        </summary>
        <div className="order-summary__body">
          <h2 className="order-summary__title">Order summary</h2>
          <OrderLines lines={cartLines(cart)} />
          <CartPriceLines cart={cart} />
        </div>
      </details>
    </aside>
  );
}
