import type { CartCountKey } from '../../shop/cart/cart-count';
import { forgetCartCounts, recordCart } from '../../shop/cart/record-cart-count';
import { loadSessionServices } from '../app-services';
import { flagOn } from '../flags';

const refreshedKey = 'shop.cart-count.refreshed';

/** A cart the server holds, or null for its 404 (no cart: spec 001 §4 Cart). */
async function cartOrNone<C>(load: () => Promise<C>): Promise<C | null> {
  try {
    return await load();
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 404) return null;
    throw error;
  }
}

/**
 * Asks the server for the shopper's carts and records their counts (the header's figure, shop/cart/cart-count.ts):
 * the universal cart with the `universal-cart` flag, else the haircare and skincare carts. Reads only: no cart is
 * made. The header calls it once per tab for a signed-in shopper; a page that changed a cart outside the cart machine
 * (an order just placed) calls it too.
 */
export async function refreshCartCounts(): Promise<void> {
  const { api } = await loadSessionServices();
  const keys: CartCountKey[] = flagOn('universal-cart') ? ['universal'] : ['haircare', 'skincare'];
  await Promise.all(
    keys.map(async (key) => recordCart(key, await cartOrNone(() => (key === 'universal' ? api.getUniversalCart() : api.getCart({ category: key }))))),
  );
}

/** Asks the server once per tab (the cart machine keeps the counts after that); a failed ask is tried on the next page. */
export async function refreshOncePerTab(): Promise<void> {
  try {
    if (sessionStorage.getItem(refreshedKey)) return;
    sessionStorage.setItem(refreshedKey, '1');
  } catch {
    return; // storage blocked: the cart machine's counts are all there is
  }
  try {
    await refreshCartCounts();
  } catch (error) {
    forgetCountsRefresh();
    throw error;
  }
}

/** After sign-out: the counts are the next shopper's to make, and their session asks the server again. */
export function forgetCountsRefresh(): void {
  forgetCartCounts();
  try {
    sessionStorage.removeItem(refreshedKey);
  } catch {
    // storage blocked: nothing was kept
  }
}
