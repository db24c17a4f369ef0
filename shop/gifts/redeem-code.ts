import { isApiError } from '#api/shared';

/**
 * @module shop/gifts/redeem-code: the giftee's code on /gift/redeem (spec 001 §2 giftee, §8, §9 "Gift cards"): where it
 * comes from (the gift e-mail's link carries it in the URL's fragment, `#code=`, which no request sends), the form's
 * own check, and a refused POST /v1/gifts/redeem/ in the page's words.
 */

/** Spec 001 §8, word for word: no gift answers to the code (none, unknown, or already redeemed). */
export const NO_REDEEMABLE_GIFT = 'Sorry, no redeemable gift is associated to this account';

export const redeemMessages = {
  missing: 'Enter the code from your gift e-mail.',
  format: 'A gift card code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS.',
  unreachable: "We couldn't reach the shop to claim your gift, and your code is unchanged. Please try again.",
} as const;

/** The longest text taken as a code (the server reads at most 100 characters). */
const MAX_CODE = 100;

/** The code in a URL fragment such as `#code=ABCD-EFGH-JKMN-PQRS`, if any (trimmed; nothing longer than a code may be). */
export function codeFromFragment(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code')?.trim();
  return code ? code.slice(0, MAX_CODE) : null;
}

/**
 * What is wrong with a typed code before asking the server, if anything. Spaces, dashes and case do not matter (the
 * server reads codes leniently, server/gifts/README.md "Codes"): 16 letters and digits are asked for, no more.
 */
export function codeProblem(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  if (!compact) return redeemMessages.missing;
  if (!/^[0-9a-z]{16}$/i.test(compact)) return redeemMessages.format;
  return null;
}

/** A refused redemption: `sign-in` when the account cannot hold credit (a guest's), else words for the code's field. */
export type RedeemError = { kind: 'sign-in' } | { kind: 'message'; message: string; used: boolean };

/**
 * A refused POST /v1/gifts/redeem/ in the page's words: §8's for no gift (`used`: the code is worth nothing now),
 * the server's own for another country (422 gift_other_country) and too many tries (429), ours when no answer came.
 */
export function redeemErrorOf(error: unknown): RedeemError {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return { kind: 'message', message: redeemMessages.unreachable, used: false };
  if (error.status === 403 && error.code === 'guest_account') return { kind: 'sign-in' };
  if (error.status === 404) return { kind: 'message', message: NO_REDEEMABLE_GIFT, used: true };
  const field = error.fields?.code?.[0];
  return { kind: 'message', message: field ?? error.detail, used: false };
}

/** The code kept on this tab while the giftee signs in (the fragment does not survive the trip), until it is redeemed. */
const STORED = 'shop.gift-redeem-code';

export const storedCode = {
  read(storage: Storage | undefined = sessionStorageOrNone()): string | null {
    try {
      return storage?.getItem(STORED) ?? null;
    } catch {
      return null;
    }
  },
  keep(code: string, storage: Storage | undefined = sessionStorageOrNone()): void {
    try {
      storage?.setItem(STORED, code);
    } catch {
      // Private mode or full storage: the code is still on the page; only a trip to sign in would lose it.
    }
  },
  clear(storage: Storage | undefined = sessionStorageOrNone()): void {
    try {
      storage?.removeItem(STORED);
    } catch {
      // Nothing stored.
    }
  },
};

function sessionStorageOrNone(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
