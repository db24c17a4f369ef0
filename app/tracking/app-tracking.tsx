import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { consentNow, onConsentChange } from '../../shop/consent/consent-store';
import { ConsentSlot, consentRegionOfShop } from '../consent/consent-slot';

type Runtime = typeof import('./tracking-runtime');

let runtime: Runtime | null = null;
let started: Promise<void> | null = null;
/** Page views seen before the runtime loaded, each while analytics was granted. */
const early: { pathname: string; search: string }[] = [];

/** A page view now, or kept until the runtime loads; none while analytics storage is not granted (§9 Consent). */
function pageview(pathname: string, search: string): void {
  if (!consentNow().analytics_storage) return;
  if (runtime) runtime.trackPageview(pathname, search);
  else early.push({ pathname, search });
}

/** Loads the tracking runtime once the page has loaded and the browser is idle: no tracking code or request on the critical path. */
function startWhenIdle(): Promise<void> {
  started ??= new Promise<void>((done) => {
    consentRegionOfShop();
    // Consent given on this page: its page view counts from now on (nothing before it was kept).
    onConsentChange((state) => {
      if (state.analytics_storage) pageview(location.pathname, location.search);
    });
    const load = () =>
      void import('./tracking-runtime')
        .then((loaded) => {
          runtime = loaded;
          loaded.startTracking(early.splice(0));
        })
        .catch(() => undefined)
        .finally(done);
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 4000 }) : setTimeout(load, 1000));
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
  return started;
}

/** Resolves once the tracking runtime has started (tests). */
export function whenTrackingStarted(): Promise<void> {
  return startWhenIdle();
}

/**
 * The page's tracking and consent (spec 001 §2 "The router location (pathname and search) is tracked", §9 Consent,
 * Tracking): a page view on every route change, and the consent banner when the visitor must be asked.
 */
export function AppTracking() {
  const { pathname, search } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    void startWhenIdle();
    if (last.current === pathname + search) return;
    last.current = pathname + search;
    pageview(pathname, search);
  }, [pathname, search]);
  return <ConsentSlot />;
}
