import type { UpsellOffer, User } from '#api';
import { isApiError } from '#api/shared';

/** The three upsells of spec 001 §4: haircare topicals, hair supplements, skincare topicals. */
export const UPSELL_KINDS = [
  { key: 'haircare', category: 'haircare', subCategory: 'topicals' },
  { key: 'supplements', category: 'haircare', subCategory: 'supplements' },
  { key: 'skincare', category: 'skincare', subCategory: 'topicals' },
] as const;
export type UpsellKind = (typeof UPSELL_KINDS)[number];
export type UpsellKey = UpsellKind['key'];

/** Spec 001 §8: an upsell error other than not_found rejects with its message, else this one. */
export const UPSELL_FALLBACK_MESSAGE = 'An unexpected error occurred.';

/** What loading an upsell needs of the API client. */
export interface UpsellApi {
  getUpsell(category: 'haircare' | 'skincare', subCategory?: 'topicals' | 'supplements'): Promise<UpsellOffer>;
}

/**
 * Whether an upsell is asked for at all (spec 001 §6 "Upsell fetches run only when a condition holds", not shown; ours):
 * a customer (not a guest) with no subscription of that kind in any state (the profile's customer segment says so);
 * a skipped one counts as loaded with no offer (§4 Upsells).
 */
export function asksForUpsell(user: Pick<User, 'is_guest' | 'profile'>, kind: UpsellKind): boolean {
  if (user.is_guest) return false;
  const segment = user.profile.customer_segment[kind.key];
  return segment !== 'subscriber' && segment !== 'churnedSubscriber';
}

/**
 * GET /v1/account/upsell/{category}: the offer, or null when there is none: the server's not_found (§8), or an answer
 * without a transaction_id, which does not count (§5). Any other error rejects with its message, or
 * UPSELL_FALLBACK_MESSAGE when it has none (§8).
 */
export async function loadUpsell(api: UpsellApi, kind: UpsellKind): Promise<UpsellOffer | null> {
  try {
    const offer = await api.getUpsell(kind.category, kind.subCategory === 'supplements' ? 'supplements' : undefined);
    return offer.transaction_id ? offer : null;
  } catch (error) {
    if (isApiError(error, 'not_found')) return null;
    const message = error instanceof Error && error.message ? error.message : UPSELL_FALLBACK_MESSAGE;
    throw new Error(message, { cause: error });
  }
}

const MISSING_KEY = 'shop.missingConsultations';

/**
 * Spec 001 §4 Upsells: "clicking one without answers records that category as missing a consultation". Kept on the
 * device (ours: the spec does not say where), read by whoever wants to remind the shopper; a repeated one is kept once.
 */
export function recordMissingConsultation(key: UpsellKey, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  try {
    const known = missingConsultations(storage);
    if (!known.includes(key)) storage.setItem(MISSING_KEY, JSON.stringify([...known, key]));
  } catch {
    // Storage refused (private mode, full): the link still leads to the consultation.
  }
}

/** The kinds recorded as missing a consultation on this device. */
export function missingConsultations(storage: Pick<Storage, 'getItem'> = localStorage): UpsellKey[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(MISSING_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is UpsellKey => UPSELL_KINDS.some((kind) => kind.key === k)) : [];
  } catch {
    return [];
  }
}
