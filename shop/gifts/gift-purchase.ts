/**
 * The gift being bought (spec 001 §4 "Gifts and promotions": a gift purchase stores the created gift's pubkey; reset
 * clears it; §4 Account: logout invalidates the cached gift). Kept in memory for this page's life, as the app's
 * state: the gifter's checkout reads it after /gift, and a reload loses nothing that matters, since the server's cart
 * holds the gift's line. The app clears it on sign-out (app/gift/gift-route.tsx `forgetGiftOnSignOut`); the
 * checkout calls `resetGiftPurchase()` once the gift is paid.
 */
let created: string | null = null;

/** Stores the gift POST /v1/gifts/ created, replacing an earlier one (the server replaces its unpaid line too). */
export function storeGiftPurchase(pubkey: string): void {
  created = pubkey;
}

/** The pubkey of the gift being bought, if any. */
export function giftPurchase(): string | null {
  return created;
}

/** Forgets the gift being bought (reset: a sign-out, or its order paid). */
export function resetGiftPurchase(): void {
  created = null;
}
