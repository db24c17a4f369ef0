/**
 * @module server/payments/test-cards: the cards the embedded test provider accepts (DESIGN.md "Payments"; issue 14).
 * The numbers are the card networks' published test numbers that Stripe documents, so a shopper's muscle memory and
 * the Stripe adapter's tests use the same cards. A card number is read here and never stored or logged: what leaves
 * this module is the brand, the last four digits and what the card does when charged.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

/** What a test card does when it is charged. */
export type CardBehaviour = { outcome: 'succeeds' } | { outcome: 'declined'; code: DeclineCode } | { outcome: 'requires_authentication' };

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

/** The test numbers and what each does (Stripe's "Testing" page: the same numbers behave the same there). */
export const TEST_CARDS: ReadonlyMap<string, CardBehaviour> = new Map<string, CardBehaviour>([
  ['4242424242424242', { outcome: 'succeeds' }],
  ['4000056655665556', { outcome: 'succeeds' }], // Visa debit
  ['5555555555554444', { outcome: 'succeeds' }],
  ['2223003122003222', { outcome: 'succeeds' }], // Mastercard 2-series
  ['378282246310005', { outcome: 'succeeds' }],
  ['6011111111111117', { outcome: 'succeeds' }],
  ['4000000000000002', { outcome: 'declined', code: 'card_declined' }],
  ['4000000000009995', { outcome: 'declined', code: 'insufficient_funds' }],
  ['4000000000000069', { outcome: 'declined', code: 'expired_card' }],
  ['4000000000000127', { outcome: 'declined', code: 'incorrect_cvc' }],
  ['4000000000000119', { outcome: 'declined', code: 'processing_error' }],
  ['4000002760003184', { outcome: 'requires_authentication' }],
  ['4000002500003155', { outcome: 'requires_authentication' }],
]);

/** A card as the shopper typed it into the payment step. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  /** The name on the card (spec 001 §5: the card token is created with it). */
  name: string;
}

/** A card the test provider accepted: nothing a thief could use. */
export interface AcceptedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  behaviour: CardBehaviour;
}

/** Why a card was refused before any charge: each maps to one field of the payment form. */
export type CardProblem = { field: 'number' | 'exp' | 'cvc' | 'name'; message: string };

/** True when the digits pass the Luhn check that every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card network of a number, from its first digits; null when the shop does not take it. */
export function brandOf(digits: string): CardBrand | null {
  if (/^4\d{15}$/.test(digits)) return 'visa';
  if (/^(5[1-5]\d{14}|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)\d{12})$/.test(digits)) return 'mastercard';
  if (/^3[47]\d{13}$/.test(digits)) return 'amex';
  if (/^(6011\d{12}|65\d{14})$/.test(digits)) return 'discover';
  return null;
}

/**
 * Checks a card as the test provider would (number, expiry against `today`, CVC, name) and tells what it will do.
 * A real card number (one that is not a test number) is refused: nothing here can charge it.
 */
export function readTestCard(card: CardInput, today: Date): { card: AcceptedCard } | { problems: CardProblem[] } {
  const problems: CardProblem[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  const brand = /^\d+$/.test(digits) ? brandOf(digits) : null;
  if (!brand || !passesLuhn(digits)) problems.push({ field: 'number', message: 'Your card number is not valid.' });
  else if (!TEST_CARDS.has(digits)) problems.push({ field: 'number', message: 'This shop is in test mode: use a test card, such as 4242 4242 4242 4242.' });
  const month = card.expMonth;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    problems.push({ field: 'exp', message: 'Your card’s expiry date is not valid.' });
  else if (year * 12 + (month - 1) < thisMonth) problems.push({ field: 'exp', message: 'Your card has expired.' });
  else if (year > today.getUTCFullYear() + 20) problems.push({ field: 'exp', message: 'Your card’s expiry date is not valid.' });
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) problems.push({ field: 'cvc', message: `Your card’s security code is ${cvcLength} digits.` });
  const name = card.name.trim();
  if (name.length === 0 || name.length > 100) problems.push({ field: 'name', message: 'Enter the name on the card.' });
  if (problems.length > 0 || !brand) return { problems };
  return { card: { brand, last4: digits.slice(-4), expMonth: month, expYear: year, name, behaviour: TEST_CARDS.get(digits)! } };
}
