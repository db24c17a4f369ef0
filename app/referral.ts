/**
 * The referral code a visitor arrived with (`?referral_code=` on any page), kept on this device (spec 001 §3 User:
 * "Client-side: ... referral") until a paid order has used it: after a successful paid order the stored code is
 * cleared (§4 Checkout and payment). A later code replaces an earlier one; anything but letters, digits, `_` and `-`
 * (at most 64) is not a code and is ignored.
 */
import { REFERRAL_KEY } from './referral-address';

export { REFERRAL_KEY, addressWithoutReferralCode, keepReferralCode } from './referral-address';

/** The code this device keeps, if any. */
export function storedReferralCode(): string | null {
  try {
    return localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}

/** Forgets the code (after a paid order, or once the server accepted or refused it). */
export function clearReferralCode(): void {
  try {
    localStorage.removeItem(REFERRAL_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** The one call sending a kept code (a real ApiClient's, or a fake's in tests). */
export type ReferCall = (body: { referral_code: string; coupon_source: 'referral_link' }) => Promise<unknown>;

let sending: Promise<void> | null = null;

/**
 * Sends the kept code once the visitor has a session to be referred in: at sign-up (./session) and at checkout
 * (./checkout/checkout-saving.ts), as POST /v1/coupon_customers/ with coupon_source 'referral_link' (spec 001 §3
 * "Coupon customer", §7). The code is forgotten once the server accepted it or refused it for good (a 4xx other than
 * 401 and 429: self-referral, a blocked code, not a new customer, already referred, unknown); kept for a later try
 * when the server or the network failed. Never rejects: a referral never stops a sign-up or an order. Calls made
 * while one is on its way wait for it rather than sending the code twice.
 */
export function sendKeptReferral(refer: ReferCall): Promise<void> {
  sending ??= (async () => {
    const code = storedReferralCode();
    if (!code) return;
    try {
      await refer({ referral_code: code, coupon_source: 'referral_link' });
      clearReferralCode();
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429) clearReferralCode();
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}
