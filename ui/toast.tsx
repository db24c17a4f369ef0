import { useEffect, useRef, useState, type ReactNode } from 'react';
import './toast.css';

/** How long a toast stays hidden before showing new content (spec 001 §9 Countries and display). */
export const TOAST_RESHOW_MS = 250;

/**
 * The content to show for `key`: the same key shows at once; when the key changes while something is shown, nothing
 * for `delay` ms, then the new key (spec 001 §9: "A toast is re-shown after 250 ms when its content changes"), so eyes
 * and screen readers notice a second message that replaces the first.
 * @example const shown = useReshown('added-2'); // null for 250 ms after 'added-1', then 'added-2'
 */
export function useReshown<K>(key: K | null, delay = TOAST_RESHOW_MS): K | null {
  const [shown, setShown] = useState<K | null>(key);
  const showing = useRef<K | null>(key);
  // Hidden for a change: a further change during the pause waits its own full pause.
  const pausing = useRef(false);
  useEffect(() => {
    const show = (next: K | null) => {
      showing.current = next;
      setShown(next);
    };
    if (key === showing.current && !pausing.current) return;
    if (key === null || (showing.current === null && !pausing.current)) {
      pausing.current = false;
      show(key);
      return;
    }
    show(null);
    pausing.current = true;
    const timer = setTimeout(() => {
      pausing.current = false;
      show(key);
    }, delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return shown;
}

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
