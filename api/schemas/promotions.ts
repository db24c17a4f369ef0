import { z } from 'zod';
import { currency, money } from './money';

// Gifts with purchase (spec 001 §3 "Promotional gift", Cart item category gwp, §4, §5, §7 GET /v1/promotional_gift,
// §9 "Gift-with-purchase variants"; server/promotions/README.md "Gifts with purchase" for the choices the spec leaves open).

/** §9: the gift-with-purchase variants, the values of `offered_variant_type`. */
export const GWP_VARIANTS = [
  'evergreen',
  'comb-gwp',
  'travel-pouches-gwp',
  'weekender-pouch-gwp',
  'summer-sale-gwp',
  'toiletry-and-comb-gwp',
  'heatless-curl-set-black-friday-set-gwp',
  'heatless-curl-set-gwp',
  'collapsible-water-bottle-gwp',
  'petit-tote-gwp',
  'wide-tooth-comb-gwp',
  'toiletry-bag-gwp',
  'claw-clipper-gwp',
  'cabana-beach-towel-gwp',
] as const;
export type GwpVariant = (typeof GWP_VARIANTS)[number];

/**
 * One gift with purchase running now for the caller (GET /v1/promotional_gift): §3's should_show_banner and
 * offered_variant_type, and what the banner shows (its words, the free item) and which carts get it.
 */
export const promotionalGift = z.object({
  should_show_banner: z.boolean(),
  offered_variant_type: z.enum(GWP_VARIANTS),
  /** What the banner says. */
  banner: z.string(),
  /** The free item: its name and picture (a path on the shop's site). */
  item: z.object({ label: z.string(), picture: z.string().nullable() }),
  /** Which cart lines count: haircare, skincare, accessories or any. */
  category: z.enum(['haircare', 'skincare', 'accessories', 'any']),
  /** What those lines must reach, in `currency` (after subscription savings); null: any amount. */
  minimum: money.nullable(),
  currency,
  /** The cart must subscribe to one of those lines. */
  subscription_only: z.boolean(),
  /** When it stops (ISO instant), null: no end. */
  ends: z.string().nullable(),
});
export type PromotionalGift = z.infer<typeof promotionalGift>;
export const promotionalGifts = z.array(promotionalGift);
