import { useRef, useState, useSyncExternalStore } from 'react';
import { LiveChatLauncher } from '../../shop/livechat/livechat-launcher.tsx';
import { selectOpened } from '../../shop/livechat/livechat-machine.ts';
import { useSignOut } from '../session';

type HostModule = typeof import('./livechat-host.tsx');

const noActor = () => () => undefined;

/**
 * The live chat on every page (loaded only when the `livechat` flag is on, app/livechat/livechat-slot.tsx): the
 * launcher, and the panel's code loaded when the shopper first presses it (§4 `generated`). Sign-out resets the chat
 * (§4 "Sign-out resets help-centre state"): the panel and its conversation are gone for the next shopper.
 */
export default function LiveChat() {
  const [host, setHost] = useState<HostModule | null>(null);
  const [loading, setLoading] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const chat = host?.liveChatActor() ?? null;
  const opened = useSyncExternalStore(
    (notify) => (chat ? chat.subscribe(notify).unsubscribe : noActor()),
    () => (chat ? selectOpened(chat.getSnapshot()) : false),
  );
  useSignOut(() => chat?.send({ type: 'RESET' }));

  const toggle = () => {
    if (chat) return chat.send({ type: 'TOGGLE' });
    if (loading) return;
    setLoading(true);
    import('./livechat-host.tsx')
      .then((loaded) => {
        loaded.liveChatActor().send({ type: 'OPEN' });
        setHost(loaded);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };

  return (
    <>
      <div className="livechat-room" aria-hidden="true" />
      {host && chat ? <host.LiveChatHost chat={chat} onClosed={() => launcher.current?.focus()} /> : null}
      <LiveChatLauncher ref={launcher} opened={opened} busy={loading} controls={chat ? 'livechat-panel' : undefined} onClick={toggle} />
    </>
  );
}
