import type { OutgoingMail } from '../mail/mailer';

/** The confirmation a shopper gets on joining a sold-out product's waitlist. */
export function waitlistMail(to: string, product: string, pageUrl: string): OutgoingMail {
  return {
    kind: 'waitlist_joined',
    to,
    subject: `You're on the waitlist for ${product}`,
    text: [
      'Hello,',
      '',
      `${product} is sold out for now. You're on its waitlist: we'll e-mail you once, when it is available again.`,
      '',
      `Its page: ${pageUrl}`,
      '',
      'If you did not ask for this, ignore this e-mail; we will not write again about it.',
      '',
    ].join('\n'),
  };
}
