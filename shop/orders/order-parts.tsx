import type { Order } from '#api';
import { frequencyText } from '#api/shared';
import { PriceLines, type PriceLine } from '../../ui/price-lines';
import { formatMoney } from '../catalog/money';
import type { ShownLine } from '../checkout/order-lines';

/** An order's lines, as they were sold: the success page's and the order page's. */
export function orderLines(order: Order): ShownLine[] {
  return order.items.map((item) => ({
    key: item.pubkey,
    label: item.variant.label,
    picture: item.picture ?? null,
    custom: item.variant.is_formula,
    quantity: item.quantity,
    every:
      item.subscription.active && item.subscription.frequency
        ? frequencyText(item.subscription.frequency, { supplements: item.variant.product.sub_category === 'supplements' })
        : null,
    total: formatMoney(item.total_price, order.currency),
  }));
}

/** An order's totals as it was sold: subtotal, savings, shipping, taxes, the total charged. */
export function OrderPriceLines({ order }: { order: Order }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const rows: PriceLine[] = [{ label: 'Subtotal', amount: money(order.total_price) }];
  if (order.total_discount > 0) rows.push({ label: 'Savings', amount: `−${money(order.total_discount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: order.total_shipping === 0 ? 'Free' : money(order.total_shipping) });
  rows.push({ label: 'Taxes', amount: money(order.total_taxes) });
  return <PriceLines rows={rows} total={{ label: 'Total', amount: money(order.total_amount) }} />;
}
