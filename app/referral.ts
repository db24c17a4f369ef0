/**
 * The referral code a visitor arrived with (`?referral_code=` on any page), kept on this device (spec 001 §3 User:
 * "Client-side: ... referral") until a paid order has used it: after a successful paid order the stored code is
 * cleared (§4 Checkout and payment). A later code replaces an earlier one; anything but letters, digits, `_` and `-`
 * (at most 64) is not a code and is ignored.
 */
export const REFERRAL_KEY = 'shop.referral-code';

/** Keeps the code of a page address's query, if it has a well-formed one. */
export function keepReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('referral_code');
  if (!code || !/^[\w-]{1,64}$/.test(code)) return;
  try {
    localStorage.setItem(REFERRAL_KEY, code);
  } catch {
    // Storage blocked: the code is not kept.
  }
}

/** The code this device keeps, if any. */
export function storedReferralCode(): string | null {
  try {
    return localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}

/** Forgets the code (after a paid order). */
export function clearReferralCode(): void {
  try {
    localStorage.removeItem(REFERRAL_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
