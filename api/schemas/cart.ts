import { z } from 'zod';
import { consultationCategories } from '../categories';
import { CURRENCIES } from '../money';
import { money } from './money';
import { address } from './account';
import { feedbackChange, recommendationSection } from './profile';

// The cart on the wire (spec 001 §3 Cart, Cart item; §7 Cart). Money is a decimal in the cart's currency's units,
// two decimals at most (API.md "Money on the wire"); the server computes every price and total from the catalogue in
// integer cents, and a client never sends one.

export { money };

/**
 * A cart's currency. One that is missing is USD, and the fallback is logged (spec 001 §5 and §8 "Missing currency:
 * falls back to USD, logged"): the shop would rather show a price in dollars than no cart, and someone should know.
 */
export const cartCurrency = z
  .enum(CURRENCIES)
  .nullish()
  .transform((value) => {
    if (value) return value;
    console.warn('A cart came without a currency: it is shown in USD (spec 001 §8).');
    return 'USD' as const;
  });

/** A cart line's kind (spec 001 §3 Cart item). */
export const cartItemCategory = z.enum(['formula', 'item', 'gift', 'coupon', 'gwp']);
export type CartItemCategory = z.infer<typeof cartItemCategory>;

/** A brush monogram: letters A-Z only, upper-cased as typed (spec 001 §5). */
export const monogram = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{1,3}$/, 'Use one to three letters, A to Z.'));

/** A line's subscription (spec 001 §3 Cart item, §9 Subscriptions and discounts); frequency in weeks (days for supplements). */
export const cartItemSubscription = z.object({
  active: z.boolean(),
  frequency: z.number().int().positive().nullable(),
  /** The subscription saving as a fraction (0.15 = 15% off). */
  discount: z.number().min(0).max(1),
  subscribable: z.boolean(),
  recommended_frequency: z.number().int().positive().nullable(),
});

/** One line of a cart: identified by category + type + product (spec 001 §3 Cart item). */
export const cartItem = z.object({
  category: cartItemCategory,
  type: z.string(),
  product: z.string(),
  slug: z.string(),
  quantity: z.number().int().min(0),
  label: z.string(),
  sku: z.string().nullable(),
  unit_price: money,
  total_price: money,
  /** A coupon's or gift card's value. */
  amount: money.nullable(),
  customization: z.object({ monograms: z.array(z.string()).optional() }).nullable(),
  subscription: cartItemSubscription,
  recommendation: z.object({ quantity: z.number().int().nullable(), section: recommendationSection }).nullable(),
  is_cart_visible: z.boolean(),
  origin: z.string().nullable(),
  property: z.string().nullable(),
  offered_variant_type: z.string().nullable(),
  variant: z.object({ product: z.object({ type: z.string() }) }).nullable(),
  item_object: z.object({ label: z.string(), picture_name: z.string().nullable() }).nullable(),
  /** A custom product's changes from the shopper's latest feedback ("Tuned from your feedback"), when there are any. */
  feedback_changes: z.array(feedbackChange).optional(),
});
export type CartItem = z.infer<typeof cartItem>;

/** The three fields that name a line. */
export type CartItemKey = Pick<CartItem, 'category' | 'type' | 'product'>;

/** A cart (spec 001 §3 Cart). */
export const cart = z.object({
  pubkey: z.string(),
  items: z.array(cartItem),
  /** What the shopper may add from this cart (the recommendation's other products), priced as lines of quantity 0. */
  catalog: z.array(cartItem),
  origin: z.string().nullable(),
  need_pumps: z.boolean(),
  is_in_checkout: z.boolean(),
  can_subscribe: z.boolean(),
  payment_from_customer: money,
  total_discount: money,
  need_address: z.boolean(),
  /** Where it ships: the account's primary address; null until there is one, and when nothing in it ships. */
  shipping_address: address.nullable(),
  currency: cartCurrency,
  total_amount: money,
  total_price: money,
  total_shipping: money,
  /**
   * Sales tax on the goods (after savings; shipping untaxed), estimated from the region of the profile's zip code until
   * an address is known; null when the region is not known.
   */
  estimated_taxes: money.nullable(),
  /** What the shopper pays: total_amount with the estimated taxes (the charge when the order is placed now). */
  amount_due: money,
  /** The state or province the estimate is for (TX, QC). */
  tax_region: z.string().nullable(),
  /** ISO dates (YYYY-MM-DD) between which the order is expected to arrive. */
  shipping_estimate: z.array(z.object({ min: z.string(), max: z.string() })),
  display_coupons: z.array(z.object({ code: z.string(), label: z.string(), amount: money })),
  gift_cards: z.array(z.object({ code: z.string(), amount: money })),
  status: z.enum(['open', 'processing_payment']).nullable(),
  checkout: z.object({ pubkey: z.string() }).nullable(),
  formulaset: z.object({ survey: z.record(z.string(), z.unknown()) }).nullable(),
  cartSectionTitle: z.array(z.object({ section: z.string(), title: z.string() })),
});
export type Cart = z.infer<typeof cart>;

