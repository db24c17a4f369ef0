/**
 * The gift being bought (spec 001 §4 "Gifts and promotions": a gift purchase stores the created gift's pubkey; reset
 * clears it). Kept for this browser tab (sessionStorage), so the gifter's checkout, a reload included, knows which
 * gift it pays for; cleared on sign-out (app/gift/gift-route.tsx follows the session) and by the checkout once paid.
 */
export const GIFT_PURCHASE_KEY = 'shop.gift-purchase';

/** Stores the gift POST /v1/gifts/ created, replacing an earlier one (the server replaces its unpaid line too). */
export function storeGiftPurchase(pubkey: string): void {
  try {
    sessionStorage.setItem(GIFT_PURCHASE_KEY, pubkey);
  } catch {
    // Storage blocked: the cart still holds the gift's line, so the checkout works without it.
  }
}

/** The pubkey of the gift this tab is buying, if any. */
export function giftPurchase(): string | null {
  try {
    return sessionStorage.getItem(GIFT_PURCHASE_KEY);
  } catch {
    return null;
  }
}

/** Forgets the gift being bought (reset: a sign-out, or its order paid). */
export function resetGiftPurchase(): void {
  try {
    sessionStorage.removeItem(GIFT_PURCHASE_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
