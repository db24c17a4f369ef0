import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { closeConversation } from './close-conversation';
import { LIVECHAT_LIMITS } from './livechat-limits';
import { postChatMessage } from './post-chat-message';
import { startConversation } from './start-conversation';

/** POST /v1/livechat/conversations: the chat panel's first message starts a conversation (start-conversation.ts). */
export const startLiveChatOperation = defineOperation(
  'startLiveChat',
  {
    summary: 'Start a live chat conversation with the shopper’s first message',
    tag: 'livechat',
    responses: {
      201: 'The conversation: its reference, how and where the team answers',
      400: 'validation_error: a name, e-mail or message that is not valid; nothing is saved or mailed',
      429: 'rate_limited: too many conversations from this account or address',
    },
  },
  async ({ c, body, auth, services }) => {
    if (services.config.rateLimits) {
      await hitRateLimit(services, `livechat:start:user:${auth.user.id}`, LIVECHAT_LIMITS.startPerUser);
      await hitRateLimit(services, `livechat:start:ip:${clientIp(c, services.config.trustProxy)}`, LIVECHAT_LIMITS.startPerIp);
    }
    return c.json(await startConversation(services, auth, body), 201);
  },
);

/** POST /v1/livechat/conversations/{id}/messages: another message in the caller's conversation (post-chat-message.ts). */
export const postLiveChatMessageOperation = defineOperation(
  'postLiveChatMessage',
  {
    summary: 'Add a message to the caller’s live chat conversation',
    tag: 'livechat',
    responses: {
      201: 'The conversation, one message more',
      400: 'validation_error: a message that is not valid; nothing is sent',
      404: 'not_found: no such conversation among the caller’s',
      409: 'conversation_closed: the conversation was closed',
      429: 'rate_limited: too many messages from this account',
    },
  },
  async ({ c, body, params, auth, services }) => {
    if (services.config.rateLimits) await hitRateLimit(services, `livechat:message:user:${auth.user.id}`, LIVECHAT_LIMITS.messagesPerUser);
    return c.json(await postChatMessage(services, auth.user, params.id ?? '', body.message), 201);
  },
);

/** POST /v1/livechat/conversations/{id}/close: the shopper ended the conversation (close-conversation.ts). */
export const closeLiveChatOperation = defineOperation(
  'closeLiveChat',
  {
    summary: 'Close the caller’s live chat conversation',
    tag: 'livechat',
    responses: { 200: 'The conversation, closed', 404: 'not_found: no such conversation among the caller’s' },
  },
  async ({ c, params, auth, services }) => c.json(await closeConversation(services, auth.user, params.id ?? ''), 200),
);

export const liveChatOperations = [startLiveChatOperation, postLiveChatMessageOperation, closeLiveChatOperation];
