import { useEffect, useSyncExternalStore } from 'react';
import type { PromotionalGift } from '#api';

/** Spec 001 §4 "Gifts and promotions": the gift list (gifts with purchase) is loading, loaded or error. */
export type GiftListStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface GiftListState {
  status: GiftListStatus;
  /** The gifts running now for the shopper (GET /v1/promotional_gift); [] until loaded, and on error (§8: an error flag). */
  gifts: readonly PromotionalGift[];
}

export interface GiftList {
  getSnapshot(): GiftListState;
  subscribe(listener: () => void): () => void;
  /** Fetches the list, unless it is loading already (§4: "fetched only when not already loading"). */
  load(): void;
  /** Loads it when it never was (or failed): what a page showing the banner calls. */
  ensureLoaded(): void;
  /**
   * §4: "A successful ship now invalidates promotions": the list is fetched again (after the fetch under way, if one
   * is), so the banner shows what holds now. Sign-out calls it too.
   */
  invalidate(): void;
}

/** The gift list over the call that fetches it (the app binds GET /v1/promotional_gift; stories and tests their own). */
export function createGiftList(fetchGifts: () => Promise<readonly PromotionalGift[]>): GiftList {
  let state: GiftListState = { status: 'idle', gifts: [] };
  let stale = false;
  const listeners = new Set<() => void>();
  const set = (next: GiftListState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const load = () => {
    if (state.status === 'loading') return;
    stale = false;
    set({ status: 'loading', gifts: state.gifts });
    fetchGifts().then(
      (gifts) => {
        set({ status: 'loaded', gifts });
        if (stale) load();
      },
      () => {
        set({ status: 'error', gifts: [] });
        if (stale) load();
      },
    );
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    ensureLoaded() {
      if (state.status === 'idle' || state.status === 'error') load();
    },
    invalidate() {
      if (state.status === 'loading') stale = true;
      else if (state.status !== 'idle') load();
    },
  };
}

/** The gift list's state in a component, loaded when the component first needs it. */
export function useGiftList(list: GiftList): GiftListState {
  const state = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  useEffect(() => list.ensureLoaded(), [list]);
  return state;
}

let bound: (() => Promise<readonly PromotionalGift[]>) | null = null;

/**
 * The shop's one gift list (§4: one cache for every page that shows the banner, which ship now invalidates), fetched
 * through the call the app binds with `bindGiftList` (app/checkout/cart-screen.tsx binds GET /v1/promotional_gift).
 */
export const shopGiftList: GiftList = createGiftList(() => (bound ? bound() : Promise.reject(new Error('The gift list is not bound to the API.'))));

/** Binds the shop's gift list to the API call (the app does it once; tests and stories use `createGiftList`). */
export function bindGiftList(fetchGifts: () => Promise<readonly PromotionalGift[]>): void {
  bound = fetchGifts;
}
