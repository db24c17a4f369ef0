/**
 * The gift card's rules the form follows (spec 001 §3 "Gifts and promotions", §9 "Gift cards and gift sets"): the
 * amounts, the occasions and the send date's window. No price is computed here: an amount is the label the shopper
 * picks, and the server prices the gift.
 */

/** §9: the amounts a gift card is sold at, in whole dollars. */
export const giftAmounts = [50, 75, 100, 150] as const;
export type GiftAmount = (typeof giftAmounts)[number];
/** An amount as the shopper reads it ("$50"): a label, never a computed price (the server prices the gift). */
export const amountLabel = (amount: GiftAmount) => `$${amount}`;

/** §3: the occasions, each with its default message (the words are content: shop/content/site/gift.yaml). */
export const giftOccasions = ['holidays', 'birthday', 'just_because', 'graduation'] as const;
export type GiftOccasion = (typeof giftOccasions)[number];

/** The longest message the form takes (the server's limit, api/schemas/gifts.ts GIFT_MESSAGE_MAX). */
export const MESSAGE_MAX = 500;
/** The longest name, the recipient's or the sender's (the server's limit, GIFT_NAME_MAX). */
export const NAME_MAX = 100;

/** Gift e-mails go out on US Eastern days (§9: 10 AM Eastern on the chosen date), so "today" is Eastern's. */
const eastern = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The day it is in US Eastern time at `now`, as YYYY-MM-DD.
 * @example easternToday(new Date('2026-11-28T03:00:00Z')) // '2026-11-27' (10 PM the day before in New York)
 */
export function easternToday(now: Date): string {
  return eastern.format(now);
}

/**
 * The last day a gift may be sent: the same day a year later (February 29 gives February 28).
 * @example lastSendDate('2026-11-27') // '2027-11-27'
 */
export function lastSendDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year + 1, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
