import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { Order } from '#api';
import { cardNetwork, deliveryText, frequencyText, WALLET_LABEL } from '#api/commerce';
import { ProductPicture } from '../../ui/product-picture';
import { formatMoney } from '../catalog/money';
import { OrderPriceLines, orderTotal } from './order-parts';
import './orders.css';

/** A day as a shopper reads it ("July 15, 2026"): when an order was placed, arrived, or its feedback was given. */
export const dayInWords = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const placedOn = dayInWords;

/** Words for a status (spec 001 §4 Orders: paid, onhold, processed and packing read "processing"). */
const STATUS_WORDS: Record<string, string> = {
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  pending_payment: 'Waiting for your payment',
  payment_failed: 'Payment did not go through',
};
export const statusWords = (order: Pick<Order, 'display_status'>) => STATUS_WORDS[order.display_status] ?? order.display_status;

/** The badge a status wears: a problem in the error's colours, the rest in the brand's. */
const statusBadge = (order: Order) =>
  `badge orders__status${order.display_status === 'payment_failed' || order.display_status === 'canceled' ? ' orders__status--problem' : ''}`;

/** The first few pictures of an order's lines, decorative (the order's page names them). */
function Thumbnails({ order, name }: { order: Order; name?: string | undefined }) {
  const pictured = order.items.filter((item) => item.picture).slice(0, 4);
  if (pictured.length === 0) return null;
  return (
    <span className="orders__thumbs" aria-hidden="true">
      {pictured.map((item) => (
        <span key={item.pubkey} className="thumbnail orders__thumb">
          <ProductPicture {...item.picture!} alt="" sizes="56px" label={item.variant.is_formula ? name : undefined} />
        </span>
      ))}
    </span>
  );
}

/**
 * The shopper's orders, newest first: number, date, status and total, the lines' pictures, each card linking to the
 * order. `invitation` goes above the list (the feedback invitation, shop/orders/feedback-invitation.tsx).
 */
export function OrderList({
  orders,
  headingRef,
  name,
  invitation,
}: {
  orders: readonly Order[];
  headingRef?: Ref<HTMLHeadingElement>;
  name?: string | undefined;
  invitation?: ReactNode;
}) {
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 id="orders-title" ref={headingRef} tabIndex={-1}>
        Your orders
      </h1>
      {invitation}
      {orders.length === 0 ? (
        <p>
          No orders yet. <Link to="/consultation">Take the consultation</Link> to get your formulas.
        </p>
      ) : (
        <ul className="orders__list">
          {orders.map((order) => (
            <li key={order.pubkey} className="card orders__item">
              <Thumbnails order={order} name={name} />
              <span className="orders__text">
                <Link to={`/account/orders/${order.pubkey}`} className="orders__link">
                  Order {order.serial_no}
                </Link>
                <span className="orders__meta">
                  {placedOn(order.created_at)} · {formatMoney(orderTotal(order), order.currency)}
                </span>
              </span>
              <span className={statusBadge(order)}>{statusWords(order)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One order: its lines with their pictures (a custom product's with the shopper's `name` on its label) and what each
 * formula holds (as it was made), its totals, when it arrives, where it ships and how it was paid. `invitation` goes
 * under its status (the order's feedback invitation).
 */
export function OrderDetail({
  order,
  headingRef,
  name,
  invitation,
}: {
  order: Order;
  headingRef?: Ref<HTMLHeadingElement>;
  name?: string | undefined;
  invitation?: ReactNode;
}) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <article className="order" aria-labelledby="order-title">
      <p>
        <Link to="/account/orders">All orders</Link>
      </p>
      <h1 id="order-title" ref={headingRef} tabIndex={-1}>
        Order {order.serial_no}
      </h1>
      <p className="order__placed">
        Placed {placedOn(order.created_at)} <span className={statusBadge(order)}>{statusWords(order)}</span>
      </p>
      {order.delivery_estimate ? <p>{deliveryText(order.delivery_estimate)}</p> : null}
      {order.next_action ? (
        <p>
          Your bank wants you to confirm this payment. <a href={order.next_action.url}>Confirm it</a>.
        </p>
      ) : null}
      {invitation}
      <ul className="order__lines">
        {order.items.map((item) => (
          <li key={item.pubkey} className="order__line">
            <span className="thumbnail order__picture">
              {item.picture ? <ProductPicture {...item.picture} alt="" sizes="96px" label={item.variant.is_formula ? name : undefined} /> : null}
            </span>
            <div className="order__text">
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
            </div>
          </li>
        ))}
      </ul>
      <div className="card order__totals">
        <OrderPriceLines order={order} />
      </div>
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
