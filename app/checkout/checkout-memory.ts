import type { Answers } from '#engine';
import type { CheckoutCategory } from './checkout-data';

/**
 * What this tab's checkout remembers across a reload (sessionStorage: this tab only, gone when it closes), and what
 * it never keeps. Kept: the payment chosen as far as it is no secret (a saved card's id and label; for a new card or
 * the wallet, only that one was entered and its label, "Visa •••• 4242"), and the order this tab placed last (its
 * pubkey, which the server shows to its owner only: a reload of the bank's wait or of the success page shows that
 * order as it is, and the review of a cart it ordered leads to it). Never kept anywhere but the page's memory: a card's token or the
 * wallet's nonce. Each pays once, but until used it pays without asking anything more, and any script of the page
 * could read it from storage; so after a reload the review sends the shopper back to enter the card again.
 */
const PAYMENT = 'shop.checkout.payment';
const ORDER = 'shop.checkout.order';
/** How long the order placed is remembered (a bank's confirmation can wait a while; after that, the cart as usual). */
const ORDER_FOR_MS = 6 * 60 * 60_000;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (a privacy setting): nothing is remembered
  }
}

function read(key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // a full or refused storage only means a reload asks again
  }
}

type RememberedPayment = { cart: string; method: string; label: string | null };

/** Keeps the payment chosen for this cart, without its token or nonce; a choice undone forgets it. */
export function rememberPayment(cart: string, answers: Answers): void {
  const method = answers.payment_method;
  if (typeof method !== 'string' || method === '') return write(PAYMENT, null);
  const label = typeof answers.payment_label === 'string' ? answers.payment_label : null;
  write(PAYMENT, { cart, method, label } satisfies RememberedPayment);
}

/** The payment chosen for this cart before a reload, as the checkout's answers (no token: see above), or none. */
export function recallPayment(cart: string): Answers {
  const kept = read(PAYMENT) as Partial<RememberedPayment> | null;
  if (!kept || kept.cart !== cart || typeof kept.method !== 'string') return {};
  return { payment_method: kept.method, ...(typeof kept.label === 'string' ? { payment_label: kept.label } : {}) };
}

/** Whether this tab chose a saved payment method before a reload (for any cart): the review is then where it goes. */
export function savedPaymentRemembered(): boolean {
  const method = (read(PAYMENT) as Partial<RememberedPayment> | null)?.method;
  return typeof method === 'string' && method !== 'newCard' && method !== 'wallet';
}

/** Notes the order this tab placed from a cart (waiting for the bank, refused or paid); a paid one forgets the payment. */
export function rememberOrder(category: CheckoutCategory, cart: string, order: string, paid: boolean, now = Date.now()): void {
  write(ORDER, { category, cart, order, at: now });
  if (paid) write(PAYMENT, null);
}

/** The order this tab placed lately for this checkout, and its cart's pubkey, or null. */
export function recallOrder(category: CheckoutCategory, now = Date.now()): { cart: string; order: string } | null {
  const kept = read(ORDER) as { category?: unknown; cart?: unknown; order?: unknown; at?: unknown } | null;
  if (!kept || kept.category !== category || typeof kept.cart !== 'string' || typeof kept.order !== 'string' || typeof kept.at !== 'number') return null;
  return now - kept.at < ORDER_FOR_MS ? { cart: kept.cart, order: kept.order } : null;
}
