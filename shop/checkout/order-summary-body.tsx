import type { Cart } from '#api';
import { CartPriceLines, OrderLines, cartLines } from './order-lines';

/** What the order summary shows when open: its lines with their pictures and quantities, and the server's totals. */
export function OrderSummaryBody({ cart, firstName }: { cart: Cart; firstName?: string | undefined }) {
  return (
    <>
      <OrderLines lines={cartLines(cart)} name={firstName} />
      <CartPriceLines cart={cart} />
    </>
  );
}
