import { lazy, Suspense } from 'react';
import { isFlagOn } from '../flags.ts';
import { useFlags } from '../use-flags.ts';

const LiveChat = lazy(() => import('./live-chat.tsx'));

/**
 * Where the site's frame puts the live chat (spec 001 §9 flag `livechat`, default off), read from the app's one flags
 * store: with the flag off nothing of it loads; with it on, the launcher's small chunk loads after the page, and the
 * panel's only when it is pressed.
 */
export function LiveChatSlot() {
  const { flags } = useFlags();
  return isFlagOn(flags.livechat) ? (
    <Suspense fallback={null}>
      <LiveChat />
    </Suspense>
  ) : null;
}
