/**
 * @module shop/checkout/checkout-facts: what the checkout's step kinds read and call besides their screen (spec 001
 * §4 Checkout and payment). The checkout page supplies it (app/checkout/checkout-flow-page.tsx) as the steps' `own`
 * facts; stories supply their own.
 */
import type { Address, AddressInput, Cart, CardToken, Order, PaymentMethod, TestCard } from '#api';
import type { StepFacts } from '../../renderer/index';

/** Field messages, one line per field, as a form shows them. */
export type FieldMessages = Record<string, string>;

/** Saving who orders: done, per-field errors, a known e-mail (a sign-in link was mailed instead), or any other failure. */
export type AccountOutcome = { kind: 'saved' } | { kind: 'field-errors'; fields: FieldMessages } | { kind: 'magic-link-sent' } | { kind: 'error' };

/** Adding the shipping address: its pubkey, per-field errors, or any other failure. */
export type AddressOutcome = { kind: 'saved'; pubkey: string } | { kind: 'field-errors'; fields: FieldMessages } | { kind: 'error' };

/**
 * Tokenising a card (spec 001 §8): a token; the provider's refusal ('error', with its words and the field); or a
 * thrown exception ('failure': the network, the provider down).
 */
export type TokenOutcome = { kind: 'token'; token: CardToken } | { kind: 'error'; message: string; field?: keyof TestCard } | { kind: 'failure' };

/** The wallet-type provider's payment (spec 001 §4): its nonce, or 'failure' (spec 001 §8). */
export type WalletOutcome = { kind: 'nonce'; nonce: string; email: string } | { kind: 'failure' };

export interface CheckoutFacts {
  category: 'haircare' | 'skincare';
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
  saveAccount(form: { email: string; firstName: string; lastName: string; phone: string | null; shipTo: string | null }): Promise<AccountOutcome>;
  sendSignInLink(email: string): Promise<'sent' | 'error'>;
  addAddress(address: AddressInput): Promise<AddressOutcome>;
  tokenizeCard(card: TestCard): Promise<TokenOutcome>;
  /** The wallet's approval of the payment by the shopper's wallet account (pending until it answers). */
  payWithWallet(email: string): Promise<WalletOutcome>;
  /** Whether this checkout asks for a payment (the payment step's rule holds, spec 001 §4). */
  paymentNeeded: boolean;
  /** Where a step's link goes (the payment step from the review), keeping the checkout's query, with `extra` added. */
  routeTo(stepName: string, extra?: Record<string, string>): string;
  /** Goes to a path of the checkout in the page (a step's link). */
  go(path: string): void;
}

/** The checkout's facts among a step's facts; a checkout step drawn without them is a programming error. */
export function checkoutFacts(facts: StepFacts): CheckoutFacts {
  if (!facts.own) throw new Error('A checkout step needs the checkout’s facts (StepFacts.own).');
  return facts.own as CheckoutFacts;
}
