import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  DECLINE_MESSAGES,
  PaymentRequestRefused,
  type CardSummary,
  type Charge,
  type ChargeDeclineCode,
  type ChargeRequest,
  type Currency,
  type PaymentMethodOwner,
  type PaymentProvider,
  type SavedMethod,
} from './payment-provider';
import type { CardBrand } from './test-cards';

type PaymentIntent = Stripe.PaymentIntent;

/** The card networks the shop names; another brand Stripe reports (JCB, UnionPay...) is 'unknown'. */
const BRANDS = new Set<CardBrand>(['visa', 'mastercard', 'amex', 'discover']);

/** Decline codes the shop has words for; any other decline reads as a plain "declined". */
const KNOWN_DECLINES = new Set<ChargeDeclineCode>(Object.keys(DECLINE_MESSAGES) as ChargeDeclineCode[]);

function cardOf(intent: PaymentIntent): CardSummary {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const brand = method?.card?.brand as CardBrand | undefined;
  return { brand: brand && BRANDS.has(brand) ? brand : 'unknown', last4: method?.card?.last4 ?? '' };
}

/**
 * The card a paid PaymentIntent saved for later (it was created with a Customer and `setup_future_usage`: Stripe
 * attaches its PaymentMethod to that Customer once it succeeds), as the shop's saved method; none otherwise.
 */
function keptOf(intent: PaymentIntent): { saved?: SavedMethod } {
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  return intent.setup_future_usage && customer && method ? { saved: savedOf(customer, method) } : {};
}

/** A PaymentIntent as the shop's Charge (with the card it saved, when it was asked to save one). */
function chargeOf(intent: PaymentIntent): Charge {
  const base = { id: intent.id, amount: intent.amount, currency: intent.currency.toUpperCase() as Currency, card: cardOf(intent) };
  if (intent.status === 'succeeded' || intent.status === 'processing') return { ...base, status: 'succeeded', ...keptOf(intent) };
  if (intent.status === 'requires_action' && intent.next_action?.redirect_to_url?.url) {
    return { ...base, status: 'requires_action', actionUrl: intent.next_action.redirect_to_url.url };
  }
  if (intent.status === 'canceled') return { ...base, status: 'canceled' };
  // requires_payment_method after a decline or a failed authentication.
  const code = declineCodeOf(intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code);
  return { ...base, status: 'declined', code, message: DECLINE_MESSAGES[code] };
}

/** Stripe's decline code (or error code) as one the shop has words for; any other is a plain "declined". */
function declineCodeOf(raw: string | undefined): ChargeDeclineCode {
  if (raw === 'payment_intent_authentication_failure') return 'authentication_failed';
  return raw !== undefined && KNOWN_DECLINES.has(raw as ChargeDeclineCode) ? (raw as ChargeDeclineCode) : 'card_declined';
}

/**
 * A request Stripe would not take, as the shop's PaymentRequestRefused (nothing was charged or kept): a key reused
 * with other parameters, a card token already used or unknown (or a saved method Stripe no longer has), a card the
 * bank declined while it was being saved. Null for any other error (the caller rethrows it).
 */
function refusalOf(error: unknown): PaymentRequestRefused | null {
  if (error instanceof PaymentRequestRefused) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentRequestRefused('idempotency_key_reused', 'This idempotency key was used for another payment.');
  if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'token_already_used' || error.code === 'resource_missing')) {
    return new PaymentRequestRefused(
      error.code === 'token_already_used' ? 'payment_token_used' : 'invalid_payment_token',
      'Your card details have expired. Please enter them again.',
    );
  }
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentRequestRefused('invalid_payment_token', DECLINE_MESSAGES[declineCodeOf(error.decline_code ?? error.code)]);
  return null;
}

/** A saved method's reference: the Stripe Customer and the PaymentMethod attached to it (`cus_…/pm_…`). */
const SAVED_REF = /^(cus_[A-Za-z0-9_]+)\/(pm_[A-Za-z0-9_]+)$/;

/** The Customer and PaymentMethod of a saved method's reference; another reference is refused. */
function savedRefOf(ref: string): { customer: string; paymentMethod: string } {
  const match = SAVED_REF.exec(ref);
  if (!match) throw new PaymentRequestRefused('invalid_payment_token', 'This saved payment method cannot be used. Please enter your card again.');
  return { customer: match[1]!, paymentMethod: match[2]! };
}

/** A PaymentMethod attached to a Customer as the shop's saved method. */
function savedOf(customer: string, method: Stripe.PaymentMethod): SavedMethod {
  return {
    ref: `${customer}/${method.id}`,
    service: 'card',
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
    fingerprint: method.card?.fingerprint ?? null,
  };
}

/** A card token as a short, stable part of an idempotency key (the token itself stays out of Stripe's request logs). */
const tokenDigest = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

export interface StripeProviderOptions {
  secretKey: string;
  /** STRIPE_PUBLISHABLE_KEY: what the browser loads Stripe's card element with (answered by the client token call). */
  publishableKey: string;
  /** Where Stripe sends the shopper back after authenticating a payment (the checkout's confirmation step). */
  returnUrl: string;
  /** The fetch Stripe's client uses (tests pass one msw intercepts; the default is the global fetch). */
  fetch?: typeof fetch;
}

