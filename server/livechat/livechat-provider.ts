/**
 * @module server/livechat/livechat-provider: the chat provider interface (issue 29 item 5), in the style of the
 * payment provider and the referral-tracking service: the shop's operations start a conversation, add the shopper's
 * messages to it and close it through one provider. The embedded one (embedded-provider.ts) is used unless the app is
 * given another (`liveChat` in server/services.ts): a vendor's adapter would relay the same three calls to its agents.
 */
import type { Database } from '../db/database';
import type { Auth } from '../http/authenticate';
import type { Services } from '../services';

/** Who starts a conversation and their first message (checked by the contract: liveChatStartRequest). */
export interface ConversationStart {
  /** The caller (a guest or a customer). */
  auth: Auth;
  name: string;
  email: string;
  message: string;
}

/** A conversation as the provider knows it: its reference and the address the team answers at. */
export interface ProviderConversation {
  reference: string;
  replyTo: string;
  /** The messages it holds before this one. */
  messageCount: number;
}

export interface LiveChatProvider {
  /** Recorded on each conversation ('embedded', or the vendor's name). */
  readonly name: string;
  /** How the team answers: by e-mail (the embedded provider) or in the chat (a vendor's live agents). */
  readonly answeredBy: 'email' | 'chat';
  /** Starts a conversation with the shopper's first message, inside the caller's transaction `db`; its reference. */
  start(services: Services, db: Database, start: ConversationStart): Promise<{ reference: string }>;
  /** Adds another of the shopper's messages, inside the caller's transaction `db`. */
  postMessage(services: Services, db: Database, conversation: ProviderConversation, message: string): Promise<void>;
  /** The shopper ended the conversation. */
  close(services: Services, db: Database, conversation: ProviderConversation): Promise<void>;
}
