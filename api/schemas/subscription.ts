import { z } from 'zod';
import { QUANTITY_RANGES } from '../commerce';

// The account's subscription calls (spec 001 §3 Subscription, §4 Subscriptions, §5, §7; API.md "Subscriptions";
// server/subscriptions/README.md "Managing it"). `{pubkey}` in a path is the subscription's pubkey.

/** One product of a subscription on its own schedule (spec 001 §3 regular_products, §4 "Skip and unskip"). */
export const subscriptionProduct = z.object({
  /** The catalogue product type (as the cart names it). */
  type: z.string(),
  product: z.string(),
  /** Its name in the catalogue ("Shampoo"). */
  label: z.string(),
  quantity: z.number().int(),
  /** Every so many weeks. */
  frequency: z.number().int(),
  /** Its next delivery (YYYY-MM-DD); a skipped product's is one frequency after its date. */
  next_start: z.string(),
  /** Left out of the next delivery. */
  skipped: z.boolean(),
  /** It is in the subscription's next delivery and may be left out of it (spec 001 §4). */
  can_skip: z.boolean(),
  /** It is left out of the next delivery and may be put back (spec 001 §4). */
  can_unskip: z.boolean(),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProduct>;

/** The address a subscription ships to, as kept (the account's address may change later). */
export const subscriptionAddress = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.enum(['US', 'CA']),
});

/** A subscription (spec 001 §3 Subscription). */
export const subscription = z.object({
  pubkey: z.string(),
  status: z.enum(['active', 'onhold', 'canceled']),
  status_reason: z.enum(['payment_error', 'invalid_fragrance', 'uncaught_error', 'other']).nullable(),
  category: z.enum(['haircare', 'skincare']),
  sub_category: z.enum(['topicals', 'supplements']),
  /** The next delivery (YYYY-MM-DD): the earliest next_start of its products; null with none. */
  next_start: z.string().nullable(),
  /** The pubkey of the caller's address it ships to; null when none of their addresses is that one any longer. */
  shipping_address: z.string().nullable(),
  shipping_address_details: subscriptionAddress,
  /** The id of the saved payment method its renewals charge; null when none (or removed). */
  payment_source: z.string().nullable(),
  regular_products: z.array(subscriptionProduct),
  must_have_jars: z.boolean(),
  discount_percentage: z.number().int(),
  currency: z.enum(['USD', 'CAD']),
  created_at: z.string(),
  canceled_at: z.string().nullable(),
  /** Bumped by every change; a PATCH may send it back to refuse a change made meanwhile (409). */
  version: z.number().int(),
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionList = z.array(subscription);

/** POST /v2/subscriptions/{id}/skip/ and /unskip/: one product of the next delivery (a product type). */
export const subscriptionSkipRequest = z.object({ product: z.string().trim().min(1, 'Choose a product.').max(100) }).strict();

/** The farthest a snooze may put the next delivery, in days after today (spec 001 §5, §9). */
export const SNOOZE_MAX_DAYS = 90;

/** POST /v2/subscriptions/{id}/snooze/ `{days}` (spec 001 §5: in days, reported as weeks). */
export const subscriptionSnoozeRequest = z
  .object({ days: z.number({ error: 'Give the number of days.' }).int('Give whole days.').min(1, 'Snooze by one day at least.').max(3650) })
  .strict();

/** The new next delivery, the snooze in weeks (days / 7), and the subscription. */
export const subscriptionSnoozeResult = z.object({ next_start: z.string(), weeks: z.number(), subscription });
export type SubscriptionSnoozeResult = z.infer<typeof subscriptionSnoozeResult>;

/** One product's new quantity and frequency, as PATCH and preview take it. */
const productChange = z
  .object({
    type: z.string().trim().min(1, 'Choose a product.').max(100),
    quantity: z
      .number()
      .int('Choose a whole quantity.')
      .min(QUANTITY_RANGES.subscription.min, `Choose ${QUANTITY_RANGES.subscription.min} at least.`)
      .max(QUANTITY_RANGES.subscription.max, `Choose ${QUANTITY_RANGES.subscription.max} at most.`)
      .optional(),
    frequency: z.number().int('Choose a frequency in weeks.').positive('Choose a frequency in weeks.').optional(),
  })
  .strict();

/**
 * PATCH /v2/subscriptions/{id} (spec 001 §7 "update ... with a body", method not shown): any of a product's quantity
 * and frequency, the shipping address (the pubkey of one of the caller's addresses), the payment method (the id of one
 * of the caller's saved methods). `version`, when sent, must be the subscription's current one (else 409: another tab
 * changed it since).
 */
export const subscriptionPatch = z
  .object({
    regular_products: z.array(productChange).min(1).max(20).optional(),
    shipping_address: z.string().trim().min(1, 'Choose an address.').max(100).optional(),
    payment_source: z.string().trim().min(1, 'Choose a payment method.').max(100).optional(),
    version: z.number().int().positive().optional(),
  })
  .strict()
  .refine((p) => p.regular_products !== undefined || p.shipping_address !== undefined || p.payment_source !== undefined, {
    message: 'Nothing to change.',
    path: ['regular_products'],
  });
export type SubscriptionPatch = z.infer<typeof subscriptionPatch>;

/** One charge to come (spec 001 §3 "Forecast entry": next_charge, discount_rate, items, shipping_estimate), priced as its renewal will be. */
export const subscriptionForecastEntry = z.object({
  /** The day it is charged (YYYY-MM-DD). */
  next_charge: z.string(),
  /** The subscription's saving (0.15). */
  discount_rate: z.number(),
  items: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      quantity: z.number().int(),
      /** The unit price on the subscription. */
      price: z.number(),
      total_price: z.number(),
      /** The formula's skeleton, else the product type. */
      skeleton_type: z.string(),
    }),
  ),
  /** Before the saving. */
  total_price: z.number(),
  total_discount: z.number(),
  /** Free on every subscription order (spec 001 §9). */
  total_shipping: z.number(),
  total_taxes: z.number(),
  total_amount: z.number(),
  /**
   * A retention coupon on this charge (server/subscriptions/README.md "Retention offers": once, on the next charge
   * only): its label, percent and amount, also counted in total_discount; null or absent when none.
   */
  offer: z.object({ label: z.string(), percent_off: z.number().int(), amount: z.number() }).nullable().optional(),
  /** When the box should arrive (business days after the charge). */
  shipping_estimate: z.object({ min_date: z.string(), max_date: z.string() }),
});
export type SubscriptionForecastEntry = z.infer<typeof subscriptionForecastEntry>;

