import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Address, AddressInput, Cart, Order, TestCard } from '#api';
import { isApiError, type ApiError } from '#api/shared';
import { anonymousEnvironment, type Answers, type FlowEnvironment, type FlowRuntime } from '#engine';
import type { StepServices } from '../../renderer/index';
import { FlowRunner, type FlowAdapters, type FlowState } from '../flow/flow-runner';
import { loadAppServices } from '../app-services';
import { readCart, takeCheckoutData, type CheckoutCategory, type Loaded } from './checkout-data';
import { useSession } from '../session';
import { flowSession, readFlags } from '../consultation/flow-environment';
import { PageStatus } from '../shell/page-status';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';
import { checkoutStepComponents, preloadCheckoutSteps } from '../../shop/checkout/checkout-steps';
import type { AccountOutcome, AddressOutcome, CheckoutFacts, FieldMessages, TokenOutcome, WalletOutcome } from '../../shop/checkout/checkout-facts';
import '../../shop/checkout/checkout.css';
import { clearReferralCode } from '../referral';

export type { CheckoutCategory } from './checkout-data';

/** Order Success: loaded while the order is being placed (its prices are the only ones the other steps do not show). */
const loadSuccess = () => import('../../shop/checkout/checkout-success');
const CheckoutSuccess = lazy(() => loadSuccess().then((m) => ({ default: m.CheckoutSuccess })));

/** The first message of each field, as the forms show them. */
const firstMessages = (error: ApiError): FieldMessages =>
  Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));

/** The order a status names for the checkout's rules: waiting for the bank, or its status. */
const orderStatus = (order: Order) => (order.status === 'pending_payment' && order.next_action ? 'requires_action' : order.status);

/** The cart's facts the checkout's rules read (flows/checkout/*.yaml `context`). */
function cartContext(cart: Cart, query: URLSearchParams): FlowEnvironment['context'] {
  return {
    'cart.need_address': cart.need_address,
    'cart.payment_from_customer': cart.payment_from_customer,
    'cart.has_subscription': cart.items.some((item) => item.quantity > 0 && item.subscription.active),
    // An express checkout (the express-checkout flag's entry from the cart) always asks for a payment method (§4).
    'checkout.express': query.get('express') === 'true',
  };
}

/** Where the checkout starts from: the cart and the account as they are (the address the cart ships to, the names). */
function startingAnswers(
  loaded: Loaded,
  user: { email: string; first_name: string; last_name: string; phone: string | null; is_guest: boolean } | null,
): Answers {
  const answers: Answers = {};
  if (user && !user.is_guest) {
    answers.email = user.email;
    if (user.first_name) answers.first_name = user.first_name;
    if (user.last_name) answers.last_name = user.last_name;
    if (user.phone) answers.phone = user.phone;
  }
  if (loaded.cart.shipping_address) answers.shipping_address = loaded.cart.shipping_address.pubkey;
  if (loaded.order) {
    answers.order = loaded.order.pubkey;
    answers.order_status = orderStatus(loaded.order);
  }
  return answers;
}

/** /checkout/{category}/{step}: the checkout flow, continuing from the cart (spec 001 §2 Cart and checkout). */
export default function CheckoutFlowPage({ category }: { category: CheckoutCategory }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const orderKey = new URLSearchParams(location.search).get('order');
  // The steps read who is there (a guest, a customer) from the session: it is known before they first draw, and a later
  // refresh of it (after a sign-up) does not take the checkout off the screen.
  const settled = useRef(false);
  settled.current ||= session.status === 'authenticated' || session.status === 'not_authenticated' || session.status === 'error';

  // Started by the route as the page's code arrives (./checkout-data.ts), beside the session's own call.
  const loaded = useLoad(() => takeCheckoutData(category, orderKey), [category, orderKey], { once: true });

  useEffect(() => {
    if (loaded.status === 'success' && loaded.value === null) void navigate(`/checkout/${category}`, { replace: true });
    if (loaded.status === 'error') reportError('loading the checkout', loaded.error);
  }, [loaded, navigate, category]);

  if (loaded.status === 'error') {
    return <PageStatus role="alert">We couldn’t load your checkout. Please check your connection and reload the page.</PageStatus>;
  }
  if (loaded.status !== 'success' || !loaded.value || !settled.current) return <PageStatus>Loading your checkout…</PageStatus>;
  return <Checkout category={category} loaded={loaded.value} />;
}

const noServices: StepServices = {
  signUp: async () => ({ kind: 'error' }),
  saveNames: async () => ({ kind: 'error' }),
};

