import { Link } from 'react-router';
import type { Order } from '#api';
import { formatMoney } from '../catalog/money';
import { orderTotal } from '../orders/order-parts';
import { dayInWords, statusWords } from '../orders/order-views';

/** How many orders the overview shows; the rest are on /account/orders. */
export const RECENT_ORDERS = 3;

/**
 * The latest orders on the account overview (newest first, as GET /v2/orders/ gives them): number, date, total and
 * status in words (spec 001 §4 Orders: paid, onhold, processed and packing read "processing"), each its link.
 */
export function RecentOrders({ orders }: { orders: readonly Order[] }) {
  if (orders.length === 0)
    return (
      <p>
        No orders yet. <Link to="/consultation">Take the consultation</Link> to get your first formulas.
      </p>
    );
  return (
    <>
      <ul className="account-overview__rows">
        {orders.slice(0, RECENT_ORDERS).map((order) => (
          <li key={order.pubkey} className="account-overview__row">
            <Link to={`/account/orders/${order.pubkey}`}>Order {order.serial_no}</Link>
            <span className="account-overview__muted">
              {dayInWords(order.created_at)} · {formatMoney(orderTotal(order), order.currency)}
            </span>
            <span className="badge">{statusWords(order)}</span>
          </li>
        ))}
      </ul>
      {orders.length > RECENT_ORDERS ? (
        <p>
          <Link to="/account/orders">All {orders.length} orders</Link>
        </p>
      ) : null}
    </>
  );
}
