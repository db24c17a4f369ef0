import { z } from 'zod';
import { currency, money } from './money';

// The catalogue on the wire (spec 001 §3 Product; API.md GET /v1/products/). Prices are decimals in the currency's
// units (API.md "Money on the wire"), worked out by the server from integer cents.

export { currency, money };

/** A variant of a product (the brush's three, the candle's three), in its `order`. */
export const catalogueVariant = z.object({
  type: z.string(),
  slug: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  price: money,
  currency,
  sold_out: z.boolean(),
});

export const productPicture = z.object({ src: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() });

/** One product of the catalogue (spec 001 §3 Product, with the catalogue content entries' fields). */
export const product = z.object({
  type: z.string(),
  label: z.string(),
  category: z.enum(['haircare', 'skincare', 'others']),
  sub_category: z.enum(['supplements', 'topicals', 'tools', 'lifestyle']).nullable(),
  price: money,
  subscribed_price: money,
  currency,
  /** The subscription saving as a fraction (0.15 = 15% off); 0 when not subscribable. */
  subscription_discount: z.number().min(0).max(1),
  is_subscribable: z.boolean(),
  is_custom: z.boolean(),
  ranks: z.record(z.string(), z.number()),
  variants: z.array(catalogueVariant),
  /** false: sold only through an offer, a set or a recommendation; collections leave it out. */
  listed: z.boolean(),
  sold_out: z.boolean(),
  /** Sold only to a shopper with an account and a completed haircare consultation, from the haircare cart (spec 001 §5: candles, the towel). */
  needs_haircare_consultation: z.boolean(),
  display_order: z.number().int().nullable(),
  tag: z.string().nullable(),
  page_url: z.string().nullable(),
  picture: productPicture.nullable(),
  capacity: z.string().nullable(),
  usage: z.string().nullable(),
  description: z.string().nullable(),
  key_benefits: z.array(z.string()),
  disclaimer: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

/** GET /v1/products/?country=: US -> USD, CA -> CAD, any other or none -> USD (spec 001 §9 Countries). */
export const productsQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Expected a two-letter country code such as US or CA.')
    .transform((c) => c.toUpperCase())
    .optional(),
});

export const productList = z.object({ country: z.string(), currency, products: z.array(product) });
export type ProductList = z.infer<typeof productList>;

/** GET /v1/cart_sections/: the title of each recommendation section the cart shows. */
export const cartSections = z.record(z.string(), z.string());
export type CartSections = z.infer<typeof cartSections>;

/** POST /v1/products/{type}/waitlist/: join a sold-out product's waitlist. */
export const waitlistRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Enter a shorter e-mail address.')
    .pipe(z.email({ message: 'Enter an e-mail address like name@example.com.' })),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export const waitlistEntry = z.object({ product: z.string(), email: z.string(), joined: z.boolean() });
