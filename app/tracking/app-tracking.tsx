import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { consentNow, onConsentChange } from '../../shop/consent/index';
import { ConsentSlot, consentRegionOfShop } from '../consent/consent-slot';
import { appStartEvent, ctaClickEvent, pageviewEvent, trackedLocation } from './events';
import { pageviewKeepsUtms } from './page-flags';
import { configureTracking, flush, startWhenIdle, track } from './tracker';

let ready = false;

/** Once per page: consent decides, utm_source on app start (§9), product-preselect clicks, sending after load. */
function startTracking(): void {
  if (ready) return;
  ready = true;
  consentRegionOfShop();
  configureTracking({ allowed: () => consentNow().analytics_storage });
  const start = appStartEvent(location.search);
  if (start) track(start);
  // §7 cta_click: any element marked as a product-preselect call to action (shop/tracking/cta-attributes.ts).
  document.addEventListener(
    'click',
    (event) => {
      const cta = (event.target as Element | null)?.closest?.<HTMLElement>('[data-cta="product_preselect"]');
      if (!cta) return;
      const click = ctaClickEvent(cta.dataset.ctaProduct ?? '', cta.dataset.ctaCategory ?? '', cta.dataset.ctaLocation ?? '');
      if (click) track(click);
    },
    { capture: true },
  );
  // Consent given on this page: its page view counts from now on (nothing before it was kept).
  onConsentChange((state) => {
    if (!state.analytics_storage) return flush();
    track(pageviewEvent(trackedLocation(location.pathname, location.search, pageviewKeepsUtms())));
  });
  startWhenIdle();
}

/**
 * The page's tracking and consent (spec 001 §2 "The router location (pathname and search) is tracked", §9 Consent,
 * Tracking): a page view on every route change, and the consent banner when the visitor must be asked.
 */
export function AppTracking() {
  const { pathname, search } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    startTracking();
    const url = trackedLocation(pathname, search, pageviewKeepsUtms());
    if (last.current === url) return;
    last.current = url;
    track(pageviewEvent(url));
  }, [pathname, search]);
  return <ConsentSlot />;
}
