/**
 * @module server/livechat/support-desk: what the embedded chat provider uses of the help centre's support inquiries
 * (server/help/, POST /v1/knowledge_base/inquiries): a chat's first message opens an inquiry with source 'livechat'
 * (stored, mailed to support, acknowledged to the shopper with its reference), in the caller's transaction; support's
 * address (SUPPORT_EMAIL) for the later messages.
 */
import type { Database } from '../db/database';
import { sendInquiry } from '../help/send-inquiry';
import { supportAddress as helpSupportAddress } from '../help/support-address';
import type { Services } from '../services';
import type { ConversationStart } from './livechat-provider';

/** Support's mailbox, the contact form's. */
export const supportAddress = (services: Services): string => helpSupportAddress(services.config);

/** Opens a support inquiry from a chat's first message (source 'livechat', topic 'other'), inside `db`: its reference. */
export async function openChatInquiry(services: Services, db: Database, start: ConversationStart): Promise<{ reference: string }> {
  const { reference } = await sendInquiry(
    services,
    start.auth,
    { name: start.name, email: start.email, message: start.message, topic: 'other', source: 'livechat' },
    db,
  );
  return { reference };
}
