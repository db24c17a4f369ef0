/**
 * @module api/commerce: the shop's display and scheduling rules that the server and the browser both apply (spec 001
 * §9): subscription frequencies and their labels, delivery dates in business days, the delivery text, the first
 * name in mini-product labels, quantity selectors. Plain functions, no zod: the browser imports them through
 * '#api/shared'.
 */

/** Subscription frequencies, in weeks (spec 001 §9 Subscriptions and discounts). */
export const FREQUENCIES = [4, 8, 12] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The recommended frequency of haircare and skincare, and of mini products (spec 001 §9). */
export const DEFAULT_FREQUENCY: Frequency = 4;
export const MINI_FREQUENCY: Frequency = 8;

/** Supplements are labelled in days: a 4-week frequency reads "every 25 days", 8 -> 50, 12 -> 75 (spec 001 §9). */
const SUPPLEMENT_DAYS: Record<Frequency, number> = { 4: 25, 8: 50, 12: 75 };

export interface FrequencyOption {
  value: Frequency;
  label: string;
}

/**
 * The frequencies a product offers, labelled (spec 001 §9): every 4, 8 or 12 weeks, the recommended one followed by
 * "(recommended)"; supplements offer only the first, labelled in days.
 */
export function frequencyOptions(product: { supplements: boolean; recommended?: number | null }): FrequencyOption[] {
  const recommended = product.recommended ?? DEFAULT_FREQUENCY;
  const values: readonly Frequency[] = product.supplements ? [FREQUENCIES[0]] : FREQUENCIES;
  return values.map((value) => {
    const text = frequencyText(value, product);
    const label = text.charAt(0).toUpperCase() + text.slice(1);
    return { value, label: value === recommended ? `${label} (recommended)` : label };
  });
}

/**
 * A subscription's frequency (in weeks) as a shopper reads it (spec 001 §9): "every 4 weeks"; a supplement's in days,
 * "every 25 days" for 4 weeks, 50 for 8, 75 for 12. The frequency selectors, the checkout's review and the order
 * pages all say it this way.
 */
export function frequencyText(frequency: number, product: { supplements: boolean }): string {
  const days = product.supplements && frequency in SUPPLEMENT_DAYS ? SUPPLEMENT_DAYS[frequency as Frequency] : undefined;
  return days === undefined ? `every ${frequency} weeks` : `every ${days} days`;
}

/** True when `frequency` is one the product offers. */
export function offersFrequency(product: { supplements: boolean }, frequency: number): frequency is Frequency {
  return frequencyOptions(product).some((option) => option.value === frequency);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(date: string): Date {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const parsed = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (parsed.toISOString().slice(0, 10) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return parsed;
}

/**
 * The date `days` business days after `date` (spec 001 §9: "Delivery dates add business days, skipping Saturday and
 * Sunday"). Dates are calendar days (YYYY-MM-DD), free of time zones. A start on a weekend counts from the Monday.
 */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Business days must be a whole number of 0 or more, not ${days}.`);
  const day = parseIsoDate(date);
  let left = days;
  const weekend = () => day.getUTCDay() === 0 || day.getUTCDay() === 6;
  while (weekend()) day.setUTCDate(day.getUTCDate() + 1);
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!weekend()) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** M/D of a YYYY-MM-DD date, as the delivery text writes it. */
function monthDay(date: string): string {
  const parsed = parseIsoDate(date);
  return `${parsed.getUTCMonth() + 1}/${parsed.getUTCDate()}`;
}

/** "Arrives by M/D" when the window is one day, else "Arrives between M/D and M/D" (spec 001 §2 Cart and checkout). */
export function deliveryText(estimate: { min: string; max: string }): string {
  return estimate.min === estimate.max ? `Arrives by ${monthDay(estimate.max)}` : `Arrives between ${monthDay(estimate.min)} and ${monthDay(estimate.max)}`;
}

/** The longest first name a mini-product label shows whole (spec 001 §9 Countries and display). */
export const LABEL_NAME_LENGTH = 15;

/** A first name for a mini-product label: cut to 15 characters plus "..." when longer (spec 001 §9). */
export function labelName(firstName: string): string {
  const characters = [...firstName.trim()];
  return characters.length > LABEL_NAME_LENGTH ? `${characters.slice(0, LABEL_NAME_LENGTH).join('')}...` : characters.join('');
}

/**
 * Quantity selectors (spec 001 §9: "0–4, 1–4, 1–3, 1–4"; where each is used is not shown). Chosen: a cart line 0-4
 * (0 removes it), a product page 1-4, an accessory 1-3, a subscription's product 1-4.
 */
export const QUANTITY_RANGES = {
  cartLine: { min: 0, max: 4 },
  productPage: { min: 1, max: 4 },
  accessory: { min: 1, max: 3 },
  subscription: { min: 1, max: 4 },
} as const;

/** The choices of a quantity selector, in order. */
export function quantityChoices(range: { min: number; max: number }): number[] {
  return Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
}

/** The card networks the shop names (spec 001 §3 Payment method display labels); another is "Card". */
const CARD_NETWORKS: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** The wallet-type provider's label (spec 001 §3 Payment method): the embedded test provider's wallet. */
export const WALLET_LABEL = 'TestPay wallet';

/** A card's network as a shopper reads it ("Visa"), or null for one the shop does not name. */
export const cardNetwork = (brand: string): string | null => CARD_NETWORKS[brand] ?? null;

/** A payment method as a shopper recognises it: "Visa •••• 4242", "Card •••• 1234", or the wallet. */
export function paymentLabel(method: { brand: string; last4: string }): string {
  return method.brand === 'wallet' ? WALLET_LABEL : `${cardNetwork(method.brand) ?? 'Card'} •••• ${method.last4}`;
}

/** A saved method's payment mode (spec 001 §3 Payment method): the card provider's charge or payment-intent mode, or the wallet's. */
export type MethodPaymentMode = 'charge' | 'payment_intent' | 'wallet';

/**
 * The payment mode a saved method is named in (spec 001 §7 Payment methods): the wallet mode for the wallet-type
 * service; a card in the payment-intent mode when the `payment-intent` flag is on (true, or "1"), else the charge mode.
 */
export function methodPaymentMode(method: { service: string }, flags: Readonly<Record<string, unknown>>): MethodPaymentMode {
  if (method.service === 'wallet') return 'wallet';
  const paymentIntent = flags['payment-intent'];
  return paymentIntent === true || paymentIntent === '1' ? 'payment_intent' : 'charge';
}

/**
 * The recommendation sections that make a shopper's routine (spec 001 §4 Cart, §3 Cart item recommendation): the
 * results page lists them under "Your routine", and the recommendation cart its "Get your routine" makes holds exactly
 * them. One rule, so the two never disagree.
 */
export const ROUTINE_SECTIONS = ['preselect', 'main'] as const;

/** Whether a product in this recommendation section is part of the routine (ROUTINE_SECTIONS). */
export function inRoutine(section: string): boolean {
  return (ROUTINE_SECTIONS as readonly string[]).includes(section);
}
