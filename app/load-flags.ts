/**
 * @module app/load-flags: the flags for a page that has the API client at hand (app/flags.ts says where flags come
 * from): the page's inline flags, else GET /flags (through the client, so a checkout step's early read serves it),
 * asked once per page load; a failed read gives no flags (every flag off) and is asked again next time.
 */
import type { ApiClient, FeatureFlags } from '#api';
import { pageFlags } from './flags';

let served: Promise<FeatureFlags> | null = null;

export function loadFlags(api: Pick<ApiClient, 'getFlags'>): Promise<FeatureFlags> {
  const inline = pageFlags();
  if (inline) return Promise.resolve(inline);
  served ??= api.getFlags().catch(() => {
    served = null; // asked again next time
    return {};
  });
  return served;
}

/** Forgets the flags read (tests: each is a new page load). */
export function forgetFlags(): void {
  served = null;
}
