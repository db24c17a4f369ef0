import type { Order } from '#api';
import { formatMoney } from '../catalog/money';

/**
 * Order Success (spec 001 §2 success): the order's number, what happens next and where to follow it. Shown at the
 * checkout's results route, for the order just placed (or the one named by ?order= after a reload).
 */
export function CheckoutSuccess({ order, firstName }: { order: Order | null; firstName?: string }) {
  if (!order) {
    return (
      <div className="checkout-success">
        <h1 tabIndex={-1}>Thank you for your order</h1>
        <p>
          Your orders are in <a href="/account/orders">your account</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="checkout-success">
      <h1 tabIndex={-1}>Thank you{firstName ? `, ${firstName}` : ''}!</h1>
      <p role="status">
        Your order <strong>#{order.serial_no}</strong> is confirmed. We’ve sent the details to your email.
      </p>
      <p>
        We make your formulas to order: they ship within a few days. Total paid: <strong>{formatMoney(order.total_amount, order.currency)}</strong>
        {order.payment.card?.brand === 'wallet' ? ' with your TestPay wallet' : order.payment.card ? ` on the card ending ${order.payment.card.last4}` : ''}.
      </p>
      <p>
        <a className="button button--primary" href={`/account/orders/${encodeURIComponent(order.pubkey)}`}>
          See your order
        </a>
      </p>
    </div>
  );
}
