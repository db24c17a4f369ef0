import type { Cart, CartPatch } from '#api';
import { isApiError, type Category } from '#api/shared';
import type { CartApi } from '../../shop/cart/cart-machine.ts';
import { loadAppServices } from '../app-services.ts';
import { isFlagOn, loadFlags } from '../flags';
import { appSession } from '../session';

/**
 * The server calls a cart machine (shop/cart/cart-machine.ts) is bound to: the per-category cart, or the universal
 * cart with the `universal-cart` flag. Shared by the cart page and the product pages' "Add to cart". Every change the
 * server took is also told to the marketing events (added_to_cart, checkout_started: app/tracking/marketing.ts),
 * whose code loads then, not with the page.
 */

/** Tells the marketing events what a change the server took stands for; tracking never fails the change. */
function reportChange(category: string, patch: CartPatch, before: Cart | null, after: Cart): void {
  if (!('items' in patch) && !('is_in_checkout' in patch)) return;
  void import('../tracking/marketing').then((marketing) => marketing.trackCartChange(category, patch, before, after)).catch(() => undefined);
}

/** The universal cart's calls (spec 001 §7 Cart v2): one cart for every category, made by POST when there is none. */
export function universalCartApi(): CartApi {
  return {
    async load() {
      if (!appSession.hasStoredSession()) return null;
      const { api } = await loadAppServices();
      try {
        return await api.getUniversalCart();
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    async update(patch, current): Promise<Cart> {
      const { api } = await loadAppServices();
      const after = current === null && 'items' in patch ? await api.createUniversalCart({ items: patch.items }) : await api.patchUniversalCart(patch);
      reportChange('universal', patch, current, after);
      return after;
    },
  };
}

/** Whether this shop uses the universal cart (the `universal-cart` flag, GET /flags); off when the flags cannot be had. */
export async function universalCartOn(): Promise<boolean> {
  const { api } = await loadAppServices();
  return isFlagOn((await loadFlags(api))['universal-cart']);
}

/**
 * The cart's server calls for one category. The first load may carry the results page's `origin` and `items`, which
 * make the recommendation cart (spec 001 §7 Cart); later loads read the cart as saved. A 404 is no cart (§4).
 */
export function cartApi(category: Category, first: { origin?: string; items?: string } = {}): CartApi {
  let load = first.origin !== undefined || first.items !== undefined ? first : {};
  return {
    async load() {
      if (!appSession.hasStoredSession()) return null;
      const { api } = await loadAppServices();
      try {
        const cart = await api.getCart({ category, ...load });
        load = {};
        return cart;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    async update(patch, current): Promise<Cart> {
      const { api } = await loadAppServices();
      const after = await api.patchCart(category, patch);
      reportChange(category, patch, current, after);
      return after;
    },
  };
}