/** The checkout's flow on the generic runner, with the checkout's adapters: its cart, its account calls, its order. */
function Checkout({ category, loaded }: { category: CheckoutCategory; loaded: Loaded }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [cart, setCart] = useState(loaded.cart);
  const [addresses, setAddresses] = useState(session.addresses);
  const [order, setOrder] = useState<Order | null>(loaded.order);
  const state = useRef<FlowState | null>(null);
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const user = session.user;

  const env = useMemo(
    () =>
      anonymousEnvironment({
        session: flowSession(session.status, user),
        user: { hasNames: Boolean(user?.first_name && user?.last_name) },
        flags: readFlags(),
        query: Object.fromEntries(query),
        context: cartContext(loaded.cart, query),
      }),
    [session.status, user, query, loaded.cart],
  );
  const [answers] = useState(() => startingAnswers(loaded, user));

  // What the adapters call, kept current through a ref: the adapters are made once per page (the runner calls their
  // hooks on every render).
  const calls = useRef({ session, setOrder });
  calls.current = { session, setOrder };
  const [adapters] = useState((): FlowAdapters => {
    const keys = new Map<string, string>();
    /** One key per payment (a token, or none): a retried or repeated "Place order" with it finds the first order. */
    const keyFor = (token: string) => {
      if (!keys.has(token)) keys.set(token, crypto.randomUUID());
      return keys.get(token)!;
    };
    return {
      kinds: checkoutStepComponents,
      preload: preloadCheckoutSteps,
      async save(request) {
        // The form steps make their own calls (their field errors are theirs to show); the review places the order.
        if (request.step.kind !== 'review') return;
        void loadSuccess().catch(() => undefined);
        const { api } = await loadAppServices();
        const current = state.current?.answers ?? {};
        const token = typeof current.payment_token === 'string' && current.payment_token ? current.payment_token : null;
        // Spec 001 §7: a wallet pays with its nonce, in the wallet's mode, and keeps the wallet (save_card 'true'); a saved
        // method (its id stored instead of a token, §4) in the card's mode.
        const method = typeof current.payment_method === 'string' ? current.payment_method : null;
        const saved = method && method !== 'newCard' && method !== 'wallet' ? method : null;
        const payment = saved
          ? { payment: { payment_mode: 'charge' as const, saved_payment_method: saved } }
          : !token
            ? {}
            : method === 'wallet'
              ? { payment: { token, save_card: 'true' as const, payment_mode: 'wallet' as const } }
              : { payment: { token, save_card: current.save_card === true } };
        const placed = await api.placeOrder({ category: loaded.universal ? 'universal' : category, ...payment }, keyFor(saved ?? token ?? 'none'));
        calls.current.setOrder(placed);
        return { answers: { [request.step.fields.order]: placed.pubkey, [request.step.fields.status]: orderStatus(placed) } };
      },
      async complete() {
        // Spec 001 §4: after a paid order the account's flags change (has_order, order_count): the session's user is
        // read again, in place (the page stays as it is); and the stored referral code is cleared.
        clearReferralCode();
        const { api } = await loadAppServices();
        calls.current.session.userUpdated(await api.getAccount());
      },
      useFlowState(flowState) {
        state.current = flowState;
      },
      // The latest render's facts (the cart, the order), through a ref: the adapters are made once.
      useStepFacts: (step, runtime) => stepFacts.current(step, runtime),
      results: () => (
        <Suspense fallback={<PageStatus>Loading your order…</PageStatus>}>
          <CheckoutSuccess order={latest.current.order} firstName={calls.current.session.user?.first_name || undefined} />
        </Suspense>
      ),
    };
  });
  const latest = useRef({ order });
  latest.current = { order };

  /** The facts every checkout step reads; the cart is read again each time a step opens (the review shows the server's totals). */
  const stepFacts = useRef(useCheckoutFacts);
  stepFacts.current = useCheckoutFacts;
  function useCheckoutFacts(step: { name: string; kind: string } | null, runtime: FlowRuntime): { own: CheckoutFacts } {
    const stepName = step?.name;
    // The page's first step shows the cart just loaded; each step opened after it reads the cart again.
    const firstStep = useRef(stepName);
    useEffect(() => {
      if (!stepName || stepName === firstStep.current) return;
      firstStep.current = undefined;
      let live = true;
      void readCart(category, loaded.universal)
        .then((fresh) => live && fresh && setCart(fresh))
        .catch((error: unknown) => reportError('reading the cart at checkout', error));
      return () => void (live = false);
    }, [stepName]);
    const answersNow = state.current?.answers ?? answers;
    const payment = runtime.steps.find((s) => s.kind === 'payment');
    const paymentNeeded = payment ? runtime.isIncluded(payment, { answers: answersNow, env: runtime.env, variants: runtime.variants }) : false;
    const routeTo = (name: string, extra: Record<string, string> = {}) => {
      const target = runtime.steps.find((s) => s.name === name)?.route ?? runtime.flow.routes.results;
      const params = new URLSearchParams(location.search);
      params.delete('order');
      for (const [k, v] of Object.entries(extra)) params.set(k, v);
      return `${target}${params.size > 0 ? `?${params}` : ''}`;
    };
    return {
      own: {
        category,
        session: flowSession(session.status, session.user),
        accountEmail: session.user && !session.user.is_guest ? session.user.email : undefined,
        cart,
        addresses,
        paymentMethods: loaded.paymentMethods,
        answers: answersNow,
        order,
        paymentNeeded,
        routeTo,
        go: (path) => void navigate(path),
        saveAccount: (form) => saveAccount(form, session, setAddresses),
        sendSignInLink: (email) => sendSignInLink(email, routeTo('account-details')),
        addAddress: (address) => addAddress(address, setAddresses),
        tokenizeCard,
        payWithWallet,
      },
    };
  }

  return (
    <FlowRunner
      flow={loaded.flow}
      env={env}
      answers={answers}
      resume={false}
      services={noServices}
      facts={{ firstName: user?.first_name || undefined }}
      adapters={adapters}
      loading={{ step: 'Loading your checkout…', results: 'Loading your order…' }}
      loadFailed="We couldn’t load this step of your checkout. Please check your connection and try again."
    />
  );
}

