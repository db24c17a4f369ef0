import type { Cart, CartPatch } from '#api';
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
