import { useEffect, useRef, type Ref } from 'react';
import type { Order } from '#api';
import { deliveryText } from '#api/commerce';
import { formatMoney } from '../catalog/money';
import { isPlaced } from './placed-order';
import { OrderLines } from './order-lines';
import { orderLines, OrderPriceLines } from '../orders/order-parts';
import { AddressLines } from './steps/address-lines';
import './checkout-success.css';

export interface CheckoutSuccessProps {
  /** The order placed, or the one named by ?order= after a reload; null when the page cannot tell which. */
  order: Order | null;
  firstName?: string;
  /** The checkout's payment step (another payment method after a refusal). */
  paymentPath: string;
  /** The step that waits for the bank, for this order (the bank's page brings the shopper back there). */
  waitPath(order: Order): string;
}

/** Focuses the page's h1 when it appears and whenever what it says changes (a status the page read again). */
function useHeadingFocus(key: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: false }), [key]);
  return heading;
}

/**
 * Order Success (spec 001 §2 success), shown at the checkout's results route. Only a paid order (or one beyond paid)
 * thanks the shopper: its number, what happens next, its lines with their pictures, its totals, where it ships and
 * when, and links to the account. An order still waiting for the bank says so and leads to it; a refused or canceled
 * one says nothing was charged and offers another payment method.
 */
export function CheckoutSuccess({ order, firstName, paymentPath, waitPath }: CheckoutSuccessProps) {
  const heading = useHeadingFocus(order ? `${order.pubkey}:${order.status}` : 'none');
  if (!order) {
    return (
      <div className="checkout-success">
        <h1 ref={heading} tabIndex={-1}>
          We couldn’t find this order
        </h1>
        <p>
          The orders you placed are in <a href="/account/orders">your account</a>.
        </p>
      </div>
    );
  }
  if (order.status === 'pending_payment') {
    const url = order.next_action?.url;
    return (
      <div className="checkout-success">
        <h1 ref={heading} tabIndex={-1}>
          Waiting for your bank
        </h1>
        <p role="status">
          Your bank has not confirmed the payment for order #{order.serial_no} yet, so nothing has been charged and we haven’t started making it.
        </p>
        <p className="checkout-success__actions">
          {url ? (
            <a className="button button--primary" href={`${url}${url.includes('?') ? '&' : '?'}return=${encodeURIComponent(waitPath(order))}`}>
              Confirm with my bank
            </a>
          ) : (
            <a className="button button--primary" href={waitPath(order)}>
              Check again
            </a>
          )}
        </p>
      </div>
    );
  }
  if (!isPlaced(order)) {
    return (
      <div className="checkout-success">
        <h1 ref={heading} tabIndex={-1}>
          Your payment was not confirmed
        </h1>
        <p role="alert" className="notice notice--error">
          {order.payment_error ?? 'This order was canceled.'} Nothing was charged, and your cart is as you left it.
        </p>
        <p className="checkout-success__actions">
          <a className="button button--primary" href={paymentPath}>
            Use another payment method
          </a>
        </p>
      </div>
    );
  }
  return <PlacedOrder order={order} firstName={firstName} heading={heading} />;
}

/** What a paid order's page says, in order: thanks, what happens next, the order, where it goes, the account's links. */
function PlacedOrder({ order, firstName, heading }: { order: Order; firstName?: string | undefined; heading: Ref<HTMLHeadingElement> }) {
  const card = order.payment.card;
  const paidWith = card?.brand === 'wallet' ? ' with your TestPay wallet' : card ? ` on the card ending ${card.last4}` : '';
  const made = order.items.some((item) => item.variant.is_formula);
  const ships = order.shipping_address !== null;
  const orderPage = `/account/orders/${encodeURIComponent(order.pubkey)}`;
  return (
    <div className="checkout-success checkout-success--placed">
      <div className="checkout-success__main">
        <h1 ref={heading} tabIndex={-1}>
          Thank you{firstName ? `, ${firstName}` : ''}!
        </h1>
        <p role="status">
          Your order <strong>#{order.serial_no}</strong> is confirmed. We’ve sent the details to your email.
        </p>
        <p>
          Total paid: <strong>{formatMoney(order.total_amount, order.currency)}</strong>
          {paidWith}.
        </p>
        <section aria-labelledby="success-next">
          <h2 id="success-next">What happens next</h2>
          <ol className="checkout-success__next">
            <li>
              <strong>{made ? 'We formulate your products.' : 'We prepare your order.'}</strong>{' '}
              {made ? 'Each formula is made to order for you, from your consultation.' : 'It leaves our studio within a few days.'}
            </li>
            {ships ? (
              <li>
                <strong>We ship them.</strong> We e-mail you the tracking link as they leave our studio.
              </li>
            ) : null}
            {made ? (
              <li>
                <strong>Review &amp; Refine.</strong> After delivery, tell us how your formulas work for you and we refine your next ones.
              </li>
            ) : null}
          </ol>
        </section>
        {order.shipping_address ? (
          <section aria-labelledby="success-ship">
            <h2 id="success-ship">Shipping to</h2>
            <p>
              <AddressLines address={order.shipping_address} />
            </p>
            {order.delivery_estimate ? <p>{deliveryText(order.delivery_estimate)}</p> : null}
          </section>
        ) : null}
        <p className="checkout-success__actions">
          <a className="button button--primary" href={orderPage}>
            See your order
          </a>
          <a className="button button--secondary" href="/account/orders">
            All your orders
          </a>
        </p>
      </div>
      <section className="checkout-success__order card" aria-labelledby="success-order">
        <h2 id="success-order">Order #{order.serial_no}</h2>
        <OrderLines lines={orderLines(order)} name={firstName} />
        <OrderPriceLines order={order} />
      </section>
    </div>
  );
}
