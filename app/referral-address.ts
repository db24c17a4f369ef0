/**
 * What the page's entry does with a referral code in the address (spec 001 §3 User, "Client-side: ... referral"): keeps
 * it on this device and takes it out of the address. The rest of the code's life (sending it, forgetting it) is
 * ./referral.ts, which loads with the session and the checkout, not in every page's first download.
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

/**
 * The page's address without its `referral_code` (null when it has none): the code is a secret once kept, so it
 * leaves the address bar, the history, the Referer of later requests and any page view an analytics script reports.
 */
export function addressWithoutReferralCode(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('referral_code')) return null;
  url.searchParams.delete('referral_code');
  return `${url.pathname}${url.search}${url.hash}`;
}
