import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { createLiveChatMachine, selectGenerated, selectOpened, type LiveChatMachine } from '../../shop/livechat/livechat-machine.ts';
import { LiveChatPanel } from '../../shop/livechat/livechat-panel.tsx';
import { useSession } from '../session';
import { createAppLiveChatServices } from './livechat-api.ts';

export type LiveChatActor = ActorRefFrom<LiveChatMachine>;

let actor: LiveChatActor | undefined;

/** The page's one live chat machine, made when the shopper first opens the chat (its code loads then, not with the page). */
export function liveChatActor(): LiveChatActor {
  actor ??= createActor(createLiveChatMachine(createAppLiveChatServices())).start();
  return actor;
}

/** The panel bound to the machine, drawn once the chat is generated; `onClosed` gives the focus back to the launcher. */
export function LiveChatHost({ chat, onClosed }: { chat: LiveChatActor; onClosed(): void }) {
  const generated = useSelector(chat, selectGenerated);
  const opened = useSelector(chat, selectOpened);
  const context = useSelector(chat, (s) => s.context);
  const sending = useSelector(chat, (s) => s.matches({ generated: { chat: 'sending' } }));
  const { user } = useSession();
  if (!generated) return null;
  const known = user && !user.is_guest ? { name: [user.first_name, user.last_name].filter(Boolean).join(' '), email: user.email } : { name: '', email: '' };
  return (
    <LiveChatPanel
      opened={opened}
      conversation={context.conversation}
      sent={context.sent}
      sending={sending}
      failure={context.failure}
      known={known}
      onSend={(message) => chat.send({ type: 'SEND', ...message })}
      onClose={() => {
        chat.send({ type: 'CLOSE' });
        onClosed();
      }}
      onEndConversation={() => chat.send({ type: 'END_CONVERSATION' })}
    />
  );
}
