import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A notice (ui/README.md): an error, a success or a piece of information, in words and colour. An error is announced
 * (role="alert"). With `focus`, it takes focus and scrolls into view when it appears or its words change (a decline
 * under a button off a phone's screen, ../shared/STOREFRONT.md "Errors are announced and focused").
 */
export function Notice({
  tone = 'info',
  focus = false,
  id,
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  focus?: boolean;
  id?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const words = typeof children === 'string' ? children : null;
  useEffect(() => {
    if (!focus || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [focus, words]);
  return (
    <div ref={box} id={id} className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={focus ? -1 : undefined}>
      {children}
    </div>
  );
}
