import type { Cart } from '#api';
import { changed, readCartCounts, storage, storageKey, type CartCountKey, type CartCounts } from './cart-count';

/** The header's count, written (./cart-count.ts reads it: the header loads only that half with every page). */

/** The items a cart holds: quantities of its lines above 0, coupons aside (spec 001 §4 Cart: what makes it not empty). */
export function itemCount(cart: Pick<Cart, 'items'> | null): number {
  return cart ? cart.items.reduce((n, item) => (item.quantity > 0 && item.category !== 'coupon' ? n + item.quantity : n), 0) : 0;
}

function write(counts: CartCounts): void {
  const store = storage();
  if (!store) return;
  try {
    if (Object.keys(counts).length === 0) store.removeItem(storageKey);
    else store.setItem(storageKey, JSON.stringify(counts));
  } catch {
    return; // storage full: the count is only a convenience
  }
  window.dispatchEvent(new Event(changed));
}

/** Records a cart as the server sent it (null: there is none). */
export function recordCart(key: CartCountKey, cart: Pick<Cart, 'items'> | null): void {
  const count = itemCount(cart);
  const counts = readCartCounts();
  if (counts[key] === count) return;
  write({ ...counts, [key]: count });
}

/** Forgets every count (sign-out: the next shopper on this device has their own carts). */
export function forgetCartCounts(): void {
  write({});
}
