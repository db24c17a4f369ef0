import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router';
import { changeCoupon, createCartMachine, goToCheckout } from '../../shop/cart/cart-machine.ts';
import { CartPage } from '../../shop/cart/cart-page.tsx';
import { bindGiftList, shopGiftList, useGiftList } from '../../shop/promotions/gift-list.ts';
import { loadAppServices } from '../app-services.ts';
import { useSession, useSignOut } from '../session';
import { cartApi, universalCartApi, universalCartOn } from './cart-apis.ts';
import { PageStatus } from '../shell/page-status.tsx';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';
import { useLoad } from '../use-load.ts';
import type { Category } from '#api/shared';

export type { Category };

// The gifts with purchase the banner shows (spec 001 §3, §7 GET /v1/promotional_gift), one list for the app.
bindGiftList(() => loadAppServices().then(({ api }) => api.getPromotionalGifts()));

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
  const firstName = useSession().user?.first_name || undefined;
  const first = useMemo(
    () => ({ ...(search.get('origin') ? { origin: search.get('origin')! } : {}), ...(search.get('items') ? { items: search.get('items')! } : {}) }),
    // The first URL's origin and items only: later changes of the query do not remake the cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const machine = useMemo(
    () => createCartMachine(universal ? universalCartApi() : cartApi(category, first), universal ? 'universal' : category),
    [category, first, universal],
  );
  const actor = useActorRef(machine);
  const context = useSelector(actor, (s) => s.context);
  const [checkout, setCheckout] = useState<'idle' | 'waiting' | 'refused' | 'ready'>('idle');
  useEffect(() => {
    actor.send({ type: 'LOAD' });
  }, [actor]);
  useEffect(() => {
    document.title = `${universal ? 'Your cart' : category === 'haircare' ? 'Your haircare cart' : 'Your skincare cart'} | Formulary`;
  }, [category, universal]);
  // Once the recommendation cart is made, the URL loses its origin and items: a reload shows the cart as left.
  useEffect(() => {
    if (context.status === 'success' && (search.has('origin') || search.has('items'))) void navigate(`/checkout/${category}`, { replace: true });
  }, [context.status, search, navigate, category]);
  // Spec 001 §4 Cart: the cart is cleared on sign-out.
  useSignOut(() => {
    actor.send({ type: 'CLEAR' });
    shopGiftList.invalidate();
  });
  const { gifts } = useGiftList(shopGiftList);
  return (
    <div className="page">
      <CartPage
        category={category}
        universal={universal}
        cart={context.data}
        status={context.status}
        headingRef={heading}
        firstName={firstName}
        onChange={(change) => actor.send({ type: 'CHANGE', change })}
        onRetry={() => actor.send({ type: 'LOAD' })}
        onCoupon={(code) => changeCoupon(actor, code)}
        gifts={gifts}
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
