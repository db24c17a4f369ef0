/**
 * @module server/subscriptions/subscription-mail: what a subscriber is mailed (through the outbox, in the transaction
 * that makes the change): the subscription created, its next box coming (a few days before), a box renewed (with its
 * order), a renewal's payment failed, the subscription canceled. Like the order mails, no card data and no link with
 * a secret: the links lead to the account, where the shopper signs in.
 */
import { formatMoney, toMoney } from '#api/money';
import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml, mailPage } from '../orders/order-mail';
import type { OrderRow } from '../orders/order-view';

export interface MailProduct {
  label: string;
  quantity: number;
  frequency: number;
  nextStart: string;
}

const CATEGORY_NAMES: Record<string, string> = { haircare: 'hair care', skincare: 'skin care' };

/** A subscription's name in a sentence: "hair care", "hair supplements", "skin care". */
export function subscriptionName(category: string, subCategory: string): string {
  if (subCategory === 'supplements') return category === 'skincare' ? 'skin supplements' : 'hair supplements';
  return CATEGORY_NAMES[category] ?? category;
}

/** One formatter for every mail: toLocaleDateString makes a new one on each call, which ten thousand renewals feel. */
const LONG_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "July 20, 2026" for a calendar day. */
export function longDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T12:00:00Z`));
}

function every(product: MailProduct, subCategory: string): string {
  // Supplements are labelled in days (spec 001 §9: every 25 days for 4 weeks).
  return subCategory === 'supplements' ? `every ${Math.round((product.frequency * 25) / 4)} days` : `every ${product.frequency} weeks`;
}

function page(greeting: string, paragraphs: string[], link: { href: string; text: string }): string {
  return mailPage(
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` +
      paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') +
      `<p style="margin:24px 0 0"><a href="${escapeHtml(link.href)}" style="color:#27306b;font-weight:600">${escapeHtml(link.text)}</a></p>`,
  );
}

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** "Your hair care subscription has started": each product, how often, and its next date. */
export function subscriptionCreatedMail(
  to: string,
  firstName: string,
  subscription: { category: string; subCategory: string },
  products: readonly MailProduct[],
  publicUrl: string,
): OutgoingMail {
  const name = subscriptionName(subscription.category, subscription.subCategory);
  const link = `${publicUrl}/account/subscription/${subscription.category}`;
  const intro = `Your ${name} subscription is set: each product comes on its own schedule, and your formulas keep learning from your feedback.`;
  const lines = products.map(
    (p) => `- ${p.label}${p.quantity > 1 ? ` × ${p.quantity}` : ''}, ${every(p, subscription.subCategory)}: next on ${longDay(p.nextStart)}`,
  );
  const manage = 'You can skip a product, snooze, change how often or cancel at any time from your account.';
  return {
    kind: 'subscription_created',
    to,
    subject: `Your ${name} subscription is set`,
    text: [hello(firstName), '', intro, '', ...lines, '', manage, `Manage it here: ${link}`, ''].join('\n'),
    html: page(hello(firstName), [intro, ...lines, manage], { href: link, text: 'Manage your subscription' }),
  };
}

/** "Your next box is on its way to being made": the renewal's order, what was charged, and the next date. */
export function subscriptionRenewedMail(
  to: string,
  firstName: string,
  subscription: { category: string; subCategory: string },
  order: Pick<OrderRow, 'serialNo' | 'pubkey' | 'totalAmount' | 'currency'>,
  lines: readonly { label: string; quantity: number }[],
  nextDay: string | null,
  publicUrl: string,
): OutgoingMail {
  const name = subscriptionName(subscription.category, subscription.subCategory);
  const amount = formatMoney(toMoney(order.totalAmount), order.currency);
  const renewed = `Your ${name} subscription renewed: order ${order.serialNo} (${amount}), made with your latest formulas.`;
  const items = lines.map((l) => `- ${l.label}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`);
  const next = nextDay ? `Your next delivery is planned for ${longDay(nextDay)}.` : '';
  const link = `${publicUrl}/account/orders/${order.pubkey}`;
  return {
    kind: 'subscription_renewed',
    to,
    subject: `Your ${name} subscription renewed: order ${order.serialNo}`,
    text: [hello(firstName), '', renewed, '', ...items, '', ...(next ? [next] : []), `Follow your order here: ${link}`, ''].join('\n'),
    html: page(hello(firstName), [renewed, ...items, ...(next ? [next] : [])], { href: link, text: 'Follow your order' }),
  };
}

