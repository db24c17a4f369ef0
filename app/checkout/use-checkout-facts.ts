import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Cart } from '#api';
import type { CheckoutFacts } from '../../shop/checkout/checkout-facts';
import type { FlowState } from '../flow/flow-kind';
import { flowSession } from '../consultation/flow-environment';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { readCart, type CheckoutCategory, type Loaded } from './checkout-data';
import { checkoutServices } from './checkout-services';

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
 * The facts every checkout step reads (the checkout kind's `useFacts`): who is there, the cart, the saved addresses
 * and payment methods, the answers so far, the order (the machine keeps the one the review placed), whether a payment
 * is asked for, the links between steps and the payment providers.
 */
export function useCheckoutFacts(state: FlowState<CheckoutFacts>, category: CheckoutCategory, loaded: Loaded): CheckoutFacts {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useStepCart(state.step?.name, category, loaded);
  const { runtime, answers } = state;
  const payment = runtime.steps.find((s) => s.kind === 'payment');
  const paymentNeeded = payment ? runtime.isIncluded(payment, { answers, env: runtime.env, variants: runtime.variants }) : false;
  const routeTo = (name: string, extra: Record<string, string> = {}) => {
    const target = runtime.steps.find((s) => s.name === name)?.route ?? runtime.flow.routes.results;
    const params = new URLSearchParams(location.search);
    params.delete('order');
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `${target}${params.size > 0 ? `?${params}` : ''}`;
  };
  return {
    category,
    session: flowSession(session.status, session.user),
    accountEmail: session.user && !session.user.is_guest ? session.user.email : undefined,
    firstName: session.user?.first_name || undefined,
    cart,
    addresses: state.facts.addresses ?? session.addresses,
    paymentMethods: loaded.paymentMethods,
    answers,
    order: state.facts.order ?? null,
    paymentNeeded,
    routeTo,
    go: (path) => void navigate(path),
    ...checkoutServices(() => routeTo('account-details')),
  };
}
