import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Cart } from '#api';
import { isApiError } from '#api/shared';
import { createCartMachine, goToCheckout, type CartApi } from '../../shop/cart/cart-machine.ts';
import { CartPage } from '../../shop/cart/cart-page.tsx';
import { loadAppServices } from '../app-services.ts';
import { appSession, useSignOut } from '../session';
import { loadFlags } from '../load-flags';
import { PageStatus } from '../shell/page-status.tsx';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';
import { useLoad } from '../use-load.ts';
import type { Category } from '#api/shared';

export type { Category };

/** The universal cart's calls (spec 001 §7 Cart v2): one cart for every category, made by POST when there is none. */
function universalCartApi(): CartApi {
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
      if (current === null && 'items' in patch) return api.createUniversalCart({ items: patch.items });
      return api.patchUniversalCart(patch);
    },
  };
}

/** Whether this shop uses the universal cart (the `universal-cart` flag, GET /flags); off when the flags cannot be had. */
async function universalCartOn(): Promise<boolean> {
  const { api } = await loadAppServices();
  const flags = await loadFlags(api);
  return flags['universal-cart'] === true || flags['universal-cart'] === '1';
}

/**
 * The cart's server calls for one category. The first load may carry the results page's `origin` and `items`, which
 * make the recommendation cart (spec 001 §7 Cart); later loads read the cart as saved. A 404 is no cart (§4).
 */
function cartApi(category: Category, first: { origin?: string; items?: string }): CartApi {
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
    async update(patch): Promise<Cart> {
      const { api } = await loadAppServices();
      return api.patchCart(category, patch);
    },
  };
}

/** /checkout/haircare and /checkout/skincare: the category's cart, up to the checkout button (spec 001 §2 Cart and checkout). */
export default function CategoryCart({ category }: { category: Category }) {
  const flag = useLoad(universalCartOn, []);
  if (flag.status === 'loading') return <PageStatus>Loading your cart…</PageStatus>;
  return <CartScreen category={category} universal={flag.value === true} />;
}

function CartScreen({ category, universal }: { category: Category; universal: boolean }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const heading = usePageHeadingFocus();
  const first = useMemo(
    () => ({ ...(search.get('origin') ? { origin: search.get('origin')! } : {}), ...(search.get('items') ? { items: search.get('items')! } : {}) }),
    // The first URL's origin and items only: later changes of the query do not remake the cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const machine = useMemo(() => createCartMachine(universal ? universalCartApi() : cartApi(category, first)), [category, first, universal]);
  const actor = useActorRef(machine);
  const context = useSelector(actor, (s) => s.context);
  const [checkout, setCheckout] = useState<'idle' | 'waiting' | 'refused' | 'ready'>('idle');
  useEffect(() => {
    actor.send({ type: 'LOAD' });
  }, [actor]);
  useEffect(() => {
    document.title = category === 'haircare' ? 'Your haircare cart' : 'Your skincare cart';
  }, [category]);
  // Once the recommendation cart is made, the URL loses its origin and items: a reload shows the cart as left.
  useEffect(() => {
    if (context.status === 'success' && (search.has('origin') || search.has('items'))) void navigate(`/checkout/${category}`, { replace: true });
  }, [context.status, search, navigate, category]);
  // Spec 001 §4 Cart: the cart is cleared on sign-out.
  useSignOut(() => actor.send({ type: 'CLEAR' }));
  return (
    <div className="page">
      <CartPage
        category={category}
        universal={universal}
        cart={context.data}
        status={context.status}
        headingRef={heading}
        onChange={(change) => actor.send({ type: 'CHANGE', change })}
        onRetry={() => actor.send({ type: 'LOAD' })}
        checkout={checkout}
        onCheckout={() => {
          setCheckout('waiting');
          void goToCheckout(actor).then((ok) => {
            setCheckout(ok ? 'ready' : 'refused');
            // The checkout flow continues from the cart, at its first step (flows/checkout).
            if (ok) void navigate(`/checkout/${category}/account-details`);
          });
        }}
      />
    </div>
  );
}
