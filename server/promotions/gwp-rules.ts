/**
 * @module server/promotions/gwp-rules: which gift with purchase a cart gets (spec 001 §3 Cart item category gwp,
 * §9 "Gift-with-purchase variants"; README.md "Gifts with purchase"). Pure: the promotions live for the shopper now
 * come from gwp-offers.ts, the lines from the cart.
 *   - A promotion runs from `starts` (included) to `ends` (excluded) by the shop's clock.
 *   - The lines that count are those of its category (accessories: the catalogue's 'others'), quantity above 0, gift
 *     cards left out, at what the cart charges for them (after the subscription saving, before a coupon). At least one
 *     must be there, their sum must reach its minimum in the cart's currency, and with subscription_only one of them
 *     must be subscribed.
 *   - One gift per cart and per order: the first promotion of the file's order that the cart qualifies for.
 *   - The gift is a line of category gwp at price 0: it never changes a total.
 */
import type { CartItem } from '#api';
import type { Currency } from '#api/money';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { isGiftCardLine } from '../gifts/gift-lines';
import type { BasketLine } from '../money/record-order';
import type { Promotion } from './gwp-book';

/** A cart line as the rules read it. */
export interface GwpLine {
  entry: Pick<CatalogueEntry, 'type' | 'category' | 'isSubscribable' | 'price' | 'subscribedPrice'>;
  quantity: number;
  subscriptionActive: boolean;
  /** The cart line's category (formula, item, gift, ...). */
  category?: string;
}

/** The gift line's type when the free item is not a catalogue product (spec 001 §9 lists `gwp` among product types). */
export const GWP_TYPE = 'gwp';
/** The cart line category of a gift with purchase. */
export const GWP_CATEGORY = 'gwp' as const;

/** Whether the promotion runs at `now` (by the shop's clock). */
export const isRunning = (promotion: Pick<Promotion, 'starts' | 'ends'>, now: Date): boolean =>
  (promotion.starts === null || promotion.starts <= now) && (promotion.ends === null || now < promotion.ends);

const counts = (promotion: Pick<Promotion, 'category'>, line: GwpLine): boolean =>
  line.quantity > 0 &&
  !isGiftCardLine({ category: line.category ?? null, type: line.entry.type }) &&
  line.category !== GWP_CATEGORY &&
  (promotion.category === 'any' || (promotion.category === 'accessories' ? line.entry.category === 'others' : line.entry.category === promotion.category));

/** What the cart charges for a line, cents (as price-cart.ts prices it). */
const charged = (line: GwpLine, currency: Currency): number =>
  (line.subscriptionActive && line.entry.isSubscribable ? line.entry.subscribedPrice[currency] : line.entry.price[currency]) * line.quantity;

/** Whether a cart of these lines, priced in `currency`, qualifies for the promotion (its window is checked apart). */
export function qualifies(promotion: Pick<Promotion, 'category' | 'minimum' | 'subscriptionOnly'>, lines: readonly GwpLine[], currency: Currency): boolean {
  const counted = lines.filter((line) => counts(promotion, line));
  if (counted.length === 0) return false;
  if (promotion.subscriptionOnly && !counted.some((line) => line.subscriptionActive && line.entry.isSubscribable)) return false;
  if (promotion.minimum === null) return true;
  const minimum = promotion.minimum[currency];
  return minimum !== undefined && counted.reduce((sum, line) => sum + charged(line, currency), 0) >= minimum;
}

/** The one gift the cart gets: the first of `promotions` (the live ones, in the file's order) it qualifies for. */
export function giftForCart(promotions: readonly Promotion[], lines: readonly GwpLine[], currency: Currency): Promotion | null {
  return promotions.find((promotion) => qualifies(promotion, lines, currency)) ?? null;
}

/** The free item's name and picture: the catalogue product's, or the promotion's own. */
export function giftItem(promotion: Promotion, entries: ReadonlyMap<string, CatalogueEntry>): { type: string; label: string; picture: string | null } {
  if ('product' in promotion.item) {
    const entry = entries.get(promotion.item.product);
    return { type: promotion.item.product, label: entry?.label ?? promotion.label, picture: entry?.content.picture?.src ?? null };
  }
  return { type: GWP_TYPE, label: promotion.label, picture: promotion.item.picture };
}

/** The gift as a cart line (spec 001 §3 Cart item): category gwp, its variant in offered_variant_type, price 0. */
export function gwpCartItem(promotion: Promotion, entries: ReadonlyMap<string, CatalogueEntry>): CartItem {
  const item = giftItem(promotion, entries);
  return {
    category: GWP_CATEGORY,
    type: item.type,
    product: promotion.variant,
    slug: promotion.variant,
    quantity: 1,
    label: item.label,
    sku: null,
    unit_price: 0,
    total_price: 0,
    amount: null,
    customization: null,
    subscription: { active: false, frequency: null, discount: 0, subscribable: false, recommended_frequency: null },
    recommendation: null,
    is_cart_visible: true,
    origin: 'promotion',
    property: 'gwp',
    offered_variant_type: promotion.variant,
    variant: { product: { type: item.type } },
    item_object: { label: item.label, picture_name: item.picture },
  };
}

/** The gift as a line of the order, at 0 (server/money/record-order.ts). */
export function gwpBasketLine(
  promotion: Promotion,
  entries: ReadonlyMap<string, CatalogueEntry>,
): BasketLine & { category: typeof GWP_CATEGORY; productCategory: 'others' } {
  const item = giftItem(promotion, entries);
  return {
    category: GWP_CATEGORY,
    type: item.type,
    product: promotion.variant,
    label: item.label,
    quantity: 1,
    unitPrice: 0,
    totalPrice: 0,
    subscriptionActive: false,
    frequency: null,
    isFormula: false,
    productCategory: 'others' as const,
    formula: null,
    customization: null,
  };
}
