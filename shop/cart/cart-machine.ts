import type { Cart, CartPatch } from '#api';
import { isApiError } from '#api/shared';
import { changeAndWait, createResourceMachine, type ResourceActor } from '../machines/optimistic-resource';
import { applyCartChange, cartPatchOf, type CartChange } from './cart-changes';
import type { CartCountKey } from './cart-count';
import { recordCart } from './record-cart-count';

/** How the cart machine reaches one cart on the server (the per-category cart, or the universal cart). */
export interface CartApi {
  /** The cart, or null when there is none (GET answers 404, spec 001 §4 Cart, §8). */
  load(): Promise<Cart | null>;
  /** Applies a change; the server's cart after it. With no cart yet, it creates one (the universal cart's POST). */
  update(patch: CartPatch, current: Cart | null): Promise<Cart>;
}

/**
 * The cart machine every cart screen uses (spec 001 §4 Cart): load (404 = no cart), optimistic changes sent one at a
 * time, the server's cart taken on success, the previous cart back on failure with status success (§8 silent
 * rollback; monograms revert the same way), go to checkout the same way, cleared on sign-out. With `countAs`, every copy
 * of the cart the server sends sets the header's count for that cart (./cart-count.ts).
 */
export function createCartMachine(api: CartApi, countAs?: CartCountKey) {
  const counted = <C extends Cart | null>(cart: C): C => {
    if (countAs) recordCart(countAs, cart);
    return cart;
  };
  return createResourceMachine<Cart, CartChange>(
    {
      load: () => api.load().then(counted),
      send: (change, confirmed) => api.update(cartPatchOf(change, confirmed), confirmed).then(counted),
      apply: applyCartChange,
    },
    'cart',
  );
}

export type CartActor = ResourceActor<Cart, CartChange>;

/** Goes to checkout (is_in_checkout, spec 001 §4 Cart): true once the server has it, false when it was rolled back. */
export function goToCheckout(actor: CartActor): Promise<boolean> {
  return changeAndWait(actor, { kind: 'checkout' });
}

/** Empties the cart machine whenever the session signs out (spec 001 §4 Cart: "cleared on logout"); returns the unsubscriber. */
export function clearCartOnSignOut(actor: CartActor, onSignOut: (listener: () => void) => () => void): () => void {
  return onSignOut(() => actor.send({ type: 'CLEAR' }));
}

/**
 * Enters a coupon code (or removes the cart's coupon: null) and resolves once the server has answered: null when it
 * was kept, else why it was not, in the server's words (422 invalid_coupon's `fields.coupon`, spec 001 §3 Cart
 * display_coupons), for the field to show. Unlike a line's change, a refused code is not silent (§8's rollback is for
 * lines): the cart stays as it was and the shopper reads why.
 */
export function changeCoupon(actor: CartActor, code: string | null): Promise<string | null> {
  const id = actor.getSnapshot().context.nextId;
  return new Promise((resolve) => {
    const subscription = actor.on('settled', (notice) => {
      if (notice.id !== id) return;
      subscription.unsubscribe();
      resolve(notice.ok ? null : couponRefusal(notice.error));
    });
    actor.send({ type: 'CHANGE', change: { kind: 'coupon', code } });
  });
}

/** The words a refused code is shown with. */
export function couponRefusal(error: unknown): string {
  if (isApiError(error)) {
    const field = error.fields?.coupon?.[0];
    if (field) return field;
    if (error.code === 'invalid_coupon' && error.detail) return error.detail;
  }
  return 'We could not apply this code. Please try again.';
}
