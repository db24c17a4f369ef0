import type { OutgoingMail } from '../mail/mailer';
import { feedbackPath, type FeedbackCategory } from './fulfilment-feedback';
import type { trackingView } from './fulfilment-tracking';
import { escapeHtml, mailLineCells, mailPage } from './order-mail';
import type { OrderMailLine } from './order-mail-lines';
import type { OrderRow } from './order-view';

/** The size a line's picture is shown at (its PNG is twice that, as in the order confirmation). */
const PICTURE_SIZE = 64;
const LINK_STYLE = 'color:#27306b;font-weight:600';
const BUTTON_STYLE = 'display:inline-block;padding:12px 20px;border-radius:8px;background:#27306b;color:#ffffff;font-weight:600;text-decoration:none';

/** What each category's feedback is about, in a sentence's words. */
const CATEGORY_WORDS: Record<FeedbackCategory, string> = { haircare: 'haircare', skincare: 'skincare', supplements: 'hair supplements' };

/** Who the mail is for and what it is about. */
export interface FulfilmentMailInput {
  to: string;
  firstName: string;
  order: Pick<OrderRow, 'pubkey' | 'serialNo'>;
  lines: readonly OrderMailLine[];
  publicUrl: string;
}

/** "Your order has shipped": the carrier, the tracking number and where to follow the parcel; what is in it. */
export function orderShippedMail(input: FulfilmentMailInput, tracking: NonNullable<ReturnType<typeof trackingView>>): OutgoingMail {
  const { order, publicUrl } = input;
  const link = `${publicUrl}/account/orders/${order.pubkey}`;
  const onItsWay = `Your order ${order.serialNo} is on its way with ${tracking.carrier}.`;
  const number = `Tracking number: ${tracking.number}`;
  return {
    kind: 'order_shipped',
    to: input.to,
    subject: `Your order ${order.serialNo} has shipped`,
    text: [
      greeting(input.firstName),
      '',
      onItsWay,
      number,
      ...(tracking.url ? [`Follow your parcel: ${tracking.url}`] : []),
      '',
      ...linesText(input.lines),
      `Your order: ${link}`,
      '',
    ].join('\n'),
    html: mailPage(
      paragraph(escapeHtml(greeting(input.firstName))) +
        paragraph(`${escapeHtml(onItsWay)}<br>${escapeHtml(number)}`) +
        (tracking.url ? paragraph(`<a href="${escapeHtml(tracking.url)}" style="${BUTTON_STYLE}">Follow your parcel</a>`) : '') +
        linesTable(input.lines, publicUrl) +
        paragraph(`<a href="${escapeHtml(link)}" style="${LINK_STYLE}">See your order</a>`, '24px 0 0'),
    ),
  };
}

/**
 * "Your order has arrived"; when it holds formulas to review (haircare, skincare, supplements), the invitation to say
 * how they work once tried, a link per category.
 */
export function orderDeliveredMail(input: FulfilmentMailInput, categories: readonly FeedbackCategory[]): OutgoingMail {
  const { order, publicUrl } = input;
  const link = `${publicUrl}/account/orders/${order.pubkey}`;
  const arrived = `Your order ${order.serialNo} has arrived. We hope you enjoy it.`;
  const invite = 'Give your formulas a few days, then tell us how they work for you: we adjust your next formulas to what you say.';
  const reviews = categories.map((category) => ({
    label: `Review your ${CATEGORY_WORDS[category]}`,
    url: `${publicUrl}${feedbackPath(category, order.pubkey, 'email')}`,
  }));
  return {
    kind: 'order_delivered',
    to: input.to,
    subject: `Your order ${order.serialNo} has arrived`,
    text: [
      greeting(input.firstName),
      '',
      arrived,
      '',
      ...linesText(input.lines),
      ...(reviews.length ? [invite, ...reviews.map((review) => `${review.label}: ${review.url}`), ''] : []),
      `Your order: ${link}`,
      '',
    ].join('\n'),
    html: mailPage(
      paragraph(escapeHtml(greeting(input.firstName))) +
        paragraph(escapeHtml(arrived)) +
        linesTable(input.lines, publicUrl) +
        (reviews.length
          ? paragraph(escapeHtml(invite), '24px 0 8px') +
            reviews.map((review) => paragraph(`<a href="${escapeHtml(review.url)}" style="${BUTTON_STYLE}">${escapeHtml(review.label)}</a>`, '8px 0')).join('')
          : '') +
        paragraph(`<a href="${escapeHtml(link)}" style="${LINK_STYLE}">See your order</a>`, '24px 0 0'),
    ),
  };
}

/** "How is your formula working?": a few days after delivery, one category of the order, its lines and the feedback's link. */
export function feedbackInvitationMail(input: FulfilmentMailInput, category: FeedbackCategory, days: number): OutgoingMail {
  const { order, publicUrl } = input;
  const url = `${publicUrl}${feedbackPath(category, order.pubkey, 'email')}`;
  const since = `You have had your ${CATEGORY_WORDS[category]} from order ${order.serialNo} for ${days === 7 ? 'a week' : `${days} days`} now.`;
  const ask = 'How is it working for you? Tell us in a few minutes, and we will adjust your next formulas to what you say.';
  return {
    kind: `feedback_invitation_${category}`,
    to: input.to,
    subject: 'How is your formula working?',
    text: [greeting(input.firstName), '', since, ask, '', ...linesText(input.lines), `Give your feedback: ${url}`, ''].join('\n'),
    html: mailPage(
      paragraph(escapeHtml(greeting(input.firstName))) +
        paragraph(`${escapeHtml(since)} ${escapeHtml(ask)}`) +
        linesTable(input.lines, publicUrl) +
        paragraph(`<a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">Give your feedback</a>`, '24px 0 0'),
    ),
  };
}

const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** A paragraph of HTML already escaped. */
const paragraph = (html: string, margin = '0 0 16px') => `<p style="margin:${margin}">${html}</p>`;

function linesText(lines: readonly OrderMailLine[]): string[] {
  if (lines.length === 0) return [];
  return ['In your parcel:', ...lines.map((line) => `- ${line.label}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`), ''];
}

/** The lines with their pictures and quantities (no prices: the confirmation had them). Inline styles: mail clients drop style sheets. */
function linesTable(lines: readonly OrderMailLine[], publicUrl: string): string {
  if (lines.length === 0) return '';
  const rows = lines.map((line) => '<tr>' + mailLineCells(line, publicUrl, PICTURE_SIZE) + '</tr>');
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 16px;border-top:1px solid #e4dfd7;border-bottom:1px solid #e4dfd7">' +
    rows.join('') +
    '</table>'
  );
}
