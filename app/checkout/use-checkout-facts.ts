import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Cart } from '#api';
import type { CheckoutFacts, CheckoutNotice } from '../../shop/checkout/checkout-facts';
import { isPlaced } from '../../shop/checkout/placed-order';
import type { FlowState } from '../flow/flow-kind';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { readCart, type CheckoutCategory, type Loaded } from './checkout-data';
import { checkoutServices } from './checkout-services';
import { checkoutFacts } from './checkout-adapters';
import { rememberOrder, rememberPayment } from './checkout-memory';

/**
 * The cart the checkout shows (its steps and its order summary): the one the page loaded, read again each time the
 * shopper opens another page of it (the review shows the server's totals as they are now).
 */
export function useCheckoutCart(pathname: string, category: CheckoutCategory, loaded: Loaded): Cart {
  const [cart, setCart] = useState(loaded.cart);
  const first = useRef<string | undefined>(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = undefined;
    let live = true;
    void readCart(category, loaded.universal)
      .then((fresh) => live && fresh && setCart(fresh))
      .catch((error: unknown) => reportError('reading the cart at checkout', error));
    return () => void (live = false);
  }, [pathname, category, loaded.universal]);
  return cart;
}

/** The page's cart (useCheckoutCart), for the steps' facts: the page draws the order summary from the same one. */
export const CheckoutCartContext = createContext<Cart | null>(null);

/** Why the shopper was sent to this page of the checkout, carried in the history entry (a reload keeps it). */
const noticeOf = (state: unknown): CheckoutNotice | undefined =>
  state && typeof state === 'object' && (state as { checkoutNotice?: unknown }).checkoutNotice === 'card-again' ? 'card-again' : undefined;

/**
 * The checkout kind's `useFacts`: the facts its steps read (./checkout-adapters.ts `checkoutFacts`), from the flow's
 * state, the session, the page's URL and the cart. It also keeps what a reload needs, in this tab's memory
 * (./checkout-memory.ts): the payment chosen (never a card's token) and the order placed.
 */
export function useCheckoutFacts(state: FlowState<CheckoutFacts>, category: CheckoutCategory, loaded: Loaded): CheckoutFacts {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useContext(CheckoutCartContext) ?? loaded.cart;
  const order = state.facts.order ?? null;
  const method = state.answers.payment_method;
  const label = state.answers.payment_label;
  useEffect(() => {
    if (method !== undefined) rememberPayment(loaded.cart.pubkey, { payment_method: method, payment_label: label });
  }, [method, label, loaded.cart.pubkey]);
  const placed = isPlaced(order);
  useEffect(() => {
    if (order) rememberOrder(category, loaded.cart.pubkey, order.pubkey, placed);
  }, [order, placed, category, loaded.cart.pubkey]);

  return checkoutFacts({
    state,
    category,
    cart,
    session,
    paymentMethods: loaded.paymentMethods,
    search: location.search,
    notice: noticeOf(location.state),
    go: (path, options = {}) =>
      void navigate(path, { replace: options.replace === true, ...(options.notice ? { state: { checkoutNotice: options.notice } } : {}) }),
    services: (routeTo) => checkoutServices(() => routeTo('account-details')),
  });
}
