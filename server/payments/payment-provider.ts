/**
 * @module server/payments/payment-provider: the one interface every payment provider implements (DESIGN.md
 * "Payments"): the embedded test provider by default, Stripe when STRIPE_SECRET_KEY is set. Placing an order
 * records its intent, then charges through this interface under the order's idempotency key, so a retried request,
 * a second tab or a restart after a crash finds the charge already made (`findCharge`) instead of making another.
 */
import type { CardBrand, DeclineCode } from './test-cards';

import type { Currency } from '#api/money';

export type { Currency };

/** What pays: a card token (or wallet nonce) from the payment step, or a method the customer saved (its provider reference). */
export type PaymentSource = { kind: 'card_token'; token: string } | { kind: 'saved_method'; ref: string };

/** A card or wallet kept with the provider to be charged again (spec 001 §3 Payment method): its reference and what a shopper is shown. */
export interface SavedMethod {
  ref: string;
  service: 'card' | 'wallet';
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  /**
   * The provider's mark of the card's number (Stripe's `card.fingerprint`): the same card saved again, from another
   * token or after it was reissued with a new expiry, has the same one, so the shop keeps it once. Null when the
   * provider has none (the test provider: its reference already names the card).
   */
  fingerprint: string | null;
}

/** Whose saved method it is: the shop's user (Stripe finds or makes their Customer by it) and their e-mail, if any. */
export interface PaymentMethodOwner {
  userId: number;
  email: string | null;
}

export interface ChargeRequest {
  /** One charge per key, whatever happens: the same key and request give back the first charge. */
  idempotencyKey: string;
  /** Integer cents. */
  amount: number;
  currency: Currency;
  source: PaymentSource;
  /**
   * Keep the card (or wallet) of a card token for this owner once the charge succeeds (spec 001 §7 Orders and payment
   * `save_card`), as Stripe saves a card during a payment: the token pays and is kept in one go, so its single use is
   * not spent before the save. The succeeded charge then carries `saved`, also when it succeeds only after the shopper
   * authenticated (`getCharge`) or is found after a crash (`findCharge`). Ignored for a saved method (kept already).
   * Part of the request: the same key with and without it is another request.
   */
  saveFor?: PaymentMethodOwner;
}

export interface CardSummary {
  /** 'unknown' for a network the shop does not name; 'wallet' for the wallet-type provider. */
  brand: CardBrand | 'wallet' | 'unknown';
  last4: string;
}

/** Why a charge was declined: the provider's code, and words a shopper can act on (spec 001 §8). */
export type ChargeDeclineCode = DeclineCode | 'authentication_failed';

/** A charge as the provider holds it. */
export type Charge =
  /** `saved`: the method the provider kept for the charge's `saveFor` owner (none was asked, none is there). */
  | { id: string; status: 'succeeded'; amount: number; currency: Currency; card: CardSummary; saved?: SavedMethod }
  /** The bank wants the shopper to confirm (3-D Secure): the order waits for payment confirmation (spec 001 §2). */
  | { id: string; status: 'requires_action'; amount: number; currency: Currency; card: CardSummary; actionUrl: string }
  | { id: string; status: 'declined'; amount: number; currency: Currency; card: CardSummary; code: ChargeDeclineCode; message: string }
  /** Voided before the bank approved it (`cancelCharge`): a newer attempt replaced it; nothing was or will be taken. */
  | { id: string; status: 'canceled'; amount: number; currency: Currency; card: CardSummary };

/** A request the provider would not take at all (nothing was charged): a bad token, a reused key. */
export class PaymentRequestRefused extends Error {
  constructor(
    readonly code: 'invalid_payment_token' | 'payment_token_used' | 'idempotency_key_reused',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRequestRefused';
  }
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /**
   * The key the browser loads the provider's own card form with (Stripe's publishable key: the card number goes from
   * Stripe's element to Stripe, never to the shop); none for the test provider, whose tokeniser is the shop's.
   */
  readonly publishableKey?: string;
  /** Charges once per idempotency key; a declined card is a Charge with status declined, not an error. */
  charge(request: ChargeRequest): Promise<Charge>;
  /** The charge made under a key, if any (recovery after a crash between the charge and the order). */
  findCharge(idempotencyKey: string): Promise<Charge | null>;
  /** A charge by its id (after the shopper confirmed a payment that required authentication). */
  getCharge(id: string): Promise<Charge | null>;
  /**
   * Voids a charge still waiting for the shopper's bank (a newer attempt at the same order replaces it; Stripe cancels
   * the PaymentIntent), so a late approval takes nothing. Answers the charge as it is afterwards: canceled, or, when
   * the bank's answer came first, succeeded or declined (the caller then keeps that outcome). Null for no such charge.
   */
  cancelCharge(id: string): Promise<Charge | null>;
  /**
   * Keeps the card (or wallet) of a token to charge again, for its owner (Stripe keeps it on the owner's Customer); a
   * token that is not one, or a card the bank declines, is refused (PaymentRequestRefused).
   */
  saveMethod(token: string, owner: PaymentMethodOwner): Promise<SavedMethod>;
  /** Lets go of a saved method the customer deleted (Stripe detaches it); one the provider no longer has is no error. */
  forgetMethod?(ref: string): Promise<void>;
}

/** Words for a decline, as Stripe words them, so both providers read alike (spec 001 §8). */
export const DECLINE_MESSAGES: Record<ChargeDeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: 'Your card’s security code is incorrect.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_failed: 'We were unable to authenticate your payment method. Please choose a different payment method and try again.',
};
