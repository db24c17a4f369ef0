/**
 * @module server/livechat/support-desk: what the embedded chat provider needs of the help centre's support inquiries
 * (server/help/, POST /v1/knowledge_base/inquiries): open one (stored, mailed to support, acknowledged to the shopper
 * with its reference) and support's address for the later messages.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';

export interface ChatInquiry {
  userId: number;
  name: string;
  email: string;
  message: string;
}

/** Support's mailbox. TODO(issue 29 item 4): the help centre's SUPPORT_EMAIL setting once it lands. */
export const supportAddress = (services: Services): string => `support@${new URL(services.config.publicUrl).hostname}`;

/**
 * Opens a support inquiry from a chat's first message (source 'livechat'), inside `db`: its reference.
 * TODO(issue 29 item 4): the help centre's inquiry function once it lands (its table, its mails).
 */
export async function openChatInquiry(services: Services, db: Database, inquiry: ChatInquiry): Promise<{ reference: string }> {
  const reference = `HC-${randomBytes(5).toString('hex').toUpperCase()}`;
  const now = services.clock.now();
  await enqueueMail(db, now, {
    kind: 'support_inquiry',
    to: supportAddress(services),
    subject: `[${reference}] Live chat from ${inquiry.name}`,
    text: [`From: ${inquiry.name} <${inquiry.email}>`, `Reference: ${reference}`, 'Source: live chat', '', inquiry.message].join('\n'),
  });
  await enqueueMail(db, now, {
    kind: 'support_acknowledgement',
    to: inquiry.email,
    subject: `We have your message (${reference})`,
    text: [`Hello ${inquiry.name},`, '', `Thank you for writing to us. Our team answers by e-mail, here, usually within one working day.`, `Your reference is ${reference}.`].join('\n'),
  });
  return { reference };
}
