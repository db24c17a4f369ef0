import type { ApiClient } from '#api';
import { reportError } from '../report-error';

/** Where a stylist's page leaves the stylist for the consultation to link (spec 000 §4.2). */
export const STYLIST_KEY = 'shop.stylist';

/** Remembers the stylist a visitor came from. */
export function storeStylist(publicSlug: string, storage: Storage | undefined = globalThis.localStorage): void {
  storage?.setItem(STYLIST_KEY, JSON.stringify({ public_slug: publicSlug }));
}

/** Links a stored stylist to the signed-in customer, then forgets it; a failure keeps it for the next try. */
export async function linkStoredStylist(api: Pick<ApiClient, 'linkStylist'>, storage: Storage | undefined = globalThis.localStorage): Promise<boolean> {
  const raw = storage?.getItem(STYLIST_KEY);
  if (!raw) return false;
  let slug: unknown;
  try {
    slug = (JSON.parse(raw) as { public_slug?: unknown }).public_slug;
  } catch {
    slug = undefined;
  }
  if (typeof slug !== 'string' || slug.length === 0) {
    storage?.removeItem(STYLIST_KEY);
    return false;
  }
  try {
    await api.linkStylist(slug);
  } catch (error) {
    reportError('linking the stylist', error);
    return false;
  }
  storage?.removeItem(STYLIST_KEY);
  return true;
}
