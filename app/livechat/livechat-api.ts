import { waitFor } from 'xstate';
import { isApiError } from '#api/shared';
import type { LiveChatFailure, LiveChatServices } from '../../shop/livechat/livechat-machine.ts';
import { loadAppServices } from '../app-services.ts';
import { reportError } from '../report-error.ts';
import { appSession, type Session } from '../session';

/** A session to chat in: the shopper's, or for a first-time visitor a guest's (as the gift page's sending does). */
async function ensureSession(session: Session): Promise<void> {
  const { actor, module } = await session.load();
  const settled = (s: ReturnType<typeof actor.getSnapshot>) => ['authenticated', 'not_authenticated', 'error'].includes(module.selectAuthStatus(s));
  if (module.selectAuthStatus(await waitFor(actor, settled)) === 'authenticated') return;
  actor.send({ type: 'GUEST' });
  const snapshot = await waitFor(actor, (s) => module.selectAuthStatus(s) !== 'loading' && settled(s));
  if (module.selectAuthStatus(snapshot) !== 'authenticated') throw snapshot.context.error ?? new Error('No session to chat in.');
}

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
      const [{ api }] = await Promise.all([loadAppServices(), ensureSession(session)]);
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
