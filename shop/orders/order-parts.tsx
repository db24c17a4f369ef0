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

/**
 * What an order came to: what the card paid (total_amount) and the gift card credit it spent (credit_applied), added in
 * cents. The order lists show it; the order's page shows how it was paid.
 */
export function orderTotal(order: Pick<Order, 'total_amount' | 'credit_applied'>): number {
  return (Math.round(order.total_amount * 100) + Math.round(order.credit_applied * 100)) / 100;
}

/**
 * An order's totals as it was sold: subtotal, savings, shipping, taxes, the total charged. With shop credit
 * (credit_applied), as the checkout's summary shows it (shop/checkout/order-lines.tsx): the total, the gift card credit,
 * and what the card paid (total_amount), or is still to pay while the bank confirms it.
 */
export function OrderPriceLines({ order }: { order: Order }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const rows: PriceLine[] = [{ label: 'Subtotal', amount: money(order.total_price) }];
  if (order.total_discount > 0) rows.push({ label: 'Savings', amount: `−${money(order.total_discount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: order.total_shipping === 0 ? 'Free' : money(order.total_shipping) });
  rows.push({ label: 'Taxes', amount: money(order.total_taxes) });
  if (order.credit_applied <= 0) return <PriceLines rows={rows} total={{ label: 'Total', amount: money(order.total_amount) }} />;
  return (
    <PriceLines
      rows={[
        ...rows,
        { label: 'Total', amount: money(orderTotal(order)) },
        { label: 'Gift card credit', amount: `−${money(order.credit_applied)}`, saving: true },
      ]}
      total={{ label: order.paid_at ? 'Paid' : 'To pay', amount: money(order.total_amount) }}
    />
  );
}
