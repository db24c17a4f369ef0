/**
 * The events the web app tracks, as the batch's entries (api/schemas/tracking.ts), built from what the page knows.
 * Values are cut to the server's short tokens here, so a surprise in a slug never costs the whole batch a 400.
 */
import type { BatchedEvent, FeatureFlags } from '#api';

const UTM = /^utm_(source|medium|campaign|content|term)$/;
const UTM_VALUE = /^[A-Za-z0-9_.+-]{1,100}$/;

/** A short token: lowercase letters, digits, - and _ (64 at most), or null when nothing is left. */
export function tokenOf(value: string | null | undefined): string | null {
  const token = (value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '_')
    .replace(/^[_-]+/, '')
    .slice(0, 64);
  return token || null;
}

/**
 * The router location as tracked (spec 001 §2: pathname and search): the path, with the utm_* parameters only when
 * the `breadcrumbs-pageview-utms` flag is on; every other parameter (tokens, codes, e-mails) never leaves the page.
 */
export function trackedLocation(pathname: string, search: string, keepUtms: boolean): string {
  if (!keepUtms) return pathname;
  const utms = [...new URLSearchParams(search)].filter(([key, value]) => UTM.test(key) && UTM_VALUE.test(value));
  const kept = new URLSearchParams(utms).toString();
  return kept ? `${pathname}?${kept}` : pathname;
}

export function pageviewEvent(url: string): BatchedEvent {
  return { call: 'breadcrumbs', body: { version: 1, type: 'pageview', data: { url } } };
}

/** §9 "A utm_source query parameter is recorded on app start" (with the other utm_* beside it); null without one. */
export function appStartEvent(search: string): BatchedEvent | null {
  const params = new URLSearchParams(search);
  const source = params.get('utm_source');
  if (!source || !UTM_VALUE.test(source)) return null;
  const data: Record<string, string> = { utm_source: source };
  for (const key of ['utm_medium', 'utm_campaign', 'utm_content', 'utm_term']) {
    const value = params.get(key);
    if (value && UTM_VALUE.test(value)) data[key] = value;
  }
  return { call: 'tracking', body: { event_name: 'app_start', data: data as { utm_source: string } } };
}

/** §7 cta_click: a product-preselect call to action (a product card, a product page's Add to cart). */
export function ctaClickEvent(product: string, category: string, location: string): BatchedEvent | null {
  const [p, c, l] = [tokenOf(product), tokenOf(category), tokenOf(location)];
  if (!p || !c || !l) return null;
  return {
    call: 'breadcrumbs',
    body: { version: 1, type: 'cta_click', data: { product: p, cta_type: 'product_preselect', cta_location: l, product_category: c } },
  };
}

/** `key=value;...` sorted by key, for values the server takes. */
export function pairsText(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .filter(([key, value]) => /^[a-z0-9_-]{1,64}$/.test(key) && /^[A-Za-z0-9_.-]{1,64}$/.test(value))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
}

/** The A/B flags' arms of the page ("0"/"1"), as `flag=arm;...`. */
export function armsOf(flags: FeatureFlags | null): string {
  const arms = Object.entries(flags ?? {}).filter((entry): entry is [string, '0' | '1'] => entry[1] === '0' || entry[1] === '1');
  return pairsText(Object.fromEntries(arms));
}

/** A flow's step (or `results`) on screen, with the flow's variants and the A/B arms: the drop-off report's row. */
export function flowStepEvent(view: {
  kind: string;
  flow: string;
  step: string;
  variants: Record<string, string>;
  flags: FeatureFlags | null;
}): BatchedEvent | null {
  const [kind, flow, step] = [tokenOf(view.kind), tokenOf(view.flow), tokenOf(view.step)];
  if (!kind || !flow || !step) return null;
  return { call: 'tracking', body: { event_name: 'flow_step_view', data: { kind, flow, step, variant: pairsText(view.variants), arms: armsOf(view.flags) } } };
}
