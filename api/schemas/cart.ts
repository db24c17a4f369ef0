import { z } from 'zod';
import { recommendationSection } from './profile';

// The cart on the wire (spec 001 §3 Cart, Cart item; §7 Cart). Money is integer cents in the cart's currency; the
// server computes every price and total from the catalogue, and a client never sends one.

/** An amount of money in integer cents. */
export const cents = z.number().int();

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
  unit_price: cents,
  total_price: cents,
  /** A coupon's or gift card's value. */
  amount: cents.nullable(),
  customization: z.object({ monograms: z.array(z.string()).optional() }).nullable(),
  subscription: cartItemSubscription,
  recommendation: z.object({ quantity: z.number().int().nullable(), section: recommendationSection }).nullable(),
  is_cart_visible: z.boolean(),
  origin: z.string().nullable(),
  property: z.string().nullable(),
  offered_variant_type: z.string().nullable(),
  variant: z.object({ product: z.object({ type: z.string() }) }).nullable(),
  item_object: z.object({ label: z.string(), picture_name: z.string().nullable() }).nullable(),
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
  payment_from_customer: cents,
  total_discount: cents,
  need_address: z.boolean(),
  shipping_address: z.unknown().nullable(),
  currency: z.enum(['USD', 'CAD']),
  total_amount: cents,
  total_price: cents,
  total_shipping: cents,
  /** ISO dates (YYYY-MM-DD) between which the order is expected to arrive. */
  shipping_estimate: z.array(z.object({ min: z.string(), max: z.string() })),
  display_coupons: z.array(z.object({ code: z.string(), label: z.string(), amount: cents })),
  gift_cards: z.array(z.object({ code: z.string(), amount: cents })),
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

/** PATCH of a cart (spec 001 §7 Cart): lines, or going to checkout. */
export const cartPatch = z.union([
  z.object({ items: z.array(cartItemUpdate).min(1).max(50) }).strict(),
  z.object({ is_in_checkout: z.literal(true) }).strict(),
]);
export type CartPatch = z.input<typeof cartPatch>;
