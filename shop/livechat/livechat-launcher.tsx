import { forwardRef } from 'react';
import './livechat-launcher.css';

/**
 * The live chat's launcher: a small round button in the bottom corner, fixed, so it shifts nothing when it appears.
 * It names what it does, says whether the panel is open (aria-expanded) and which panel it controls.
 */
export const LiveChatLauncher = forwardRef<HTMLButtonElement, { opened: boolean; busy?: boolean; controls?: string; onClick(): void }>(
  function LiveChatLauncher({ opened, busy = false, controls, onClick }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        className="livechat-launcher"
        aria-expanded={opened}
        aria-controls={controls}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        <svg className="livechat-launcher__icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span className="livechat-launcher__label">{opened ? 'Close chat' : 'Chat with us'}</span>
      </button>
    );
  },
);
