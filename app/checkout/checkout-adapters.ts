import type { Address, Cart, FeatureFlags, PaymentMethod, User } from '#api';
import type { ApiClient } from '#api/client';
import type { Answers, FlowEnvironment } from '#engine';
import type { CheckoutFacts } from '../../shop/checkout/checkout-facts';
import type { FlowAdapters, FlowState } from '../flow/flow-kind';
import { flowSession } from '../consultation/flow-environment';
import type { AuthStatus, SignUpForm, SignUpOutcome } from '../session/session-core';
import type { CheckoutCategory, Loaded } from './checkout-data';
import { orderStatus } from './order-status';
import { currentFlags } from '../flags';

/** What the checkout's adapters need from the app: plain functions, so tests run them without a DOM. */
export interface CheckoutDeps {
  category: CheckoutCategory;
  /** The universal cart (the universal-cart flag) is the one ordered. */
  universal: boolean;
  /** The universal cart holds accessories alone: it is ordered through /v2/cart/place-order/ (spec 001 §7). */
  accessoriesOnly: boolean;
  /** The shop's flags (the payment-intent flag picks a saved card's payment mode, spec 001 §7). */
  flags: FeatureFlags;
  /** The shopper's saved payment methods (a saved one is paid with in its own mode). */
  paymentMethods: readonly Pick<PaymentMethod, 'id' | 'service'>[];
  api(): Promise<Pick<ApiClient, 'patchAccount' | 'patchAddress' | 'getAddresses' | 'createAddress' | 'placeOrder' | 'placeAccessoriesOrder' | 'getAccount'>>;
  /** The session's sign-up and its way to show the account after a change. */
  account: { signUp(form: SignUpForm): Promise<SignUpOutcome>; userUpdated(user: User): void };
  /** The page's path, where a sign-up's e-mail brings the shopper back. */
  here(): string;
  clearReferralCode(): void;
  report(what: string, error: unknown): void;
}

/** The cart's facts the checkout's rules read (flows/checkout/*.yaml `context`). */
export function cartContext(cart: Cart, query: URLSearchParams, flags: FeatureFlags = {}): FlowEnvironment['context'] {
  return {
    'cart.need_address': cart.need_address,
    'cart.payment_from_customer': cart.payment_from_customer,
    'cart.has_subscription': cart.items.some((item) => item.quantity > 0 && item.subscription.active),
    // An express checkout (the express-checkout flag's entry from the cart) always asks for a payment method (§4).
    // Only while the shop runs express checkout (the flag is on): a link with ?express=true does nothing otherwise.
    'checkout.express': flags['express-checkout'] === true && query.get('express') === 'true',
  };
}

/**
 * Where the checkout starts from: the cart and the account as they are (the address the cart ships to, the names),
 * and the payment this tab chose before a reload (`payment`: a saved card's id, or that a new card was entered, never
 * its token; ./checkout-memory.ts).
 */
export function startingAnswers(
  loaded: Loaded,
  user: Pick<User, 'email' | 'first_name' | 'last_name' | 'phone' | 'is_guest'> | null,
  payment: Answers = {},
): Answers {
  const answers: Answers = { ...payment };
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

/** Saving loads its code with the first answer (./checkout-saving.ts): a step page downloads only what draws it. */
const savingCode = () => import('./checkout-saving');

/**
 * The checkout's saves, every step's through the flow machine: who orders, the shipping address, and the review's
 * order, whose pubkey and status pick the next step and which the success screen shows (the machine keeps it).
 */
export function checkoutSaving(deps: CheckoutDeps): Pick<FlowAdapters<CheckoutFacts>, 'save' | 'complete' | 'onAnswer'> {
  let saves: ReturnType<typeof loadSaves> | undefined;
  const loadSaves = () => savingCode().then((m) => m.checkoutSaves(deps));
  const load = () =>
    (saves ??= loadSaves().catch((error: unknown) => {
      saves = undefined; // a failed load (offline) is tried again with the next save
      throw error;
    }));
  return {
    save: (request) => load().then((s) => s.save(request)),
    complete: (request) => load().then((s) => s.complete(request)),
    onAnswer: () => void load().catch(() => undefined),
  };
}

/** What the checkout's steps read, from the flow's state and the page's (./use-checkout-facts.ts gathers them). */
export interface CheckoutFactsInput {
  state: FlowState<CheckoutFacts>;
  category: CheckoutCategory;
  /** The cart as last read. */
  cart: Cart;
  session: { status: AuthStatus; user: User | null; addresses: Address[] };
  paymentMethods: PaymentMethod[];
  /** The page's query (kept on the links between steps). */
  search: string;
  /** Why the shopper was sent to this page (in its history entry). */
  notice?: CheckoutFacts['notice'];
  go: CheckoutFacts['go'];
  /** The payment providers and the sign-in link, given where a link leads. */
  services(routeTo: CheckoutFacts['routeTo']): Pick<CheckoutFacts, 'sendSignInLink' | 'tokenizeCard' | 'cardProvider' | 'payWithWallet'>;
}

/**
 * The facts every checkout step reads: who is there, the cart, the saved addresses (as the last save brought them
 * back) and payment methods, the answers so far, the order (the machine keeps the one the review placed), whether a
 * payment is asked for (the payment step's rule, spec 001 §4), and the links between steps.
 */
export function checkoutFacts({ state, category, cart, session, paymentMethods, search, notice, go, services }: CheckoutFactsInput): CheckoutFacts {
  const { runtime, answers } = state;
  const payment = runtime.steps.find((s) => s.kind === 'payment');
  const paymentNeeded = payment ? runtime.isIncluded(payment, { answers, env: runtime.env, variants: runtime.variants }) : false;
  const routeTo = (name: string, extra: Record<string, string> = {}) => {
    const target = runtime.steps.find((s) => s.name === name)?.route ?? runtime.flow.routes.results;
    const params = new URLSearchParams(search);
    params.delete('order');
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `${target}${params.size > 0 ? `?${params}` : ''}`;
  };
  const user = session.user;
  return {
    category,
    session: flowSession(session.status, user),
    accountEmail: user && !user.is_guest ? user.email : undefined,
    firstName: user?.first_name || undefined,
    cart,
    addresses: state.facts.addresses ?? session.addresses,
    paymentMethods,
    answers,
    order: state.facts.order ?? null,
    paymentNeeded,
    // The wallet-provider flag (spec 001 §9 Feature flags): off, the wallet is not offered.
    walletOffered: currentFlags()['wallet-provider'] !== false,
    routeTo,
    go,
    ...(notice ? { notice } : {}),
    ...services(routeTo),
  };
}