/** "We could not charge your card": the subscription is on hold, when we try again, and where to update the card. */
export function paymentFailedMail(
  to: string,
  firstName: string,
  subscription: { category: string; subCategory: string },
  retryDay: string | null,
  publicUrl: string,
): OutgoingMail {
  const name = subscriptionName(subscription.category, subscription.subCategory);
  const failed = `We could not charge your payment method for your ${name} subscription, so it is on hold and nothing ships for now.`;
  const retry = retryDay
    ? `We will try again on ${longDay(retryDay)}; update your payment method before then and your box goes out as planned.`
    : 'Update your payment method in your account and your box goes out as planned.';
  const link = `${publicUrl}/account/subscription/${subscription.category}`;
  return {
    kind: 'subscription_payment_failed',
    to,
    subject: `Your ${name} subscription is on hold: payment failed`,
    text: [hello(firstName), '', failed, retry, '', `Update it here: ${link}`, ''].join('\n'),
    html: page(hello(firstName), [failed, retry], { href: link, text: 'Update your payment method' }),
  };
}

/** "Your subscription is canceled": nothing more is charged, and how to come back (resubscribe from the account). */
export function subscriptionCanceledMail(
  to: string,
  firstName: string,
  subscription: { category: string; subCategory: string },
  publicUrl: string,
): OutgoingMail {
  const name = subscriptionName(subscription.category, subscription.subCategory);
  const canceled = `Your ${name} subscription is canceled: nothing more will be charged or sent.`;
  const back = 'Your formulas stay in your account: you can order them once or resubscribe at any time.';
  const link = `${publicUrl}/account/subscription/${subscription.category}`;
  return {
    kind: 'subscription_canceled',
    to,
    subject: `Your ${name} subscription is canceled`,
    text: [hello(firstName), '', canceled, back, '', `Resubscribe here: ${link}`, ''].join('\n'),
    html: page(hello(firstName), [canceled, back], { href: link, text: 'Resubscribe' }),
  };
}

/**
 * "Your next box is charged on …" (REMINDER_DAYS_BEFORE days before a renewal): the box's products and the charge
 * date, and where to skip a product or snooze before then.
 */
export function upcomingRenewalMail(
  to: string,
  firstName: string,
  subscription: { category: string; subCategory: string },
  products: readonly MailProduct[],
  chargeDay: string,
  publicUrl: string,
): OutgoingMail {
  const name = subscriptionName(subscription.category, subscription.subCategory);
  const coming = `Your next ${name} box is charged on ${longDay(chargeDay)} and made with your latest formulas:`;
  const lines = products.map((p) => `- ${p.label}${p.quantity > 1 ? ` × ${p.quantity}` : ''}, ${every(p, subscription.subCategory)}`);
  const link = `${publicUrl}/account/subscription/${subscription.category}`;
  const change = `Not ready for it? Skip a product or snooze your subscription before then: ${link}`;
  return {
    kind: 'subscription_upcoming_renewal',
    to,
    subject: `Your next ${name} box: charged on ${longDay(chargeDay)}`,
    text: [hello(firstName), '', coming, ...lines, '', change, ''].join('\n'),
    html: page(hello(firstName), [coming, ...lines, 'Not ready for it? Skip a product or snooze your subscription before then.'], {
      href: link,
      text: 'Skip or snooze',
    }),
  };
}