/** One line as the client asks for it (spec 001 §7 Cart update): quantity 0 removes it. */
export const cartItemUpdate = z
  .object({
    category: cartItemCategory,
    product: z.string().min(1).max(100),
    type: z.string().min(1).max(100),
    quantity: z.number().int().min(0).max(4),
    customization: z
      .object({ monograms: z.array(monogram).max(4) })
      .strict()
      .optional(),
    subscription: z
      .object({ active: z.boolean(), frequency: z.number().int().positive().max(366).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type CartItemUpdate = z.input<typeof cartItemUpdate>;

/**
 * A coupon code as a shopper types it (spec 001 §3 Cart display_coupons; api/README.md "Coupons"): letters, digits,
 * - and _, any case; null removes the cart's coupon.
 */
export const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a code of letters and digits, such as WELCOME.')
  .nullable();

/** PATCH of a cart (spec 001 §7 Cart): lines, going to checkout, or its coupon (a code, or null to remove it). */
export const cartPatch = z.union([
  z.object({ items: z.array(cartItemUpdate).min(1).max(50) }).strict(),
  z.object({ is_in_checkout: z.literal(true) }).strict(),
  z.object({ coupon: couponCode }).strict(),
]);
export type CartPatch = z.input<typeof cartPatch>;

/** A line the recommendation cart is loaded with (spec 001 §7 Cart load `items`): a product type, or one with a quantity. */
const loadItem = z.union([
  z.string().min(1).max(100),
  z.object({ type: z.string().min(1).max(100), quantity: z.number().int().min(1).max(4).optional() }).strict(),
]);

/**
 * GET /v1/account/cart/?category=&origin=&items= (spec 001 §7 Cart): the shopper's cart of a category (haircare unless
 * skincare). With `origin` or `items` it is (re)made from the shopper's recommendations: `items` (JSON) names the
 * lines to choose, else the routine's (preselect and main, api/commerce.ts ROUTINE_SECTIONS) are.
 */
export const cartQuery = z
  .object({
    category: z.enum(consultationCategories).default('haircare'),
    origin: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected an origin code such as trial_kit_a.')
      .optional(),
    items: z
      .string()
      .max(2000, 'Expected at most 2,000 characters of items.')
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'Expected items as JSON, such as ["shampoo", {"type": "conditioner", "quantity": 2}].' });
          return z.NEVER;
        }
      })
      .pipe(z.array(loadItem).max(20, 'Expected at most 20 items.'))
      .optional(),
  })
  .strict();
export type CartQuery = z.input<typeof cartQuery>;

/** PATCH /v1/account/cart/?category=: which cart. */
export const cartCategoryQuery = z.object({ category: z.enum(consultationCategories).default('haircare') }).strict();

/**
 * The universal cart's invalidate-recommendation option (spec 001 §7 Cart): the change follows a new recommendation,
 * which the client reads again. The reply's catalog and each line's recommendation are always made from the shopper's
 * recommendation as it is now, so the server needs nothing more than to accept it.
 */
const invalidateRecommendation = { invalidate_recommendation: z.boolean().optional() };

/** POST /v2/cart/: the universal cart's first lines (none: an empty cart). */
export const cartCreate = z.object({ items: z.array(cartItemUpdate).max(50).optional(), ...invalidateRecommendation }).strict();

/** PATCH /v2/cart/: lines or going to checkout, as the per-category cart's PATCH, with the invalidate-recommendation option. */
export const universalCartPatch = z.union([
  z.object({ items: z.array(cartItemUpdate).min(1).max(50), ...invalidateRecommendation }).strict(),
  z.object({ is_in_checkout: z.literal(true), ...invalidateRecommendation }).strict(),
  z.object({ coupon: couponCode, ...invalidateRecommendation }).strict(),
]);
export type UniversalCartPatch = z.input<typeof universalCartPatch>;
