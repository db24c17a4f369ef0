import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CheckoutFacts } from './checkout-facts';
import type { StripeCardHandle } from './stripe-card';

/** Stripe's card field, with Stripe.js: its own chunk, downloaded only when Stripe takes the cards. */
const StripeCard = lazy(() => import('./stripe-card'));

/**
 * Who takes a new card, asked when the payment step opens (issue 24, item 7). `own`: the test provider, through the
 * step's own number, expiry and security code fields. `stripe`: Stripe (the server sends a publishable key only for
 * Stripe), with `field`, Stripe's card element (an iframe of js.stripe.com) to draw in their place, and its handle
 * (`typed`, `tokenize`): only Stripe's token reaches the shop. Neither while the answer is on its way or when the
 * question failed: the step then keeps its fields invisible, so nothing moves when they appear and no card is typed
 * into a form that is not the provider's. Kept small: it is in the payment step's chunk, on every checkout's payment page.
 */
export function useCardEntry(cardProvider: CheckoutFacts['cardProvider']) {
  const [known, setKnown] = useState<Awaited<ReturnType<typeof cardProvider>> | null>();
  const stripe = useRef<StripeCardHandle>(null);
  // Asked once when the step opens: the facts are rebuilt on each render, and the answer does not change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void cardProvider().then(setKnown, () => setKnown(null)), []);
  const key = known?.publishable_key;
  return {
    own: known?.provider === 'test',
    stripe: key ? stripe : undefined,
    field: key ? (
      <Suspense>
        <StripeCard publishableKey={key} handle={stripe} />
      </Suspense>
    ) : null,
  };
}
