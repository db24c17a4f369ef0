/**
 * @module app/flags: the feature flags, from one source: GET /flags (the server's server/flags/flags.yaml and
 * flow-flags.yaml, with the operator's FLAGS on top). Asked once per page load and shared by every page that reads
 * them (the consultation's variants, the checkout, the saved payment methods); a failed read gives no flags (every
 * flow variant at its default, every flag off) and is asked again next time.
 *
 * In development only (a dev build, `import.meta.env.DEV`), a device may try a variant without restarting the server:
 * localStorage['shop.flags'] (JSON, e.g. {"signin_placement": "after-welcome"}) goes on top of the served flags. A
 * production build ignores it: a shopper's device never chooses the shop's flags.
 */
import type { ApiClient, FeatureFlags } from '#api';

let served: Promise<FeatureFlags> | null = null;

/** The flags, asked once per page load; with the device's overrides on top in development. */
export function loadFlags(api: Pick<ApiClient, 'getFlags'>): Promise<FeatureFlags> {
  served ??= api.getFlags().catch(() => {
    served = null; // asked again next time
    return {};
  });
  return served.then((flags) => withDeviceOverrides(flags));
}

/** The device's development overrides on top of the served flags (none outside development, or when unreadable). */
export function withDeviceOverrides(
  flags: FeatureFlags,
  storage: Storage | undefined = globalThis.localStorage,
  development: boolean = import.meta.env.DEV,
): FeatureFlags {
  if (!development) return flags;
  try {
    const parsed: unknown = JSON.parse(storage?.getItem('shop.flags') ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return flags;
    const scalars = Object.entries(parsed).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
    return { ...flags, ...(Object.fromEntries(scalars) as FeatureFlags) };
  } catch {
    return flags;
  }
}

/** Forgets the flags read (tests; a page that must ask again). */
export function forgetFlags(): void {
  served = null;
}
