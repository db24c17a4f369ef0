import type { OutgoingMail } from './mailer';

/** The sign-in e-mail: plain text with the link, which works once and for 15 minutes. */
export function magicLinkMail(to: string, firstName: string, link: string, minutes: number): OutgoingMail {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    kind: 'magic_link',
    to,
    subject: 'Your sign-in link',
    text: [
      greeting,
      '',
      `Use this link to sign in. It works once and expires in ${minutes} minutes:`,
      '',
      link,
      '',
      'If you did not ask to sign in, you can ignore this e-mail: nothing changes on your account.',
      '',
    ].join('\n'),
  };
}
