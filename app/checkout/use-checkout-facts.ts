import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Cart } from '#api';
import type { CheckoutFacts } from '../../shop/checkout/checkout-facts';
import type { FlowState } from '../flow/flow-kind';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { readCart, type CheckoutCategory, type Loaded } from './checkout-data';
import { checkoutServices } from './checkout-services';
import { checkoutFacts } from './checkout-adapters';

/** The cart a step shows: the one the page loaded on its first step, read again each time another step opens (the review shows the server's totals). */
function useStepCart(stepName: string | undefined, category: CheckoutCategory, loaded: Loaded): Cart {
  const [cart, setCart] = useState(loaded.cart);
  const firstStep = useRef(stepName);
  useEffect(() => {
    if (!stepName || stepName === firstStep.current) return;
    firstStep.current = undefined;
    let live = true;
    void readCart(category, loaded.universal)
      .then((fresh) => live && fresh && setCart(fresh))
      .catch((error: unknown) => reportError('reading the cart at checkout', error));
    return () => void (live = false);
  }, [stepName, category, loaded.universal]);
  return cart;
}

/**
 * The checkout kind's `useFacts`: the facts its steps read (./checkout-adapters.ts `checkoutFacts`), from the flow's
 * state, the session, the page's URL and the cart read again as steps open.
 */
export function useCheckoutFacts(state: FlowState<CheckoutFacts>, category: CheckoutCategory, loaded: Loaded): CheckoutFacts {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useStepCart(state.step?.name, category, loaded);
  return checkoutFacts({
    state,
    category,
    cart,
    session,
    paymentMethods: loaded.paymentMethods,
    search: location.search,
    go: (path) => void navigate(path),
    services: (routeTo) => checkoutServices(() => routeTo('account-details')),
  });
}
