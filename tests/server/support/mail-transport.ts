import type { MailEnvelope, MailTransport } from '../../../server/mail/smtp-transport';

/** A transport that fails the first `failures` sends ("421 try again later") and keeps the rest in `sent`. */
export function flakyTransport(failures = 0): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  let left = failures;
  return {
    sent,
    send: async (message) => {
      if (left > 0) {
        left -= 1;
        throw new Error('421 try again later');
      }
      sent.push(message);
    },
    close: () => undefined,
  };
}
