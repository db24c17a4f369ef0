/**
 * @module app/flags: the one place the web app reads feature flags from (shop/flags/flags-store.ts: the fetch states
 * of spec 001 §4 Feature flags). They come from the server (server/flags/README.md): the shop's (flags.yaml), the
 * flows' variants (flow-flags.yaml), the operator's FLAGS on top, and each A/B test at this visitor's own arm (kept by
 * the `visitor` cookie). Every page the server sends carries them inline (`<script type="application/json"
 * id="shop-flags">`, server/http/serve-web-app.ts): that is STATIC, read synchronously by `currentFlags()`, so a
 * consultation's first step chooses its variants without waiting for a request and without the API client's code.
 * Pages that have the API client (the cart, the checkout, the saved payment methods) `loadFlags(api)`: the page's
 * flags when it carries them (they already are the visitor's), else GET /flags (USER_CONTEXT_SPECIFIC_PENDING, then
 * SUCCESS, or FAIL keeping the page's). Sign-out resets the store to STATIC (app/session), and the next load asks
 * the server again. React reads it through `useFlags()` (app/use-flags.ts).
 *
 * In development only (a dev build, `import.meta.env.DEV`), a device may try a variant without restarting the server:
 * localStorage['shop.flags'] (JSON, e.g. {"signin_placement": "after-welcome"}) goes on top. A production build keeps
 * none of that code: a shopper's device never chooses the shop's flags. `npm run dev` serves the page from Vite,
 * without inline flags: there the consultation runs every variant at its default unless the device overrides it.
 */
import type { ApiClient, FeatureFlags } from '#api';
import { createFlagsStore, isFlagOn, type FlagsSnapshot } from '../shop/flags/flags-store';

export { isFlagOn };
export type { FlagsFetchState, FlagsSnapshot } from '../shop/flags/flags-store';

/** The flags the page carries, or null when it carries none (the Vite dev server's page, a test's document). */
export function pageFlags(doc: Document | undefined = globalThis.document): FeatureFlags | null {
  let flags: FeatureFlags | null = null;
  try {
    flags = JSON.parse(doc?.getElementById('shop-flags')?.textContent ?? 'null') as FeatureFlags | null;
  } catch {
    // an unreadable block is no flags
  }
  return import.meta.env.DEV ? withDeviceOverrides(flags) : flags;
}

/** The device's development overrides on top of the flags (the flags as they are when there are none, or they are unreadable). */
export function withDeviceOverrides(flags: FeatureFlags | null, storage: Storage | undefined = globalThis.localStorage): FeatureFlags | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem('shop.flags') ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return flags;
    const scalars = Object.entries(parsed).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
    return scalars.length > 0 ? { ...flags, ...(Object.fromEntries(scalars) as FeatureFlags) } : flags;
  } catch {
    return flags;
  }
}

let store = createFlagsStore(() => pageFlags());

/** The app's flags store. */
export function appFlags() {
  return store;
}

/** The flags now (the page's, or the visitor's once fetched) and their fetch state. */
export function flagsSnapshot(): FlagsSnapshot {
  return store.snapshot();
}

/** The flags now, synchronously: the page's until the visitor's own have been fetched. */
export function currentFlags(): FeatureFlags {
  return store.snapshot().flags;
}

/** Whether a flag is on now (true, or the "1" arm of an A/B test). */
export function flagOn(name: string): boolean {
  return isFlagOn(store.snapshot().flags[name]);
}

/** The visitor's flags for a page with the API client at hand (a failed read gives the page's, or none, and is asked again next time). */
export function loadFlags(api: Pick<ApiClient, 'getFlags'>): Promise<FeatureFlags> {
  return store.load(() => api.getFlags());
}

/** Back to STATIC (sign-out, reset): the next load asks the server again. */
export function resetFlags(): void {
  store.reset();
}

/** A new store, as on a new page load (tests). */
export function forgetFlags(): void {
  store = createFlagsStore(() => pageFlags());
}
