import type { Ref } from 'react';
import { Link } from 'react-router';
import type { Order } from '#api';
import { cardNetwork, frequencyText, WALLET_LABEL } from '#api/commerce';
import { formatMoney } from '../catalog/money';
import '../cart/cart.css';

/** The date an order was placed, as a shopper reads it ("July 15, 2026"). */
const placedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Words for a status (spec 001 §4 Orders: paid, onhold, processed and packing read "processing"). */
const STATUS_WORDS: Record<string, string> = {
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  pending_payment: 'Waiting for your payment',
  payment_failed: 'Payment did not go through',
};
export const statusWords = (order: Order) => STATUS_WORDS[order.display_status] ?? order.display_status;

/** The shopper's orders, newest first: number, date, status and total, each linking to the order. */
export function OrderList({ orders, headingRef }: { orders: readonly Order[]; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 id="orders-title" ref={headingRef} tabIndex={-1}>
        Your orders
      </h1>
      {orders.length === 0 ? (
        <p>
          No orders yet. <Link to="/consultation">Take the consultation</Link> to get your formulas.
        </p>
      ) : (
        <ul className="orders__list">
          {orders.map((order) => (
            <li key={order.pubkey} className="orders__item">
              <Link to={`/account/orders/${order.pubkey}`} className="orders__link">
                Order {order.serial_no}
              </Link>
              <span>{placedOn(order.created_at)}</span>
              <span className={`orders__status orders__status--${order.display_status}`}>{statusWords(order)}</span>
              <span>{formatMoney(order.total_amount, order.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One order: its lines with what each formula holds (as it was made), its totals, and how it was paid. */
export function OrderDetail({ order, headingRef }: { order: Order; headingRef?: Ref<HTMLHeadingElement> }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <article className="order" aria-labelledby="order-title">
      <p>
        <Link to="/account/orders">All orders</Link>
      </p>
      <h1 id="order-title" ref={headingRef} tabIndex={-1}>
        Order {order.serial_no}
      </h1>
      <p>
        Placed {placedOn(order.created_at)} · <strong>{statusWords(order)}</strong>
      </p>
      {order.next_action ? (
        <p>
          Your bank wants you to confirm this payment. <a href={order.next_action.url}>Confirm it</a>.
        </p>
      ) : null}
      <ul className="order__lines">
        {order.items.map((item) => (
          <li key={item.pubkey} className="order__line">
            <h2 className="order__name">{item.variant.label}</h2>
            <p>
              {item.quantity} × {money(item.unit_price)}
              {item.subscription.active && item.subscription.frequency
                ? ` · ${frequencyText(item.subscription.frequency, { supplements: item.variant.product.sub_category === 'supplements' })}`
                : ''}
              {item.customization?.monograms?.length ? ` · monogram ${item.customization.monograms.join(', ')}` : ''}
            </p>
            {item.variant.is_formula && item.item_object.ingredients.length > 0 ? (
              <details>
                <summary>What’s in it{item.item_object.fragrance ? ` · scent: ${item.item_object.fragrance}` : ''}</summary>
                <ul>
                  {item.item_object.ingredients.map((ingredient) => (
                    <li key={ingredient.inci}>
                      {ingredient.name}
                      {ingredient.amount ? ` (${ingredient.amount})` : ''}
                    </li>
                  ))}
                </ul>
                <p className="order__inci">{item.item_object.inci.join(', ')}</p>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="order__totals">
        <dt>Products</dt>
        <dd>{money(order.total_price)}</dd>
        {order.total_discount > 0 ? (
          <>
            <dt>Subscription savings</dt>
            <dd>−{money(order.total_discount)}</dd>
          </>
        ) : null}
        <dt>Shipping</dt>
        <dd>{order.total_shipping === 0 ? 'Free' : money(order.total_shipping)}</dd>
        <dt>Taxes</dt>
        <dd>{money(order.total_taxes)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{money(order.total_amount)}</strong>
        </dd>
      </dl>
      {order.payment.card ? <p>{paidWith(order.payment.card)}</p> : null}
      {order.shipping_address ? (
        <p>
          Shipped to {order.shipping_address.address1}
          {order.shipping_address.address2 ? `, ${order.shipping_address.address2}` : ''}, {order.shipping_address.city}, {order.shipping_address.state}{' '}
          {order.shipping_address.zipcode}
        </p>
      ) : null}
    </article>
  );
}

/** How an order was paid, as a shopper reads it: "Paid with Visa ending 4242", or the wallet. */
export function paidWith(card: { brand: string; last4: string }): string {
  if (card.brand === 'wallet') return `Paid with your ${WALLET_LABEL}`;
  return `Paid with ${cardNetwork(card.brand) ?? 'card'} ending ${card.last4}`;
}
