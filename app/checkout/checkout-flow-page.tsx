import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { anonymousEnvironment, routePath } from '#engine';
import type { StepServices } from '../../renderer/index';
import { FlowRunner } from '../flow/flow-runner';
import type { FlowAdapters } from '../flow/flow-kind';
import { loadAppServices } from '../app-services';
import { takeCheckoutData, type CheckoutCategory, type Loaded } from './checkout-data';
import { useSession } from '../session';
import { flowSession } from '../consultation/flow-environment';
import { PageStatus } from '../shell/page-status';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';
import type { CheckoutFacts } from '../../shop/checkout/checkout-facts';
import '../../shop/checkout/checkout.css';
import { clearReferralCode } from '../referral';
import { cartContext, checkoutSaving, startingAnswers } from './checkout-adapters';
import { checkoutKind } from './checkout-kind';
import { CheckoutCartContext, useCheckoutCart, useCheckoutFacts } from './use-checkout-facts';
import { recallPayment, savedPaymentRemembered } from './checkout-memory';
import { preloadReview } from '../../shop/checkout/checkout-steps';
import { OrderSummary, preloadOrderSummary } from '../../shop/checkout/order-summary';
import { isPlaced } from '../../shop/checkout/placed-order';

export type { CheckoutCategory } from './checkout-data';

/** Order Success: loaded while the order is being placed (its prices are the only ones the other steps do not show). */
const loadSuccess = () => import('../../shop/checkout/checkout-success');
const CheckoutSuccess = lazy(() => loadSuccess().then((m) => ({ default: m.CheckoutSuccess })));

/**
 * The order this tab placed (./checkout-memory.ts), kept while it matters: paid, once its cart has left checkout (the
 * review and the success page lead to it); waiting for the bank or refused, while the cart is still in checkout (a
 * reload of the bank's wait). A cart not in checkout without such an order is nothing to check out (null).
 */
export function keepTabOrder(data: Loaded | null): Loaded | null {
  if (!data?.recalled) return data;
  const { cart, order } = data;
  const matters = order !== null && data.recalled.cart === cart.pubkey && cart.is_in_checkout !== isPlaced(order);
  return matters ? data : cart.is_in_checkout ? { ...data, order: null } : null;
}

/** /checkout/{category}/{step}: the checkout flow, continuing from the cart (spec 001 §2 Cart and checkout). */
export default function CheckoutFlowPage({ category }: { category: CheckoutCategory }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const orderKey = new URLSearchParams(location.search).get('order');
  // The steps read who is there (a guest, a customer) from the session: it is known before they first draw, and a later
  // refresh of it (after a sign-up) does not take the checkout off the screen.
  const [settled, setSettled] = useState(() => session.settled);
  useEffect(() => {
    if (session.settled) setSettled(true);
  }, [session.settled]);

  // Started by the route as the page's code arrives (./checkout-data.ts), beside the session's own call.
  // On a wide screen the order summary is open from the first paint: its code comes while the checkout's data does.
  useEffect(preloadOrderSummary, []);
  // A saved card chosen before a reload leads to the review (a new card's token is never kept: back to the payment
  // step, whose code the server preloads): its code comes now, not once the step is known.
  useEffect(() => {
    if (savedPaymentRemembered()) preloadReview().catch(() => undefined);
  }, []);
  const loaded = useLoad(() => takeCheckoutData(category, orderKey).then(keepTabOrder), [category, orderKey], { once: true });

  useEffect(() => {
    if (loaded.status === 'success' && loaded.value === null) void navigate(`/checkout/${category}`, { replace: true });
    if (loaded.status === 'error') reportError('loading the checkout', loaded.error);
  }, [loaded, navigate, category]);

  if (loaded.status === 'error') {
    return <PageStatus role="alert">We couldn’t load your checkout. Please check your connection and reload the page.</PageStatus>;
  }
  if (loaded.status !== 'success' || !loaded.value || !(settled || session.settled)) {
    return <PageStatus>Loading your checkout…</PageStatus>;
  }
  return <Checkout category={category} loaded={loaded.value} />;
}

const noServices: StepServices = {
  signUp: async () => ({ kind: 'error' }),
  saveNames: async () => ({ kind: 'error' }),
};

/** The checkout's flow on the generic runner, with the checkout kind's adapters: its cart, its account calls, its order. */
function Checkout({ category, loaded }: { category: CheckoutCategory; loaded: Loaded }) {
  const session = useSession();
  const location = useLocation();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const { user, signUp, userUpdated } = session;

  const env = useMemo(
    () =>
      anonymousEnvironment({
        session: flowSession(session.status, user),
        user: { hasNames: Boolean(user?.first_name && user?.last_name) },
        flags: loaded.flags,
        query: Object.fromEntries(query),
        context: cartContext(loaded.cart, query, loaded.flags),
      }),
    [session.status, user, query, loaded.cart, loaded.flags],
  );
  const [answers] = useState(() => startingAnswers(loaded, user, recallPayment(loaded.cart.pubkey)));
  const cart = useCheckoutCart(location.pathname, category, loaded);
  const lines = cart.items.some((item) => item.quantity > 0);
  const summary = lines && routePath(location.pathname) !== loaded.flow.routes.results;
  const [facts] = useState(() => ({ order: loaded.order }));

  // Made once per page: the session's actions are the same for its life.
  const adapters = useMemo((): FlowAdapters<CheckoutFacts> => {
    const saving = checkoutSaving({
      category,
      universal: loaded.universal,
      accessoriesOnly: loaded.universal && loaded.cart.items.every((item) => item.category !== 'formula'),
      flags: loaded.flags,
      paymentMethods: loaded.paymentMethods,
      api: () => loadAppServices().then((services) => services.api),
      account: { signUp, userUpdated },
      here: () => window.location.pathname,
      clearReferralCode,
      report: reportError,
    });
    return {
      ...saving,
      save(request) {
        if (request.step.kind === 'review') void loadSuccess().catch(() => undefined);
        return saving.save(request);
      },
      useFacts: function useFacts(state) {
        return useCheckoutFacts(state, category, loaded);
      },
      results: (state) => {
        const route = (name: string) => state.runtime.steps.find((s) => s.name === name)?.route ?? loaded.flow.routes.base;
        return (
          <Suspense fallback={<PageStatus>Loading your order…</PageStatus>}>
            <CheckoutSuccess
              order={state.facts.order ?? null}
              firstName={typeof state.answers.first_name === 'string' ? state.answers.first_name || undefined : undefined}
              paymentPath={route('payment')}
              waitPath={(order) => `${route('wait-payment-confirmation')}?order=${encodeURIComponent(order.pubkey)}`}
            />
          </Suspense>
        );
      },
    };
  }, [category, loaded, signUp, userUpdated]);

  // The order summary (every step; not the success page, which shows the order) draws from the cart the page has.
  return (
    <CheckoutCartContext.Provider value={cart}>
      <div className={summary ? 'checkout-layout checkout-layout--with-summary' : 'checkout-layout'}>
        {summary ? <OrderSummary cart={cart} firstName={user?.first_name || undefined} /> : null}
        <div className="checkout-layout__main">
          <FlowRunner
            kind={checkoutKind}
            adapters={adapters}
            flow={loaded.flow}
            env={env}
            answers={answers}
            facts={facts}
            resume={false}
            services={noServices}
          />
        </div>
      </div>
    </CheckoutCartContext.Provider>
  );
}
