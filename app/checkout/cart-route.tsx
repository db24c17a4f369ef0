import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Cart } from '#api';
import { isApiError } from '#api/shared';
import { createCartMachine, goToCheckout, type CartApi } from '../../shop/cart/cart-machine.ts';
import { CartPage } from '../../shop/cart/cart-page.tsx';
import { loadAppServices } from '../app-services.ts';
import { appSession, useSignOut } from '../session';
import NotFoundPage from '../shell/not-found-page.tsx';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';

type Category = 'haircare' | 'skincare';

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
export default function CartRoute() {
  const category = useParams().category;
  if (category !== 'haircare' && category !== 'skincare') return <NotFoundPage />;
  return <CategoryCart key={category} category={category} />;
}

function CategoryCart({ category }: { category: Category }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const heading = usePageHeadingFocus();
  const first = useMemo(
    () => ({ ...(search.get('origin') ? { origin: search.get('origin')! } : {}), ...(search.get('items') ? { items: search.get('items')! } : {}) }),
    // The first URL's origin and items only: later changes of the query do not remake the cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const machine = useMemo(() => createCartMachine(cartApi(category, first)), [category, first]);
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
        cart={context.data}
        status={context.status}
        headingRef={heading}
        onChange={(change) => actor.send({ type: 'CHANGE', change })}
        onRetry={() => actor.send({ type: 'LOAD' })}
        checkout={checkout}
        onCheckout={() => {
          setCheckout('waiting');
          void goToCheckout(actor).then((ok) => setCheckout(ok ? 'ready' : 'refused'));
        }}
      />
    </div>
  );
}
