import type { AddressInput } from '#api';
import type { ApiClient } from '#api/client';
import { isApiError, methodPaymentMode, type ApiError } from '#api/shared';
import type { Answers, CompiledStepOf, SaveRequest, SaveResult } from '#engine';
import { CheckoutRefusal, type CheckoutFacts, type FieldMessages } from '../../shop/checkout/checkout-facts';
import type { FlowAdapters } from '../flow/flow-kind';
import type { CheckoutDeps } from './checkout-adapters';
import { sendKeptReferral } from '../referral';
import { orderStatus } from './order-status';

// The checkout's saves, loaded with the first answer (./checkout-adapters.ts `checkoutSaving`): a step page
// downloads only what draws it.

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

/**
 * Who orders (spec 001 §6): a guest or visitor gives an e-mail and becomes a customer (origin checkout_cartv2, or
 * gift_card_gifter at the gifter's checkout); a known
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
      // Spec 001 §9 Tracking: an account made at the gifter's checkout (?gift=gifter) comes from gift_card_gifter.
      // A known e-mail's sign-in link leads back to the same checkout (the gifter's keeps its ?gift=gifter).
      const gifter = request.env.query.gift === 'gifter';
      const origin = gifter ? 'gift_card_gifter' : 'checkout_cartv2';
      const outcome = await deps.account.signUp({ email, firstName, lastName, origin, next: gifter ? `${deps.here()}?gift=gifter` : deps.here() });
      if (outcome.kind === 'field-errors') throw new CheckoutRefusal({ kind: 'field-errors', fields: { ...outcome.fields } });
      if (outcome.kind === 'magic-link-sent') throw new CheckoutRefusal({ kind: 'magic-link-sent' });
      if (outcome.kind !== 'signed-up') throw new CheckoutRefusal({ kind: 'error' });
      if (phone) await api.patchAccount({ phone });
      return {};
    }
    // Spec 001 §3 "Coupon customer": a signed-in shopper's kept referral code is sent at checkout (../referral.ts).
    // The app's client has the call; a test's or story's fake without it sends nothing.
    const refer = (api as Partial<Pick<ApiClient, 'referCouponCustomer'>>).referCouponCustomer;
    if (refer) await sendKeptReferral((body) => refer(body));
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

/** The server's refusals of an order that mean its cart is ordered already (another tab, an earlier click): API.md "Placing an order". */
const ALREADY_ORDERED = new Set(['cart_not_in_checkout', 'cart_already_ordered', 'order_in_progress', 'cart_empty']);

/**
 * Why the order was refused, in the server's words (spec 001 §8): its payment (402, or the payment's fields: another
 * method may pay), its cart ordered already (the review leads to the orders), or another reason; anything that is
 * not the server's answer is reported and worded as a failure.
 */
function orderRefusal(deps: CheckoutDeps, error: unknown): CheckoutRefusal {
  if (!isApiError(error) || error.status >= 500 || error.status === 0) {
    deps.report('placing the order', error);
    return new CheckoutRefusal({ kind: 'order-refused', reason: 'other', message: 'Oops, something went wrong... Nothing was charged. Please try again.' });
  }
  const reason = ALREADY_ORDERED.has(error.code) ? 'already-ordered' : error.status === 402 || error.status === 400 ? 'payment' : 'other';
  return new CheckoutRefusal({ kind: 'order-refused', reason, message: error.detail });
}

/**
 * The checkout's saves, every step's through the flow machine: who orders, the shipping address, and the review's
 * order, whose pubkey and status pick the next step and which the success screen shows (the machine keeps it).
 */
export function checkoutSaves(deps: CheckoutDeps): Pick<FlowAdapters<CheckoutFacts>, 'save' | 'complete'> {
  const keys = new Map<string, string>();
  /** One key per payment (a token, or none): a retried or repeated "Place order" with it finds the first order. */
  const keyFor = (token: string) => {
    if (!keys.has(token)) keys.set(token, crypto.randomUUID());
    return keys.get(token)!;
  };

  async function placeOrder(step: CompiledStepOf<'review'>, { answers }: SaveRequest): Promise<SaveResult<CheckoutFacts>> {
    const api = await deps.api().catch((error: unknown) => {
      throw orderRefusal(deps, error);
    });
    const token = text(answers, 'payment_token') || null;
    // Spec 001 §7: a wallet pays with its nonce, in the wallet's mode, and keeps the wallet (save_card 'true'); a saved
    // method (its id stored instead of a token, §4) in its own mode: a card's is the payment-intent mode while that
    // flag is on, else the charge mode.
    const method = text(answers, 'payment_method') || null;
    const saved = method && method !== 'newCard' && method !== 'wallet' ? method : null;
    const savedMethod = saved ? deps.paymentMethods.find((m) => m.id === saved) : undefined;
    const payment = saved
      ? { payment: { payment_mode: methodPaymentMode(savedMethod ?? { service: 'card' }, deps.flags), saved_payment_method: saved } }
      : !token
        ? {}
        : method === 'wallet'
          ? { payment: { token, save_card: 'true' as const, payment_mode: 'wallet' as const } }
          : { payment: { token, save_card: answers.save_card === true } };
    const key = keyFor(saved ?? token ?? 'none');
    // Spec 001 §7: accessories alone (and the wallet paying for them) are ordered through /v2/cart/place-order/.
    const placed = await (
      deps.accessoriesOnly
        ? api.placeAccessoriesOrder(payment, key)
        : api.placeOrder({ category: deps.universal ? 'universal' : deps.category, ...payment }, key)
    ).catch((error: unknown) => {
      throw orderRefusal(deps, error);
    });
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