type SessionNow = ReturnType<typeof useSession>;

/**
 * Who orders (spec 001 §6): a guest or visitor gives an e-mail and becomes a customer (origin checkout_cartv2); a known
 * e-mail gets a sign-in link back to this step instead. A signed-in shopper's names and phone are saved, and the saved
 * address they chose becomes the one the cart ships to (the primary).
 */
async function saveAccount(
  form: Parameters<CheckoutFacts['saveAccount']>[0],
  session: SessionNow,
  setAddresses: (addresses: Address[]) => void,
): Promise<AccountOutcome> {
  const { api } = await loadAppServices();
  try {
    if (!session.user || session.user.is_guest) {
      const outcome = await session.signUp({
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        origin: 'checkout_cartv2',
        next: window.location.pathname,
      });
      if (outcome.kind === 'field-errors') return { kind: 'field-errors', fields: { ...outcome.fields } };
      if (outcome.kind === 'magic-link-sent') return { kind: 'magic-link-sent' };
      if (outcome.kind !== 'signed-up') return { kind: 'error' };
      if (form.phone) await api.patchAccount({ phone: form.phone });
      return { kind: 'saved' };
    }
    const user = await api.patchAccount({ first_name: form.firstName, last_name: form.lastName, ...(form.phone ? { phone: form.phone } : {}) });
    session.userUpdated(user);
    if (form.shipTo) {
      await api.patchAddress(form.shipTo, { primary: true });
      setAddresses(await api.getAddresses());
    }
    return { kind: 'saved' };
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.fields) return { kind: 'field-errors', fields: firstMessages(error) };
    reportError('saving the checkout’s account details', error);
    return { kind: 'error' };
  }
}

async function sendSignInLink(email: string, next: string): Promise<'sent' | 'error'> {
  const { api } = await loadAppServices();
  try {
    await api.requestMagicLink({ username: email, next });
    return 'sent';
  } catch (error) {
    reportError('sending a sign-in link from the checkout', error);
    return 'error';
  }
}

/** The shipping address, saved to the account as its primary address: the cart ships to it (spec 001 §4). */
async function addAddress(address: AddressInput, setAddresses: (addresses: Address[]) => void): Promise<AddressOutcome> {
  const { api } = await loadAppServices();
  try {
    const saved = await api.createAddress(address);
    setAddresses(await api.getAddresses().catch(() => [saved]));
    return { kind: 'saved', pubkey: saved.pubkey };
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.fields) return { kind: 'field-errors', fields: firstMessages(error) };
    reportError('saving the shipping address', error);
    return { kind: 'error' };
  }
}

/** The card provider's tokeniser (spec 001 §7, §8): its refusal is 'error' with its words, an exception 'failure'. */
async function tokenizeCard(card: TestCard): Promise<TokenOutcome> {
  const { api } = await loadAppServices();
  try {
    return { kind: 'token', token: await api.tokenizeTestCard(card) };
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      // The card's fields are named within it (card.number): the form knows them by their own names.
      const [field, messages] = Object.entries(error.fields ?? {})[0] ?? [];
      const own = field?.replace(/^card\./, '');
      return { kind: 'error', message: messages?.[0] ?? error.detail, ...(own ? { field: own as keyof TestCard } : {}) };
    }
    if (isApiError(error) && error.status === 429) return { kind: 'error', message: error.detail };
    return { kind: 'failure' };
  }
}

/** The wallet-type provider (spec 001 §4, §8): its nonce, or 'failure' for its refusal and for any exception alike. */
async function payWithWallet(email: string): Promise<WalletOutcome> {
  const { api } = await loadAppServices();
  try {
    const approved = await api.approveTestWallet(email);
    return { kind: 'nonce', nonce: approved.nonce, email: approved.email };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) reportError('the wallet’s approval', error);
    return { kind: 'failure' };
  }
}
