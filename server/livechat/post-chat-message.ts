import { and, eq, sql } from 'drizzle-orm';
import type { ResponseBody } from '#api';

type LiveChatConversation = ResponseBody<'startLiveChat'>;
import type { Database } from '../db/database';
import { livechatConversations } from '../db/schema';
import { ApiError, notFound } from '../http/api-error';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { conversationView } from './conversation-view';
import { liveChatOf } from './embedded-provider';

/** The caller's conversation, locked for the change; another's (or none) is 404. */
export async function ownConversation(tx: Database, user: UserRow, pubkey: string) {
  const [row] = await tx
    .select()
    .from(livechatConversations)
    .where(and(eq(livechatConversations.pubkey, pubkey), eq(livechatConversations.userId, user.id)))
    .for('update');
  if (!row) throw notFound('not_found', 'There is no such conversation among yours.');
  return row;
}

/** Adds another of the caller's messages to their open conversation (a closed one is 409 conversation_closed). */
export async function postChatMessage(services: Services, user: UserRow, pubkey: string, message: string): Promise<LiveChatConversation> {
  const provider = liveChatOf(services);
  const row = await services.db.transaction(async (tx) => {
    const conversation = await ownConversation(tx, user, pubkey);
    if (conversation.status === 'closed') throw new ApiError(409, 'conversation_closed', 'This conversation is closed. Start a new one to write again.');
    await provider.postMessage(services, tx, conversation, message);
    const [updated] = await tx
      .update(livechatConversations)
      .set({ messageCount: sql`${livechatConversations.messageCount} + 1`, updatedAt: services.clock.now() })
      .where(eq(livechatConversations.id, conversation.id))
      .returning();
    return updated!;
  });
  services.mailer.wake();
  return conversationView(row, provider.answeredBy);
}
