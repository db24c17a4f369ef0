import type { Cart, Order } from '#api';
import { frequencyText } from '#api/shared';
import { formatMoney } from '../catalog/money';

/** One line as the checkout shows it: its picture, its name (a custom product's carries the shopper's name), quantity and price. */
export interface ShownLine {
  key: string;
  label: string;
  picture: string | null;
  quantity: number;
  /** How often it comes back (a subscription), in the shop's words. */
  every: string | null;
  total: string;
}

/** A cart's lines as the server priced them (zero-quantity lines are offers, not lines). */
export function cartLines(cart: Cart): ShownLine[] {
  return cart.items
    .filter((item) => item.quantity > 0)
    .map((item) => ({
      key: `${item.category}:${item.type}:${item.product}`,
      label: item.label,
      picture: item.item_object?.picture_name ?? null,
      quantity: item.quantity,
      every:
        item.subscription.active && item.subscription.frequency
          ? frequencyText(item.subscription.frequency, { supplements: item.property === 'supplements' })
          : null,
      total: formatMoney(item.total_price, cart.currency),
    }));
}

/** An order's lines, as they were sold. */
export function orderLines(order: Order): ShownLine[] {
  return order.items.map((item) => ({
    key: item.pubkey,
    label: item.variant.label,
    picture: item.picture?.src ?? null,
    quantity: item.quantity,
    every:
      item.subscription.active && item.subscription.frequency
        ? frequencyText(item.subscription.frequency, { supplements: item.variant.product.sub_category === 'supplements' })
        : null,
    total: formatMoney(item.total_price, order.currency),
  }));
}

/**
 * Lines with their pictures (a plain <img> of a fixed size, so nothing moves as it loads; decorative, the name is
 * beside it), the quantity and how often in words, and the line's price.
 */
export function OrderLines({ lines, pictureSize = 64 }: { lines: readonly ShownLine[]; pictureSize?: number }) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.key} className="order-lines__line">
          <span className="order-lines__picture" style={{ width: pictureSize, height: pictureSize }}>
            {line.picture ? <img src={line.picture} alt="" width={pictureSize} height={pictureSize} loading="lazy" decoding="async" /> : null}
          </span>
          <span className="order-lines__name">
            {line.label}
            <span className="order-lines__detail">
              Quantity {line.quantity}
              {line.every ? ` · ${line.every}` : ''}
            </span>
          </span>
          <span className="order-lines__total">{line.total}</span>
        </li>
      ))}
    </ul>
  );
}

/** Money's rows as price lines (ui `price-lines`): each a label and an amount, savings apart, the total last. */
export interface PriceRow {
  label: string;
  amount: string;
  saving?: boolean;
}

export function PriceLines({ rows, total, className }: { rows: readonly PriceRow[]; total: PriceRow; className?: string }) {
  return (
    <dl className={`price-lines${className ? ` ${className}` : ''}`}>
      {rows.map((row) => (
        <div key={row.label} className={`price-lines__row${row.saving ? ' price-lines__saving' : ''}`}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
      <div className="price-lines__row price-lines__total">
        <dt>{total.label}</dt>
        <dd>{total.amount}</dd>
      </div>
    </dl>
  );
}

/** A cart's totals at checkout, as the server priced them: subtotal, savings, shipping, taxes (its region's), total. */
export function CartPriceLines({ cart }: { cart: Cart }) {
  const money = (n: number) => formatMoney(n, cart.currency);
  const rows: PriceRow[] = [{ label: 'Subtotal', amount: money(cart.total_price) }];
  if (cart.total_discount > 0) rows.push({ label: 'Subscription savings', amount: `−${money(cart.total_discount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: cart.total_shipping === 0 ? 'Free' : money(cart.total_shipping) });
  rows.push({
    label: `Taxes${cart.estimated_taxes !== null && cart.tax_region ? ` (${cart.tax_region})` : ''}`,
    amount: money(cart.estimated_taxes ?? 0),
  });
  return <PriceLines rows={rows} total={{ label: 'Total', amount: money(cart.amount_due) }} />;
}

/** An order's totals as it was sold: subtotal, savings, shipping, taxes, the total charged. */
export function OrderPriceLines({ order }: { order: Order }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const rows: PriceRow[] = [{ label: 'Subtotal', amount: money(order.total_price) }];
  if (order.total_discount > 0) rows.push({ label: 'Savings', amount: `−${money(order.total_discount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: order.total_shipping === 0 ? 'Free' : money(order.total_shipping) });
  rows.push({ label: 'Taxes', amount: money(order.total_taxes) });
  return <PriceLines rows={rows} total={{ label: 'Total', amount: money(order.total_amount) }} />;
}
