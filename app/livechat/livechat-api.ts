import { isApiError } from '#api/shared';
import type { LiveChatFailure, LiveChatServices } from '../../shop/livechat/livechat-machine.ts';
import { loadAppServices } from '../app-services.ts';
import { reportError } from '../report-error.ts';
import { appSession, type Session } from '../session';
import { requireSession } from '../session/ensure-session.ts';

/** A failed send in the shopper's words; the message stays in its field to send again. */
export function describeLiveChatFailure(error: unknown): LiveChatFailure {
  if (isApiError(error, 'validation_error')) return { message: 'Check the fields marked below.', fields: error.fields ?? {} };
  if (isApiError(error, 'rate_limited')) return { message: 'You have sent a lot of messages in a short time. Please wait a little and try again.', fields: {} };
  if (isApiError(error, 'conversation_closed') || isApiError(error, 'not_found'))
    return { message: 'This conversation has ended. Choose New conversation to write to us again.', fields: {} };
  return { message: 'Your message could not be sent. Check your connection and try again.', fields: {} };
}

/** The chat machine's services over the app's one API client, in a session. */
export function createAppLiveChatServices(session: Session = appSession): LiveChatServices {
  return {
    send: async ({ conversation, name, email, message }) => {
      const [{ api }] = await Promise.all([loadAppServices(), requireSession(session, 'No session to chat in.')]);
      return conversation ? api.postLiveChatMessage(conversation.id, { message }) : api.startLiveChat({ name, email, message });
    },
    close: (conversation) => {
      void loadAppServices()
        .then(({ api }) => api.closeLiveChat(conversation.id))
        .catch((error: unknown) => {
          if (!isApiError(error, 'not_found')) reportError('POST /v1/livechat/conversations/{id}/close', error);
        });
    },
    describeFailure: describeLiveChatFailure,
  };
}
