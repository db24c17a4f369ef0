import type { ReactNode } from 'react';
import { useReshown } from './use-reshown';
import './toast.css';

export { TOAST_RESHOW_MS, useReshown } from './use-reshown';

/**
 * A toast (ui/README.md): a short message floating at the foot of the screen, in a live region that stays in the page
 * (a status, or an alert for an error), with an optional close button. New content hides it for 250 ms, then shows
 * it (`useReshown`). `contentKey` says when the content is new (by default the text itself, when it is a string).
 */
export function Toast({
  tone = 'success',
  contentKey,
  onClose,
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  contentKey?: string | null;
  onClose?: () => void;
  children?: ReactNode;
}) {
  const key = contentKey !== undefined ? contentKey : typeof children === 'string' ? children : children ? 'content' : null;
  const shown = useReshown(key);
  // During the pause the old words are gone; then the new ones come.
  const visible = shown !== null && shown === key;
  return (
    <div className="toast-region" role={tone === 'error' ? 'alert' : 'status'}>
      {visible ? (
        <div className={`toast notice notice--${tone}`}>
          <div className="toast__content">{children}</div>
          {onClose ? (
            <button type="button" className="toast__close button button--quiet button--small" onClick={onClose}>
              Close
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
