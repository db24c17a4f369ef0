/**
 * The page's tracking once the page is idle (loaded by app-tracking.tsx, so none of this is in the first download):
 * utm_source on app start (§9), product-preselect clicks (§7 cta_click), the page views seen so far, and the batches.
 */
import { onConsentChange } from '../../shop/consent/consent-store';
import { appStartEvent, ctaClickEvent, pageviewEvent, trackedLocation } from './events';
import { flagOn } from '../flags';
import { flush, startSending, track } from './tracker';

/** A page view of the router location (spec 001 §2): the path, its utm_* only with `breadcrumbs-pageview-utms`. */
export function trackPageview(pathname: string, search: string): void {
  track(pageviewEvent(trackedLocation(pathname, search, flagOn('breadcrumbs-pageview-utms'))));
}

/** Starts the page's tracking with the page views seen before it loaded (each allowed by consent when it was seen). */
export function startTracking(early: readonly { pathname: string; search: string }[]): void {
  const start = appStartEvent(location.search);
  if (start) track(start);
  for (const view of early) trackPageview(view.pathname, view.search);
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
  // Analytics refused: what waits is forgotten at once.
  onConsentChange((state) => {
    if (!state.analytics_storage) flush();
  });
  startSending();
}
