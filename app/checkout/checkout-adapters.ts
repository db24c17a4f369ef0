import type { Address, AddressInput, Cart, Order, PaymentMethod, User } from '#api';
import type { ApiClient } from '#api/client';
import { isApiError, type ApiError } from '#api/shared';
import type { Answers, CompiledStepOf, FlowEnvironment, SaveRequest, SaveResult } from '#engine';
import { CheckoutRefusal, type CheckoutFacts, type FieldMessages } from '../../shop/checkout/checkout-facts';
import type { FlowAdapters, FlowState } from '../flow/flow-kind';
import { flowSession } from '../consultation/flow-environment';
import type { SignUpForm, SignUpOutcome } from '../session/session-core';
import type { CheckoutCategory, Loaded } from './checkout-data';

/** What the checkout's adapters need from the app: plain functions, so tests run them without a DOM. */
export interface CheckoutDeps {
  category: CheckoutCategory;
  /** The universal cart (the universal-cart flag) is the one ordered. */
  universal: boolean;
  api(): Promise<Pick<ApiClient, 'patchAccount' | 'patchAddress' | 'getAddresses' | 'createAddress' | 'placeOrder' | 'getAccount'>>;
  /** The session's sign-up and its way to show the account after a change. */
  account: { signUp(form: SignUpForm): Promise<SignUpOutcome>; userUpdated(user: User): void };
  /** The page's path, where a sign-up's e-mail brings the shopper back. */
  here(): string;
  clearReferralCode(): void;
  report(what: string, error: unknown): void;
}

/** The order a status names for the checkout's rules: waiting for the bank, or its status. */
export const orderStatus = (order: Order) => (order.status === 'pending_payment' && order.next_action ? 'requires_action' : order.status);

/** The first message of each field, as the forms show them. */
const firstMessages = (error: ApiError): FieldMessages =>
  Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));

/** A server refusal of a form's fields becomes the form's; any other failure is reported and shown as one. */
function refusal(deps: CheckoutDeps, what: string, error: unknown): CheckoutRefusal {
  if (error instanceof CheckoutRefusal) return error;
  if (isApiError(error) && error.status === 400 && error.fields) return new CheckoutRefusal({ kind: 'field-errors', fields: firstMessages(error) });
  deps.report(what, error);
  return new CheckoutRefusal({ kind: 'error' });
}

const text = (values: Answers, field: string) => {
  const value = values[field];
  return typeof value === 'string' ? value : '';
};

/** The cart's facts the checkout's rules read (flows/checkout/*.yaml `context`). */
export function cartContext(cart: Cart, query: URLSearchParams): FlowEnvironment['context'] {
  return {
    'cart.need_address': cart.need_address,
    'cart.payment_from_customer': cart.payment_from_customer,
    'cart.has_subscription': cart.items.some((item) => item.quantity > 0 && item.subscription.active),
    // An express checkout (the express-checkout flag's entry from the cart) always asks for a payment method (§4).
    'checkout.express': query.get('express') === 'true',
  };
}

