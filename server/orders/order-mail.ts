import { formatMoney, toMoney } from '#api/money';
import type { OutgoingMail } from '../mail/mailer';
import type { OrderRow } from './order-view';

/** The order confirmation: its number, what was paid, and where to follow it. No card data, ever. */
export function orderConfirmationMail(to: string, firstName: string, order: OrderRow, publicUrl: string): OutgoingMail {
  // Written as the shop's pages write it (api/money.ts), so the mail and the order page say the same amount.
  const amount = formatMoney(toMoney(order.totalAmount), order.currency);
  return {
    kind: 'order_confirmation',
    to,
    subject: `Your order ${order.serialNo} is confirmed`,
    text: [
      firstName ? `Hello ${firstName},` : 'Hello,',
      '',
      `Thank you: we have your order ${order.serialNo} (${amount}) and are starting on it.`,
      'Custom formulas are made to order; we will write again when it ships.',
      '',
      `Follow it here: ${publicUrl}/account/orders/${order.pubkey}`,
      '',
    ].join('\n'),
  };
}
