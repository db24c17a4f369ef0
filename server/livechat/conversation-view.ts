import type { ResponseBody } from '#api';

type LiveChatConversation = ResponseBody<'startLiveChat'>;
import type { livechatConversations } from '../db/schema';

type ConversationRow = typeof livechatConversations.$inferSelect;

/** A conversation as its shopper sees it (api/schemas/livechat.ts): never its messages' words. */
export const conversationView = (row: ConversationRow, answeredBy: 'email' | 'chat'): LiveChatConversation => ({
  id: row.pubkey,
  reference: row.reference,
  status: row.status,
  answered_by: answeredBy,
  reply_to: row.replyTo,
  message_count: row.messageCount,
  started_at: row.createdAt.toISOString(),
});
