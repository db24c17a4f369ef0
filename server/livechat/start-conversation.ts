import { randomBytes } from 'node:crypto';
import type { RequestBody, ResponseBody } from '#api';
import { livechatConversations } from '../db/schema';
import { newInquiryReference } from '../help/send-inquiry';
import type { Auth } from '../http/authenticate';
import type { Services } from '../services';
import { conversationView } from './conversation-view';
import { liveChatOf } from './embedded-provider';

type LiveChatConversation = ResponseBody<'startLiveChat'>;
type StartInput = Required<Pick<RequestBody<'startLiveChat'>, 'name' | 'email' | 'message'>> & { website?: string | undefined };

const newPubkey = () => `chat_${randomBytes(16).toString('base64url')}`;

/**
 * Starts the caller's conversation with its first message through the shop's chat provider, in one transaction: the
 * provider's record (the embedded one's: the inquiry and its two mails) and the conversation's row, or neither.
 * A filled honeypot (`website`) gets the same kind of answer and nothing is kept or mailed.
 */
export async function startConversation(services: Services, auth: Auth, input: StartInput): Promise<LiveChatConversation> {
  const provider = liveChatOf(services);
  const now = services.clock.now();
  if (input.website) {
    const reference = newInquiryReference();
    const row = { pubkey: newPubkey(), reference, status: 'open' as const, replyTo: input.email, messageCount: 1, createdAt: now };
    return conversationView({ ...row, id: 0, userId: auth.user.id, provider: provider.name, closedAt: null, updatedAt: now }, provider.answeredBy);
  }
  const row = await services.db.transaction(async (tx) => {
    const { reference } = await provider.start(services, tx, { auth, name: input.name, email: input.email, message: input.message });
    const [inserted] = await tx
      .insert(livechatConversations)
      .values({ pubkey: newPubkey(), userId: auth.user.id, provider: provider.name, reference, replyTo: input.email, createdAt: now, updatedAt: now })
      .returning();
    return inserted!;
  });
  services.mailer.wake();
  return conversationView(row, provider.answeredBy);
}