/**
 * The Stripe adapter (DESIGN.md "Payments"), used when STRIPE_SECRET_KEY is set: a charge is a PaymentIntent
 * created and confirmed at once with a PaymentMethod made from the payment step's card token, under the order's idempotency key (Stripe
 * answers a retried key with the first result for 24 hours), with the key also in its metadata so `findCharge`
 * can find it later. A declined card is a Charge with status declined and Stripe's decline code.
 * Saved methods (spec 001 §7 Payment methods) live on the shopper's Stripe Customer (found by
 * `metadata['shop_user_id']`, made once under a key derived from the user id): saving makes a PaymentMethod from the
 * token and attaches it; its reference is `cus_…/pm_…`; a charge with it names both; forgetting it detaches it.
 * A card saved with a payment (`saveFor`) is not saved from its token afterwards (a Stripe token is single-use): the
 * PaymentIntent names the Customer with `setup_future_usage: 'off_session'`, and the succeeded intent's card is `saved`.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // The global fetch is looked up on each request, not once here (so a test's interceptor installed later is used).
    httpClient: Stripe.createFetchHttpClient(options.fetch ?? ((input, init) => fetch(input, init))),
    maxNetworkRetries: 2,
    timeout: 30_000,
  });

  /**
   * The shopper's Customer: the one whose metadata names the user, else a new one. Search lags behind writes (up to a
   * minute, Stripe says), so the Customer is made under a key derived from the user id: a second save before search
   * sees the first Customer gets that Customer back from the key rather than a second one.
   */
  const customerOf = async (owner: PaymentMethodOwner): Promise<string> => {
    const found = await stripe.customers.search({ query: `metadata['shop_user_id']:'${owner.userId}'`, limit: 1 });
    const [existing] = found.data;
    if (existing) return existing.id;
    const created = await stripe.customers.create(
      { ...(owner.email ? { email: owner.email } : {}), metadata: { shop_user_id: String(owner.userId) } },
      { idempotencyKey: `shop-customer:${owner.userId}` },
    );
    return created.id;
  };

  /**
   * What a charge pays with: a saved method's Customer and PaymentMethod, or a PaymentMethod made from the card token
   * (with the owner's Customer when the card is to be saved with the payment).
   */
  const payerOf = async (request: ChargeRequest): Promise<{ customer?: string; paymentMethod: string; saveCard?: boolean }> => {
    if (request.source.kind === 'saved_method') return savedRefOf(request.source.ref);
    // The card token becomes a PaymentMethod first (Stripe takes a token there), under its own key.
    const method = await stripe.paymentMethods.create(
      { type: 'card', card: { token: request.source.token } },
      { idempotencyKey: `${request.idempotencyKey}:method` },
    );
    if (!request.saveFor) return { paymentMethod: method.id };
    // Saved with the payment (Stripe's way to save a card during a payment): the intent names the owner's Customer,
    // found or made as a save finds it (after the token was taken, so a token Stripe refuses makes no Customer).
    return { customer: await customerOf(request.saveFor), paymentMethod: method.id, saveCard: true };
  };

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async charge(request: ChargeRequest): Promise<Charge> {
      try {
        const { customer, paymentMethod, saveCard } = await payerOf(request);
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            ...(customer ? { customer } : {}),
            payment_method: paymentMethod,
            // Stripe attaches the PaymentMethod to the Customer once the intent succeeds (after 3-D Secure too), to be
            // charged again later without the shopper; a declined intent attaches nothing.
            ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            confirm: true,
            return_url: options.returnUrl,
            metadata: { idempotency_key: request.idempotencyKey },
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return chargeOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent)
          return chargeOf({ ...error.payment_intent, last_payment_error: error.raw as PaymentIntent['last_payment_error'] });
        throw refusalOf(error) ?? error;
      }
    },

    async saveMethod(token: string, owner: PaymentMethodOwner): Promise<SavedMethod> {
      // One save of one token for one user is one PaymentMethod and one attachment, however often it is retried.
      const key = `save-method:${owner.userId}:${tokenDigest(token)}`;
      try {
        // The token first: a token Stripe does not take makes no Customer.
        const created = await stripe.paymentMethods.create({ type: 'card', card: { token } }, { idempotencyKey: `${key}:method` });
        const customer = await customerOf(owner);
        // Attaching checks the card with the bank: a declined card is refused here and is not kept.
        const attached = await stripe.paymentMethods.attach(created.id, { customer }, { idempotencyKey: `${key}:attach` });
        return savedOf(customer, attached);
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },

    async forgetMethod(ref: string): Promise<void> {
      // A reference that is not Stripe's has nothing to detach.
      const paymentMethod = SAVED_REF.exec(ref)?.[2];
      if (!paymentMethod) return;
      try {
        await stripe.paymentMethods.detach(paymentMethod, {}, { idempotencyKey: `${paymentMethod}:detach` });
      } catch (error) {
        // Already gone (deleted with its Customer, or never there): nothing left to forget.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw error;
      }
    },

    async findCharge(idempotencyKey: string) {
      const found = await stripe.paymentIntents.search({
        query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, "\\'")}'`,
        limit: 1,
        expand: ['data.payment_method'],
      });
      const [intent] = found.data;
      return intent ? chargeOf(intent) : null;
    },

    async cancelCharge(id: string) {
      try {
        return chargeOf(
          await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned', expand: ['payment_method'] }, { idempotencyKey: `${id}:cancel` }),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        // No longer cancelable (the shopper's bank answered first): the intent as it is decides.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state')
          return chargeOf(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
        throw error;
      }
    },

    async getCharge(id: string) {
      try {
        return chargeOf(await stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
    },
  };
}
