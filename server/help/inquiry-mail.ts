/**
 * @module server/help/inquiry-mail: the two mails of a contact-form message. Support's carries the shopper's text,
 * escaped in its HTML part (it is theirs, never markup) and as written in its text part; the shopper's acknowledgement
 * carries the reference and their topic, not their message (a mistyped address shows a stranger nothing they wrote).
 */
import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml, mailPage } from '../orders/order-mail';

export interface InquiryFacts {
  reference: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  order?: string | undefined;
  source: 'contact_form' | 'livechat';
  /** The account's e-mail when a signed-in shopper wrote, else null (a guest or a visitor). */
  account: string | null;
}

const TOPICS: Record<string, string> = {
  order: 'An order',
  subscription: 'A subscription',
  formula: 'A formula',
  shipping: 'Shipping and delivery',
  account: 'My account',
  other: 'Something else',
};
const topicOf = (topic: string) => TOPICS[topic] ?? topic;

/** To support: who wrote, about what, and what they wrote; answering it answers the shopper. */
export function supportInquiryMail(facts: InquiryFacts, to: string): OutgoingMail {
  const via = facts.source === 'livechat' ? 'live chat' : 'the contact form';
  const header = [
    `Reference: ${facts.reference}`,
    `From: ${facts.name} <${facts.email}>`,
    `Account: ${facts.account ?? 'not signed in'}`,
    `Topic: ${topicOf(facts.topic)}`,
    ...(facts.order ? [`Order: ${facts.order}`] : []),
    `Sent through ${via}.`,
  ];
  const text = [...header, '', facts.message, ''].join('\n');
  const html = mailPage(
    `<p style="margin:0 0 16px">${header.map(escapeHtml).join('<br>')}</p>` +
      `<blockquote style="margin:0 0 16px;padding:12px 16px;background:#fff;border-left:3px solid #27306b;white-space:pre-wrap">${escapeHtml(facts.message)}</blockquote>`,
  );
  return { kind: 'support_inquiry', to, subject: `[${facts.reference}] ${topicOf(facts.topic)}: ${facts.name}`.slice(0, 200), text, html };
}

/** To the shopper: we have it, the reference to quote, when to expect an answer. */
export function inquiryAcknowledgementMail(facts: InquiryFacts): OutgoingMail {
  const greeting = `Hello ${facts.name},`;
  const lines = [
    `Thank you for writing to us. We have your message about "${topicOf(facts.topic).toLowerCase()}" and a member of our customer care team will answer you at this address within one business day, Monday to Friday.`,
    `Your reference is ${facts.reference}: quote it if you write to us again about the same thing.`,
  ];
  const text = [greeting, '', ...lines.flatMap((line) => [line, '']), 'The customer care team'].join('\n');
  const html = mailPage(
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` +
      lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('') +
      `<p style="margin:0">The customer care team</p>`,
  );
  return { kind: 'inquiry_received', to: facts.email, subject: `We received your message (${facts.reference})`, text, html };
}
