import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A checkout step's error (../shared/STOREFRONT.md "Errors are announced and focused"): an alert region, scrolled into
 * view and focused each time it appears, so a shopper on a phone sees it wherever the button that caused it is. A new
 * `attempt` (the refusal of another try, even with the same words) brings it into view again; nothing shows while
 * `hidden` (the next try is on its way).
 */
export function StepAlert({ children, attempt, hidden = false }: { children?: ReactNode; attempt?: unknown; hidden?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const shown = Boolean(children) && !hidden;
  useEffect(() => {
    const alert = root.current;
    if (!shown || !alert) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    alert.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    alert.focus({ preventScroll: true });
  }, [shown, attempt]);
  if (!shown) return null;
  return (
    <div ref={root} role="alert" tabIndex={-1} className="notice notice--error step-alert">
      {children}
    </div>
  );
}