/** Where the checkout starts from: the cart and the account as they are (the address the cart ships to, the names). */
export function startingAnswers(loaded: Loaded, user: Pick<User, 'email' | 'first_name' | 'last_name' | 'phone' | 'is_guest'> | null): Answers {
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

/**
 * Who orders (spec 001 §6): a guest or visitor gives an e-mail and becomes a customer (origin checkout_cartv2); a known
 * e-mail gets a sign-in link back to this step instead. A signed-in shopper's names and phone are saved, and the saved
 * address they chose becomes the one the cart ships to (the primary).
 */
async function saveAccount(deps: CheckoutDeps, step: CompiledStepOf<'account-details'>, request: SaveRequest): Promise<SaveResult<CheckoutFacts>> {
  const { values } = request;
  const fields = step.fields;
  const [email, firstName, lastName] = [text(values, fields.email), text(values, fields.first_name), text(values, fields.last_name)];
  const phone = text(values, fields.phone) || null;
  const shipTo = text(values, fields.shipping_address) || null;
  try {
    const api = await deps.api();
    if (request.env.session !== 'authenticated') {
      const outcome = await deps.account.signUp({ email, firstName, lastName, origin: 'checkout_cartv2', next: deps.here() });
      if (outcome.kind === 'field-errors') throw new CheckoutRefusal({ kind: 'field-errors', fields: { ...outcome.fields } });
      if (outcome.kind === 'magic-link-sent') throw new CheckoutRefusal({ kind: 'magic-link-sent' });
      if (outcome.kind !== 'signed-up') throw new CheckoutRefusal({ kind: 'error' });
      if (phone) await api.patchAccount({ phone });
      return {};
    }
    deps.account.userUpdated(await api.patchAccount({ first_name: firstName, last_name: lastName, ...(phone ? { phone } : {}) }));
    if (!shipTo) return {};
    await api.patchAddress(shipTo, { primary: true });
    return { facts: { addresses: await api.getAddresses() } };
  } catch (error) {
    throw refusal(deps, 'saving the checkout’s account details', error);
  }
}

/** The shipping address, saved to the account as its primary address: the cart ships to it (spec 001 §4). */
async function addAddress(deps: CheckoutDeps, step: CompiledStepOf<'address'>, request: SaveRequest): Promise<SaveResult<CheckoutFacts>> {
  const { values } = request;
  const fields = step.fields;
  const address: AddressInput = {
    address1: text(values, fields.line1),
    address2: text(values, fields.line2) || null,
    city: text(values, fields.city),
    state: text(values, fields.state),
    zipcode: text(values, fields.zipcode),
    country: values[fields.country] === 'CA' ? 'CA' : 'US',
    primary: true,
  };
  try {
    const api = await deps.api();
    const saved = await api.createAddress(address);
    const addresses = await api.getAddresses().catch(() => [saved]);
    return { answers: { [fields.address]: saved.pubkey }, facts: { addresses } };
  } catch (error) {
    throw refusal(deps, 'saving the shipping address', error);
  }
}

/**
 * The checkout's saves, every step's through the flow machine: who orders, the shipping address, and the review's
 * order, whose pubkey and status pick the next step and which the success screen shows (the machine keeps it).
 */
export function checkoutSaving(deps: CheckoutDeps): Pick<FlowAdapters<CheckoutFacts>, 'save' | 'complete'> {
  const keys = new Map<string, string>();
  /** One key per payment (a token, or none): a retried or repeated "Place order" with it finds the first order. */
  const keyFor = (token: string) => {
    if (!keys.has(token)) keys.set(token, crypto.randomUUID());
    return keys.get(token)!;
  };

  async function placeOrder(step: CompiledStepOf<'review'>, { answers }: SaveRequest): Promise<SaveResult<CheckoutFacts>> {
    const api = await deps.api();
    const token = text(answers, 'payment_token') || null;
    // Spec 001 §7: a wallet pays with its nonce, in the wallet's mode, and keeps the wallet (save_card 'true'); a saved
    // method (its id stored instead of a token, §4) in the card's mode.
    const method = text(answers, 'payment_method') || null;
    const saved = method && method !== 'newCard' && method !== 'wallet' ? method : null;
    const payment = saved
      ? { payment: { payment_mode: 'charge' as const, saved_payment_method: saved } }
      : !token
        ? {}
        : method === 'wallet'
          ? { payment: { token, save_card: 'true' as const, payment_mode: 'wallet' as const } }
          : { payment: { token, save_card: answers.save_card === true } };
    const category = deps.universal ? 'universal' : deps.category;
    const placed = await api.placeOrder({ category, ...payment }, keyFor(saved ?? token ?? 'none'));
    return { answers: { [step.fields.order]: placed.pubkey, [step.fields.status]: orderStatus(placed) }, facts: { order: placed } };
  }

  return {
    async save(request) {
      const { step } = request;
      if (step.kind === 'account-details') return saveAccount(deps, step, request);
      if (step.kind === 'address') return addAddress(deps, step, request);
      if (step.kind === 'review') return placeOrder(step, request);
    },
    async complete() {
      // Spec 001 §4: after a paid order the account's flags change (has_order, order_count): the session's user is
      // read again, in place (the page stays as it is); and the stored referral code is cleared.
      deps.clearReferralCode();
      const api = await deps.api();
      deps.account.userUpdated(await api.getAccount());
    },
  };
}

/** What the checkout's steps read, from the flow's state and the page's (./use-checkout-facts.ts gathers them). */
export interface CheckoutFactsInput {
  state: FlowState<CheckoutFacts>;
  category: CheckoutCategory;
  /** The cart as last read. */
  cart: Cart;
  session: { status: string; user: User | null; addresses: Address[] };
  paymentMethods: PaymentMethod[];
  /** The page's query (kept on the links between steps). */
  search: string;
  go(path: string): void;
  /** The payment providers and the sign-in link, given where a link leads. */
  services(routeTo: CheckoutFacts['routeTo']): Pick<CheckoutFacts, 'sendSignInLink' | 'tokenizeCard' | 'payWithWallet'>;
}

/**
 * The facts every checkout step reads: who is there, the cart, the saved addresses (as the last save brought them
 * back) and payment methods, the answers so far, the order (the machine keeps the one the review placed), whether a
 * payment is asked for (the payment step's rule, spec 001 §4), and the links between steps.
 */
export function checkoutFacts({ state, category, cart, session, paymentMethods, search, go, services }: CheckoutFactsInput): CheckoutFacts {
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
    routeTo,
    go,
    ...services(routeTo),
  };
}
