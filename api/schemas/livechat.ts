import { z } from 'zod';
import { kbInquiryRequest } from './knowledge-base';

// Live chat (spec 001 §2 "Help centre: Live chat", §4 "Live chat has flags generated and opened"; issue 29 item 5).
// The spec shows no chat calls; these are ours (server/livechat/README.md): a conversation is started with the
// shopper's first message, added to, and closed, through whichever chat provider the shop runs. The embedded one
// makes the conversation a support inquiry answered by e-mail, so the reply says where and under which reference.
// Names, e-mail addresses and messages are checked exactly as the contact form's (kbInquiryRequest): one rule.

/** POST /v1/livechat/conversations: the first message, with who to answer. `website` is the contact form's honeypot. */
export const liveChatStartRequest = kbInquiryRequest.pick({ name: true, email: true, message: true, website: true }).strict();
export type LiveChatStartRequest = z.input<typeof liveChatStartRequest>;

/** POST /v1/livechat/conversations/{id}/messages: another message in the same conversation. */
export const liveChatMessageRequest = kbInquiryRequest.pick({ message: true }).strict();
export type LiveChatMessageRequest = z.input<typeof liveChatMessageRequest>;

/** A conversation as its shopper sees it (never its messages' words: the panel keeps what it sent). */
export const liveChatConversation = z.object({
  id: z.string(),
  /** What the shopper quotes (the embedded provider's: the support inquiry's reference). */
  reference: z.string(),
  status: z.enum(['open', 'closed']),
  /** How the team answers: 'email' (the embedded provider), or 'chat' (a vendor's live agents). */
  answered_by: z.enum(['email', 'chat']),
  /** The address the answer goes to. */
  reply_to: z.string(),
  message_count: z.number().int(),
  started_at: z.string(),
});
export type LiveChatConversation = z.infer<typeof liveChatConversation>;
