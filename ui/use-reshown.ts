import { useEffect, useRef, useState } from 'react';

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
