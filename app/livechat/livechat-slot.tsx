import { lazy, Suspense, useState } from 'react';
import { pageFlags } from '../flags.ts';

const LiveChat = lazy(() => import('./live-chat.tsx'));

/** Whether a flag's value means on (true, or "1" for an A/B arm). */
const isOn = (value: unknown) => value === true || value === '1' || value === 1;

/**
 * Where the site's frame puts the live chat (spec 001 §9 flag `livechat`, default off): with the flag off nothing of
 * it loads; with it on, the launcher's small chunk loads after the page, and the panel's only when it is pressed.
 */
export function LiveChatSlot() {
  const [on] = useState(() => isOn(pageFlags()?.livechat));
  return on ? (
    <Suspense fallback={null}>
      <LiveChat />
    </Suspense>
  ) : null;
}
