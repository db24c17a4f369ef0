import type { OutgoingMail } from './mailer';

/** To the new address: the link that makes it the account's e-mail, and what to do if the shopper did not ask. */
export function confirmEmailChangeMail(to: string, firstName: string, link: string, minutes: number): OutgoingMail {
  return {
    kind: 'email_change_confirm',
    to,
    subject: 'Confirm your new e-mail address',
    text: [
      firstName ? `Hello ${firstName},` : 'Hello,',
      '',
      'You asked to use this address for your account. Open this link while signed in to confirm it.',
      `It works once and expires in ${minutes} minutes:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes, and this address is not added to any account.',
      '',
    ].join('\n'),
  };
}

/** To the old address, once the change is made: so a shopper who did not make it finds out. */
export function emailChangedNoticeMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  return {
    kind: 'email_changed_notice',
    to,
    subject: 'Your e-mail address was changed',
    text: [
      firstName ? `Hello ${firstName},` : 'Hello,',
      '',
      `The e-mail address of your account is now ${newEmail}. Sign-in links go there from now on,`,
      'and every other device signed in to your account was signed out.',
      '',
      'If you did not make this change, reply to this e-mail and we will help you get your account back.',
      '',
    ].join('\n'),
  };
}
