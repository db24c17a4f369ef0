import { eq } from 'drizzle-orm';
import type { ResponseBody } from '#api';

type LiveChatConversation = ResponseBody<'startLiveChat'>;
import { livechatConversations } from '../db/schema';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { conversationView } from './conversation-view';
import { liveChatOf } from './embedded-provider';
import { ownConversation } from './post-chat-message';

/** Closes the caller's conversation (closing a closed one changes nothing). */
export async function closeConversation(services: Services, user: UserRow, pubkey: string): Promise<LiveChatConversation> {
  const provider = liveChatOf(services);
  const row = await services.db.transaction(async (tx) => {
    const conversation = await ownConversation(tx, user, pubkey);
    if (conversation.status === 'closed') return conversation;
    await provider.close(services, tx, conversation);
    const now = services.clock.now();
    const [updated] = await tx
      .update(livechatConversations)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(eq(livechatConversations.id, conversation.id))
      .returning();
    return updated!;
  });
  return conversationView(row, provider.answeredBy);
}
