import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SiteFooter = lazy(() => import('./site-footer'));

/**
 * The footer, loaded when the shopper scrolls near it: the page's main area is at least a screen tall (app.css), so
 * the footer is never on the first screen and its code and styles stay out of every page's first download. Without
 * IntersectionObserver (old browsers, tests) it loads at once.
 */
export function LazyFooter({ focused }: { focused: boolean }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !slot.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      setNear(true);
      observer.disconnect();
    });
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={slot} className="site-footer-slot">
      {near ? (
        <Suspense fallback={null}>
          <SiteFooter focused={focused} />
        </Suspense>
      ) : null}
    </div>
  );
}