/**
 * POST /v2/subscriptions/{id}/forecast: the next charges (spec 001 §4 "Forecast status: AVAILABLE or NOT_AVAILABLE").
 * NOT_AVAILABLE, with the reason, when no renewal would be charged: canceled, on hold, no live payment method, a
 * sold-out fragrance, or nothing left to renew.
 */
export const subscriptionForecast = z.object({
  status: z.enum(['AVAILABLE', 'NOT_AVAILABLE']),
  reason: z.enum(['canceled', 'onhold', 'no_payment_method', 'invalid_fragrance', 'nothing_to_renew']).nullable(),
  currency: z.enum(['USD', 'CAD']),
  forecast: z.array(subscriptionForecastEntry),
});
export type SubscriptionForecast = z.infer<typeof subscriptionForecast>;

/**
 * The next delivery as a ticket (spec 001 §3 Subscription ticket): its products, the subscription's saving as a
 * coupon line (spec 001 §3 "Subscription coupon": a total_price of 0 or less is a discount line), the delivery
 * estimate. Gifts with purchase (gwps) are not offered on renewals: always empty.
 */
export const subscriptionTicket = z.object({
  coupons: z.array(z.object({ total_price: z.number(), property: z.enum(['credit', 'offer', 'subscription']), label: z.string(), origin: z.string() })),
  products: z.array(z.object({ slug: z.string(), quantity: z.number().int(), total_price: z.number() })),
  shipping_estimate: z.object({ min_date: z.string(), max_date: z.string() }),
  currency: z.enum(['USD', 'CAD']),
  gwps: z.array(z.object({ slug: z.string() })),
});
export type SubscriptionTicket = z.infer<typeof subscriptionTicket>;

/**
 * Spec 001 §3 "Preview, skip and unskip responses: ticket, gwps, forecast, subscribed_products": the next charge's
 * ticket (null when none is forecast), the forecast, what each product may do, and the subscription as now.
 */
export const subscriptionSkipResult = z.object({
  ticket: subscriptionTicket.nullable(),
  gwps: z.array(z.object({ slug: z.string() })),
  forecast: subscriptionForecast,
  subscribed_products: z.array(z.object({ type: z.string(), can_skip: z.boolean(), can_unskip: z.boolean() })),
  subscription,
});
export type SubscriptionSkipResult = z.infer<typeof subscriptionSkipResult>;

/** POST /v2/subscriptions/{id}/preview: quantities and frequencies to try (checked as a PATCH checks them; nothing is saved). */
export const subscriptionPreviewRequest = z
  .object({
    regular_products: z.array(productChange).max(20),
  })
  .strict();

/** What the subscription would charge with those changes (spec 001 §3 "Preview ... responses: ticket, gwps, forecast, subscribed_products"). */
export const subscriptionPreview = subscriptionSkipResult.omit({ subscription: true });
export type SubscriptionPreview = z.infer<typeof subscriptionPreview>;
