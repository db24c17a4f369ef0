import { z } from 'zod';
import { QUANTITY_RANGES } from '../commerce';

// Making a subscription from the account, and the upsells that add products to one (spec 001 §3 Subscription, §4
// Subscriptions "Create", Upsells, §5 "Upsell response counts only if it has transaction_id", §7, §8; API.md
// "Subscriptions"; server/subscriptions/README.md "Create and upsells").

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD.');

/** One product of a new subscription or an upsell: a catalogue product type, 1–4 of it, every so many weeks. */
export const newRegularProduct = z
  .object({
    type: z.string().trim().min(1, 'Choose a product.').max(100),
    quantity: z
      .number({ error: 'Choose a quantity.' })
      .int('Choose a whole quantity.')
      .min(QUANTITY_RANGES.subscription.min, `Choose ${QUANTITY_RANGES.subscription.min} at least.`)
      .max(QUANTITY_RANGES.subscription.max, `Choose ${QUANTITY_RANGES.subscription.max} at most.`),
    frequency: z.number({ error: 'Choose a frequency in weeks.' }).int('Choose a frequency in weeks.').positive('Choose a frequency in weeks.'),
  })
  .strict();
export type NewRegularProduct = z.infer<typeof newRegularProduct>;

const products = z.array(newRegularProduct).min(1, 'Choose a product.').max(20);
const addressKey = z.string().trim().min(1, 'Choose an address.').max(100);
const methodKey = z.string().trim().min(1, 'Choose a payment method.').max(100);

/**
 * POST /v2/subscriptions (spec 001 §7 create): a subscription of one category and sub-category (topicals unless
 * given; supplements are haircare's), its products, the pubkey of one of the caller's addresses, the id of one of
 * their saved payment methods, and its first delivery (tomorrow unless given; at most 90 days ahead). Nothing is
 * charged now: the first box is charged on next_start, as a renewal.
 */
export const subscriptionCreateRequest = z
  .object({
    category: z.enum(['haircare', 'skincare'], { error: 'Choose haircare or skincare.' }),
    sub_category: z.enum(['topicals', 'supplements'], { error: 'Choose topicals or supplements.' }).optional(),
    regular_products: products,
    shipping_address: addressKey,
    payment_source: methodKey,
    next_start: day.optional(),
  })
  .strict();
export type SubscriptionCreateRequest = z.infer<typeof subscriptionCreateRequest>;

/**
 * POST /v2/subscriptions/preview: what such a subscription would charge (nothing is saved). The address, when given,
 * prices its taxes (else the caller's primary address, else none); the payment method is not needed.
 */
export const subscriptionCreatePreviewRequest = subscriptionCreateRequest
  .extend({ shipping_address: addressKey.optional(), payment_source: methodKey.optional() })
  .strict();
export type SubscriptionCreatePreviewRequest = z.infer<typeof subscriptionCreatePreviewRequest>;

/** GET /v1/account/upsell/{haircare|skincare}: haircare's supplements are asked for with sub_category=supplements. */
export const upsellQuery = z.object({ sub_category: z.enum(['topicals', 'supplements']).optional() }).strict();

/** One product an upsell offers, priced on the server (decimal money in the offer's currency). */
export const upsellProduct = z.object({
  type: z.string(),
  label: z.string(),
  quantity: z.number().int(),
  /** Every so many weeks (the recommended one: 4). */
  frequency: z.number().int(),
  price: z.number(),
  subscribed_price: z.number(),
});
export type UpsellProduct = z.infer<typeof upsellProduct>;

/**
 * An upsell offer (spec 001 §3 "Upsell offer: transaction_id", §4 Upsells): the products of the shopper's routine for a
 * category and sub-category they have no current or canceled subscription of. `transaction_id` is the server's, one
 * per offer, until `expires_at`; add-products must present it. `consultation_answered` false: the shopper has not
 * answered that consultation (the client records the category as missing a consultation when they pick it).
 */
export const upsellOffer = z.object({
  transaction_id: z.string(),
  category: z.enum(['haircare', 'skincare']),
  sub_category: z.enum(['topicals', 'supplements']),
  consultation_answered: z.boolean(),
  products: z.array(upsellProduct),
  /** The first delivery proposed (YYYY-MM-DD). */
  next_start: z.string(),
  currency: z.enum(['USD', 'CAD']),
  expires_at: z.string(),
});
export type UpsellOffer = z.infer<typeof upsellOffer>;

/**
 * POST /v2/subscriptions/preview-upsell `{regular_products, next_start}` (spec 001 §7: "the response is merged into the
 * upsell data"): the charges the subscription would make with those products added (to the caller's current
 * subscription of their category, else a new one). `transaction_id` and `shipping_address` are optional.
 */
export const upsellPreviewRequest = z
  .object({
    regular_products: products,
    next_start: day,
    transaction_id: z.string().trim().min(1).max(100).optional(),
    shipping_address: addressKey.optional(),
  })
  .strict();
export type UpsellPreviewRequest = z.infer<typeof upsellPreviewRequest>;

/**
 * POST /v2/subscriptions/add-products (spec 001 §7): the offer's products added to the caller's current subscription
 * of its category and sub-category (or a new one), starting on next_start; nothing is charged now. The address and
 * method become the subscription's.
 */
export const addProductsRequest = z
  .object({
    transaction_id: z.string().trim().min(1, 'This offer has no transaction id.').max(100),
    regular_products: products,
    payment_source: methodKey,
    next_start: day,
    shipping_address: addressKey,
  })
  .strict();
export type AddProductsRequest = z.infer<typeof addProductsRequest>;
