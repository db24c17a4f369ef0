/**
 * The cart count the header shows on every page (issue 25, ../shared/STOREFRONT.md Header): the number of items in
 * each of the shopper's carts, kept on the device (localStorage) so any page draws it at first paint with neither the
 * cart's code nor a request. The cart machine records every copy of a cart the server sends (shop/cart/cart-machine.ts),
 * (./record-cart-count.ts), so the count follows each change, in this tab and (through the storage event) in the others; sign-out forgets it,
 * and a signed-in page refreshes it once per tab from the server (app/shell/use-cart-count.ts), so a cart changed on
 * another device is not shown stale for long.
 */
export type CartCountKey = 'haircare' | 'skincare' | 'universal';
export type CartCounts = Partial<Record<CartCountKey, number>>;

export const storageKey = 'shop.cart-count';
export const changed = 'shop:cart-count';

let cached: { raw: string | null; counts: CartCounts } = { raw: null, counts: {} };

export function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null; // storage blocked (or no DOM): the header shows no count
  }
}

/** The counts on this device (the same object until they change, as useSyncExternalStore needs); unreadable is none. */
export function readCartCounts(): CartCounts {
  const raw = storage()?.getItem(storageKey) ?? null;
  if (raw !== cached.raw) {
    let counts: unknown = null;
    try {
      counts = JSON.parse(raw ?? '{}');
    } catch {
      // an unreadable copy counts nothing until the next cart arrives
    }
    cached = { raw, counts: counts && typeof counts === 'object' ? (counts as CartCounts) : {} };
  }
  return cached.counts;
}

/** Calls `listener` when the counts change, here or in another tab. */
export function subscribeCartCounts(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener(changed, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(changed, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The header's figure: every item in every cart, and the cart to open (the one holding items, haircare first). */
export function cartSummary(counts: CartCounts): { total: number; href: string } {
  const total = [counts.haircare, counts.skincare, counts.universal].reduce<number>((n, c) => n + (Number.isInteger(c) && c! > 0 ? c! : 0), 0);
  const href = !counts.haircare && counts.skincare ? '/checkout/skincare' : '/checkout/haircare';
  return { total, href };
}
