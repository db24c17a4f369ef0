/**
 * @module shop/checkout/checkout-facts: what the checkout's step kinds read and call besides their screen (spec 001
 * §4 Checkout and payment), typed: the checkout flow kind (app/checkout/checkout-kind.ts) draws them as
 * `StepProps<K, CheckoutFacts>`; stories supply their own.
 */
import type { Address, Cart, Order, PaymentClientToken, PaymentMethod, TestCard } from '#api';
import type { StepFacts } from '../../renderer/index';
import type { Category } from '#api/shared';

/** Field messages, one line per field, as a form shows them. */
export type FieldMessages = Record<string, string>;

/**
 * How a step's save was refused: per-field errors, a known e-mail (a sign-in link was mailed instead), any other
 * failure, or the order refused (the review): its payment (another payment method may pay), its cart already ordered
 * (another tab or an earlier click placed it: the shopper is led to their orders), or another reason, in the server's
 * words.
 */
export type RefusalOutcome =
  | { kind: 'field-errors'; fields: FieldMessages }
  | { kind: 'magic-link-sent' }
  | { kind: 'error' }
  | { kind: 'order-refused'; reason: 'payment' | 'already-ordered' | 'other'; message: string };

/** A checkout form's save refused (thrown by the checkout's save adapter): the form shows it in its own words. */
export class CheckoutRefusal extends Error {
  constructor(readonly outcome: RefusalOutcome) {
    super(`The checkout's save was refused (${outcome.kind}).`);
  }
}

/** The refusal a failed save carries, or undefined for any other failure. */
export const refusalOf = (error: unknown): RefusalOutcome | undefined => (error instanceof CheckoutRefusal ? error.outcome : undefined);

/** A card's token from its provider (the test tokeniser's, or Stripe's `tok_…`), and what the step may show of the card. */
export interface ProviderCardToken {
  token: string;
  card: { brand: string; last4: string };
}

/**
 * Tokenising a card (spec 001 §8): a token; the provider's refusal ('error', with its words and the field); or a
 * thrown exception ('failure': the network, the provider down).
 */
export type TokenOutcome = { kind: 'token'; token: ProviderCardToken } | { kind: 'error'; message: string; field?: keyof TestCard } | { kind: 'failure' };

/** The wallet-type provider's payment (spec 001 §4): its nonce, or 'failure' (spec 001 §8). */
export type WalletOutcome = { kind: 'nonce'; nonce: string; email: string } | { kind: 'failure' };

/** Why a step was opened for the shopper: their card is asked again (a card's token is never kept across a reload). */
export type CheckoutNotice = 'card-again';

export interface CheckoutFacts extends StepFacts {
  category: Category;
  session: 'anonymous' | 'guest' | 'authenticated';
  /** The signed-in shopper's e-mail (not a guest's). */
  accountEmail?: string;
  /** The cart as the server last priced it; null while it loads. */
  cart: Cart | null;
  /** The shopper's saved addresses, primary first. */
  addresses: Address[];
  /** A customer's saved payment methods, the default first (spec 001 §7 Payment methods). */
  paymentMethods: PaymentMethod[];
  /** The checkout's answers so far (the review reads the payment chosen). */
  answers: Record<string, unknown>;
  /** The order the review placed, or the one the page was opened for (?order=). */
  order: Order | null;
  /** Mails a sign-in link back to this step (a shopper who has an account). */
  sendSignInLink(email: string): Promise<'sent' | 'error'>;
  /** The card provider's tokeniser: the card goes to the provider only, the checkout keeps its token. */
  tokenizeCard(card: TestCard): Promise<TokenOutcome>;
  /**
   * Who takes a new card (POST /v1/account/payments/token/): the test provider's tokeniser above, or Stripe's own card
   * element with the shop's publishable key. Asked when the payment step opens; rejects when it cannot be asked.
   */
  cardProvider(): Promise<Pick<PaymentClientToken, 'provider' | 'publishable_key'>>;
  /** The wallet's approval of the payment by the shopper's wallet account (pending until it answers). */
  payWithWallet(email: string): Promise<WalletOutcome>;
  /** False when the wallet-provider flag is off (spec 001 §9 Feature flags): the payment step offers cards only. */
  walletOffered?: boolean;
  /** Whether this checkout asks for a payment (the payment step's rule holds, spec 001 §4). */
  paymentNeeded: boolean;
  /** Where a step's link goes (the payment step from the review), keeping the checkout's query, with `extra` added. */
  routeTo(stepName: string, extra?: Record<string, string>): string;
  /** Goes to a path of the checkout in the page (a step's link); `replace` takes the place of this page in the history. */
  go(path: string, options?: { replace?: boolean; notice?: CheckoutNotice }): void;
  /** Why the shopper was sent to this step (the review after a reload sends them to enter their card again). */
  notice?: CheckoutNotice;
}
