/**
 * @module app/flags: the feature flags, from one source: the server's (server/flags/flags.yaml for the shop's,
 * flow-flags.yaml for the consultations' variants, the operator's FLAGS on top). GET /flags answers with them, and
 * every page the server sends carries the same object inline (`<script type="application/json" id="shop-flags">`,
 * server/http/serve-web-app.ts), so a consultation's first step chooses its variants without waiting for a request
 * and without the API client's code. Pages that have the API client (the cart, the checkout, the saved payment
 * methods) ask GET /flags when the page has no inline flags (app/load-flags.ts).
 *
 * In development only (a dev build, `import.meta.env.DEV`), a device may try a variant without restarting the server:
 * localStorage['shop.flags'] (JSON, e.g. {"signin_placement": "after-welcome"}) goes on top. A production build keeps
 * none of that code: a shopper's device never chooses the shop's flags. `npm run dev` serves the page from Vite,
 * without inline flags: there the consultation runs every variant at its default unless the device overrides it.
 */
import type { FeatureFlags } from '#api';

/** The flags the page carries, or null when it carries none (the Vite dev server's page, a test's document). */
export function pageFlags(doc: Document = document): FeatureFlags | null {
  let flags: FeatureFlags | null = null;
  try {
    flags = JSON.parse(doc.getElementById('shop-flags')?.textContent ?? 'null') as FeatureFlags | null;
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
