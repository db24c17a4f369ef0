import Stripe from 'stripe';
import {
  DECLINE_MESSAGES,
  PaymentRequestRefused,
  type CardSummary,
  type Charge,
  type ChargeDeclineCode,
  type ChargeRequest,
  type Currency,
  type PaymentProvider,
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

/** A PaymentIntent as the shop's Charge. */
function chargeOf(intent: PaymentIntent): Charge {
  const base = { id: intent.id, amount: intent.amount, currency: intent.currency.toUpperCase() as Currency, card: cardOf(intent) };
  if (intent.status === 'succeeded' || intent.status === 'processing') return { ...base, status: 'succeeded' };
  if (intent.status === 'requires_action' && intent.next_action?.redirect_to_url?.url) {
    return { ...base, status: 'requires_action', actionUrl: intent.next_action.redirect_to_url.url };
  }
  // requires_payment_method after a decline or a failed authentication, or canceled.
  const raw = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined';
  const code: ChargeDeclineCode =
    raw === 'payment_intent_authentication_failure'
      ? 'authentication_failed'
      : KNOWN_DECLINES.has(raw as ChargeDeclineCode)
        ? (raw as ChargeDeclineCode)
        : 'card_declined';
  return { ...base, status: 'declined', code, message: DECLINE_MESSAGES[code] };
}

export interface StripeProviderOptions {
  secretKey: string;
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
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // The global fetch is looked up on each request, not once here (so a test's interceptor installed later is used).
    httpClient: Stripe.createFetchHttpClient(options.fetch ?? ((input, init) => fetch(input, init))),
    maxNetworkRetries: 2,
    timeout: 30_000,
  });

  /** The token a charge is made from; a saved method's charge is refused (see saveMethod). */
  const savedOrToken = (request: ChargeRequest): string => {
    if (request.source.kind === 'saved_method')
      throw new PaymentRequestRefused('invalid_payment_token', 'Saving a card is not available with this payment provider.');
    return request.source.token;
  };

  return {
    name: 'stripe',

    async charge(request: ChargeRequest): Promise<Charge> {
      try {
        // The card token becomes a PaymentMethod first (Stripe takes a token there), under its own key.
        const method = await stripe.paymentMethods.create(
          { type: 'card', card: { token: savedOrToken(request) } },
          { idempotencyKey: `${request.idempotencyKey}:method` },
        );
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            payment_method: method.id,
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
        if (error instanceof Stripe.errors.StripeIdempotencyError)
          throw new PaymentRequestRefused('idempotency_key_reused', 'This idempotency key was used for another payment.');
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'token_already_used' || error.code === 'resource_missing')) {
          throw new PaymentRequestRefused(
            error.code === 'token_already_used' ? 'payment_token_used' : 'invalid_payment_token',
            'Your card details have expired. Please enter them again.',
          );
        }
        throw error;
      }
    },

    // Saved methods need Stripe customers to attach them to, which this adapter does not make yet: with Stripe, a
    // shopper pays with a new card each time (server/README.md "Payments").
    async saveMethod(): Promise<never> {
      throw new PaymentRequestRefused('invalid_payment_token', 'Saving a card is not available with this payment provider.');
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
