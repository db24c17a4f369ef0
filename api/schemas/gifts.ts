import { z } from 'zod';
import { currency, money } from './money';

// Gift cards (spec 001 §3 "Gifts and promotions", §5, §8, §9 "Gift cards and gift sets"; API.md "Gifts, promotions,
// referrals"; server/gifts/README.md for every choice the spec leaves open).

/** §9: the amounts a gift card is sold at, in whole units of the shopper's currency (USD, or CAD in Canada). */
export const GIFT_AMOUNTS = [50, 75, 100, 150] as const;
export type GiftAmount = (typeof GIFT_AMOUNTS)[number];
/** §3: the occasions (each with its default message on the page). */
export const giftOccasion = z.enum(['holidays', 'birthday', 'just_because', 'graduation']);
export type GiftOccasion = z.infer<typeof giftOccasion>;
/** The longest message a gift card carries. */
export const GIFT_MESSAGE_MAX = 500;
/** The longest name (recipient's or sender's) a gift card carries. */
export const GIFT_NAME_MAX = 100;

/** Control characters other than a line break, and lone surrogates: never kept in a gift's text. */
const UNPRINTABLE_EXCEPT_NEWLINE = /\p{Cs}|(?![\n\r])\p{Cc}/u;
/** Any control character: names are one line. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

const name = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((text) => [...text].length <= GIFT_NAME_MAX, `Keep it to ${GIFT_NAME_MAX} characters.`)
    .refine((text) => !UNPRINTABLE.test(text), 'Write it on one line, without control characters.');

/** POST /v1/gifts/: a gift card to buy. The send date's window (today to a year on, US Eastern) is checked by the server. */
export const giftRequest = z
  .object({
    amount: z.literal(GIFT_AMOUNTS, { message: `Choose ${GIFT_AMOUNTS.slice(0, -1).join(', ')} or ${GIFT_AMOUNTS.at(-1)}.` }),
    occasion: giftOccasion,
    message: z
      .string()
      .trim()
      .min(1, 'Write a message to go with the gift card.')
      .refine((text) => [...text].length <= GIFT_MESSAGE_MAX, `Keep the message to ${GIFT_MESSAGE_MAX} characters.`)
      .refine((text) => !UNPRINTABLE_EXCEPT_NEWLINE.test(text), 'Write the message without control characters.'),
    recipient_name: name("Enter the recipient's name."),
    recipient_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Enter a shorter email address.')
      .pipe(z.email({ message: 'Enter an e-mail address such as name@example.com.' })),
    sender_name: name('Enter your name, so they know who it is from.'),
    /** The day to send it, YYYY-MM-DD, a US Eastern day. */
    send_on: z.iso.date({ message: 'Choose the day to send it (YYYY-MM-DD).' }),
  })
  .strict();
export type GiftRequest = z.input<typeof giftRequest>;

export const giftCreated = z.object({ pubkey: z.string() });
export type GiftCreated = z.infer<typeof giftCreated>;

/** Where a gift is: not paid yet, paid and waiting for its day, its e-mail sent, credited to the giftee. */
export const giftStatus = z.enum(['awaiting_payment', 'scheduled', 'sent', 'redeemed']);
export type GiftStatus = z.infer<typeof giftStatus>;

/** A gift as its gifter sees it (GET /v1/gifts/): never its code. */
export const giftSummary = z.object({
  pubkey: z.string(),
  status: giftStatus,
  amount: money,
  currency,
  occasion: giftOccasion,
  message: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  sender_name: z.string(),
  send_on: z.string(),
  /** When its e-mail goes out (ISO instant): 10 AM US Eastern on send_on, or the payment's time when that was later; null until paid. */
  send_at: z.string().nullable(),
  /** When its e-mail was written. */
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type GiftSummary = z.infer<typeof giftSummary>;

export const giftList = z.object({ results: z.array(giftSummary) });
export type GiftList = z.infer<typeof giftList>;

/** POST /v1/gifts/redeem/: the code from the gift e-mail (spaces, dashes and case do not matter). */
export const redeemGiftRequest = z.object({ code: z.string().max(100).optional() }).strict();
export type RedeemGiftRequest = z.input<typeof redeemGiftRequest>;

/** What redeeming credited, and the account's credit in that currency now. */
export const giftRedeemed = z.object({ amount: money, currency, balance: money });
export type GiftRedeemed = z.infer<typeof giftRedeemed>;
