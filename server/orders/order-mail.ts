import type { OutgoingMail } from '../mail/mailer';
import type { OrderRow } from './order-view';

/** The order confirmation: its number, what was paid, and where to follow it. No card data, ever. */
export function orderConfirmationMail(to: string, firstName: string, order: OrderRow, publicUrl: string): OutgoingMail {
  const amount = new Intl.NumberFormat(order.currency === 'CAD' ? 'en-CA' : 'en-US', { style: 'currency', currency: order.currency }).format(
    order.totalAmount / 100,
  );
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
