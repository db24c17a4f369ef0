/**
 * @module server/gifts/gift-mail: the gift e-mail the giftee receives (spec 001 §9), written by its job
 * (send-gift-mail.ts) on its day. It holds the gift's code, shown nowhere else, and a link to redeem it whose code
 * rides in the fragment (`/gift/redeem#code=…`): a fragment never reaches a server, so no request line, proxy or
 * analytics sees it. The sender's name, the message and the names are the shoppers' own text: escaped in the HTML
 * part, kept as written in the text part.
 */
import { formatMoney, type Currency } from '#api/money';
import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml, mailPage } from '../orders/order-mail';

export interface GiftMailFacts {
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  amount: number;
  currency: Currency;
  country: 'US' | 'CA';
  code: string;
}

const COUNTRY_NAMES = { US: 'the United States', CA: 'Canada' } as const;

/** The link that opens the redeeming page with the code filled in (the code in the fragment only). */
export const redeemLink = (publicUrl: string, code: string) => `${publicUrl}/gift/redeem#code=${code}`;

export function giftMail(facts: GiftMailFacts, publicUrl: string): OutgoingMail {
  const value = formatMoney(facts.amount / 100, facts.currency);
  const link = redeemLink(publicUrl, facts.code);
  const greeting = facts.recipientName ? `Hello ${facts.recipientName},` : 'Hello,';
  const intro = `${facts.senderName} sent you a ${value} gift card for custom haircare, skincare and accessories.`;
  const where = `Redeem it on your account to use it on any order shipped in ${COUNTRY_NAMES[facts.country]}. It never expires, and what you do not spend stays on your account for next time.`;
  const text = [
    greeting,
    '',
    intro,
    '',
    `${facts.senderName} wrote:`,
    facts.message,
    '',
    `Your gift card code: ${facts.code}`,
    '',
    `Redeem it: ${link}`,
    '',
    where,
    '',
  ].join('\n');
  const html = mailPage(
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` +
      `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>` +
      `<p style="margin:0 0 8px">${escapeHtml(`${facts.senderName} wrote:`)}</p>` +
      `<blockquote style="margin:0 0 16px;padding:12px 16px;background:#fff;border-left:3px solid #27306b;white-space:pre-wrap">${escapeHtml(facts.message)}</blockquote>` +
      `<p style="margin:0 0 8px">Your gift card code:</p>` +
      `<p style="margin:0 0 16px;font-size:22px;font-weight:700;letter-spacing:2px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(facts.code)}</p>` +
      `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="color:#27306b;font-weight:600">Redeem your gift card</a></p>` +
      `<p style="margin:0 0 16px">${escapeHtml(where)}</p>`,
  );
  return { kind: 'gift_card', to: facts.recipientEmail, subject: `${facts.senderName} sent you a ${value} gift card`, text, html };
}
