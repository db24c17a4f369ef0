import { formatMoney, toMoney } from '#api/money';
import type { OutgoingMail } from '../mail/mailer';
import type { OrderMailLine } from './order-mail-lines';
import type { OrderRow } from './order-view';

/** The size a line's picture is shown at in a mail; its PNG is twice that (scripts/artwork.ts), sharp on any screen. */
const PICTURE_SIZE = 80;

/**
 * A catalogue picture's copy for mail clients, which show no SVG (Gmail blocks it): `npm run artwork` writes a PNG of
 * every catalogue picture to /media/mail/ (card-shampoo.svg → card-shampoo.png). Absolute, from the shop's public URL.
 */
export function mailPictureUrl(src: string, publicUrl: string): string | null {
  const name = /^\/media\/([\w-]+)\.svg$/.exec(src)?.[1];
  return name ? `${publicUrl}/media/mail/${name}.png` : null;
}

/** One figure under a mail's lines: its label and amount as the shopper reads it; `total` is bold. */
type TotalRow = { label: string; amount: string; total?: boolean };

/**
 * An order's figures as its page shows them (shop/orders/order-parts.tsx): subtotal, savings, shipping, taxes and
 * the total; with shop credit (`credit`, cents), the total before it, the gift card credit and what was paid. They add
 * up: total_price − total_discount + shipping + taxes − credit = total_amount, what the card paid.
 */
function totalRows(order: OrderRow, credit: number, money: (cents: number) => string): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Subtotal', amount: money(order.totalPrice) }];
  if (order.totalDiscount > 0) rows.push({ label: 'Savings', amount: `−${money(order.totalDiscount)}` });
  rows.push({ label: 'Shipping', amount: order.totalShipping === 0 ? 'Free' : money(order.totalShipping) });
  rows.push({ label: 'Taxes', amount: money(order.totalTaxes) });
  if (credit <= 0) return [...rows, { label: 'Total paid', amount: money(order.totalAmount), total: true }];
  return [
    ...rows,
    { label: 'Total', amount: money(order.totalAmount + credit) },
    { label: 'Gift card credit', amount: `−${money(credit)}` },
    { label: 'Paid', amount: money(order.totalAmount), total: true },
  ];
}

/**
 * The order confirmation: its number, each line with its picture, its figures (with the gift card credit it spent,
 * `credit` in cents: orderCreditSpent), and where to follow it. In text and in HTML (each picture with its alt; the
 * text part says the same without pictures). No card data, no payment reference, no link with a secret, ever: it
 * names only what the shopper bought.
 */
export function orderConfirmationMail(
  to: string,
  firstName: string,
  order: OrderRow,
  publicUrl: string,
  lines: readonly OrderMailLine[] = [],
  credit = 0,
): OutgoingMail {
  // Written as the shop's pages write it (api/money.ts), so the mail and the order page say the same amount.
  const money = (cents: number) => formatMoney(toMoney(cents), order.currency);
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const total = money(order.totalAmount + credit);
  const thanks = `Thank you: we have your order ${order.serialNo} (${total}${credit > 0 ? `, ${money(credit)} of it paid with gift card credit` : ''}) and are starting on it.`;
  const made = 'Custom formulas are made to order; we will write again when it ships.';
  const link = `${publicUrl}/account/orders/${order.pubkey}`;
  const lineText = (line: OrderMailLine) => `- ${line.label}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${money(line.totalPrice)}`;
  const totals = totalRows(order, credit, money);
  return {
    kind: 'order_confirmation',
    to,
    subject: `Your order ${order.serialNo} is confirmed`,
    text: [
      greeting,
      '',
      thanks,
      made,
      '',
      ...(lines.length ? ['Your order:', ...lines.map(lineText), '', ...totals.map((row) => `${row.label}: ${row.amount}`), ''] : []),
      `Follow it here: ${link}`,
      '',
    ].join('\n'),
    html: mailPage(
      `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` +
        `<p style="margin:0 0 16px">${escapeHtml(thanks)} ${escapeHtml(made)}</p>` +
        (lines.length ? linesTable(lines, publicUrl, money, totals) : '') +
        `<p style="margin:24px 0 0"><a href="${escapeHtml(link)}" style="color:#27306b;font-weight:600">Follow your order</a></p>`,
    ),
  };
}

/** A mail line's picture (`size` px) and its name with the quantity, as two table cells (every order mail's lines). */
export function mailLineCells(line: OrderMailLine, publicUrl: string, size = PICTURE_SIZE): string {
  const url = line.picture ? mailPictureUrl(line.picture.src, publicUrl) : null;
  const picture = url
    ? `<img src="${escapeHtml(url)}" width="${size}" height="${size}" alt="${escapeHtml(line.picture!.alt)}" style="display:block;border:0;border-radius:8px;background:#f3eee6">`
    : '';
  const quantity = line.quantity > 1 ? ` <span style="color:#4b5262">× ${line.quantity}</span>` : '';
  return (
    `<td width="${size}" style="padding:8px 16px 8px 0;vertical-align:middle">${picture}</td>` +
    `<td style="padding:8px 0;vertical-align:middle">${escapeHtml(line.label)}${quantity}</td>`
  );
}

/** The lines as a table: picture, name and quantity, price; the order's figures below. Inline styles: mail clients drop style sheets. */
function linesTable(lines: readonly OrderMailLine[], publicUrl: string, money: (cents: number) => string, totals: readonly TotalRow[]): string {
  const rows = lines.map(
    (line) =>
      '<tr>' +
      mailLineCells(line, publicUrl) +
      `<td align="right" style="padding:8px 0;vertical-align:middle;white-space:nowrap">${escapeHtml(money(line.totalPrice))}</td>` +
      '</tr>',
  );
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;border-top:1px solid #e4dfd7;border-bottom:1px solid #e4dfd7">' +
    rows.join('') +
    totals
      .map((row, index) => {
        const style = `padding:${index === 0 ? 12 : 4}px 0 ${index === totals.length - 1 ? 12 : 4}px${row.total ? ';font-weight:600' : ''}`;
        return `<tr><td></td><td style="${style}">${escapeHtml(row.label)}</td><td align="right" style="${style};white-space:nowrap">${escapeHtml(row.amount)}</td></tr>`;
      })
      .join('') +
    '</table>'
  );
}

/** The mail's page: one column on the shop's background, in its ink and fonts. */
export function mailPage(body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
    '<body style="margin:0;background:#fbf8f4">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,\'Segoe UI\',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1d2433">' +
    body +
    '</div></body></html>'
  );
}

/** Text made safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
