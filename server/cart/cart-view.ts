import type { Address, Cart, CartItem, Formula } from '#api';
import { addBusinessDays, labelName } from '#api/shared';
import { toMoney, type Currency } from '#api/money';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { CartItemCustomization, carts, cartItems } from '../db/schema';
import { isSupplement, productOf, recommendedFrequency } from './cart-rules';
import type { CartCoupon } from '../promotions/coupon-store';
import { couponOriginLabel } from '../promotions/coupon-rules';
import { priceCart, priceLine, type AppliedCoupon } from './price-cart';
import type { Promotion } from '../promotions/gwp-book';
import { giftForCart, gwpCartItem } from '../promotions/gwp-rules';

type CartRow = typeof carts.$inferSelect;
type ItemRow = typeof cartItems.$inferSelect;

/** What a cart view is drawn from besides its rows: the catalogue, the shopper's formulas and answers, the titles. */
export interface CartContext {
  entries: ReadonlyMap<string, CatalogueEntry>;
  /** The shopper's formulas by product type (their names and fragrances label the lines). */
  formulas: ReadonlyMap<string, Formula>;
  firstName: string;
  answers: Record<string, unknown>;
  sectionTitles: Record<string, string>;
  /** Products offered in this cart at quantity 0 (spec 001 §3 Cart catalog), with the recommendation's place. */
  offered: readonly { type: string; category: 'formula' | 'item'; section: 'main' | 'upsale'; quantity: number | null }[];
  today: string;
  /** The tax's region and rate (thousandths of a percent): the shipping address's, else estimated from the profile's zip code. */
  tax: { region: string; rate: number } | null;
  /** Where the cart ships: the account's primary address (spec 001 §3 Cart shipping_address), if it has one. */
  shippingAddress: Address | null;
  /** What it is priced in: the shipping address's country's currency, else the profile's (spec 001 §9 Countries). */
  currency: Currency;
  /** The coupon the cart carries, with the facts its rules read (server/promotions); null: none. */
  coupon: CartCoupon | null;
  /** The shopper's shop credit in `currency`, cents (server/money/credit-ledger.ts). */
  credit: number;
  /** The gifts with purchase running now for the shopper, in priority order (server/promotions/gwp-offers.ts); none: []. */
  promotions?: readonly Promotion[];
}

/** Business days from order to door (spec 001 §9 counts business days; the figures are ours): made to order takes longer. */
export const DELIVERY_DAYS = { custom: { min: 5, max: 8 }, ready: { min: 3, max: 5 } } as const;

/** The survey fields a cart carries (spec 001 §3 Cart formulaset.survey). */
const SURVEY_FIELDS = ['profile_country', 'profile_zipcode', 'goal_hair_growth', 'goal_hair_shedding'] as const;

/** The cart as the API sends it (spec 001 §3 Cart, Cart item): priced from the catalogue, money in the currency's units. */
export function cartView(cart: CartRow, items: readonly ItemRow[], context: CartContext): Cart {
  // The context's, not the row's: the row keeps the currency of its last change, the context follows the address.
  const currency = context.currency;
  const lines = items
    .filter((item) => context.entries.has(item.type))
    .sort((a, b) => a.position - b.position)
    .map((item) => lineView(item, context.entries.get(item.type)!, currency, context));
  const held = new Set(items.map((item) => `${item.category}:${item.type}:${item.product}`));
  const catalog = context.offered
    .filter(
      (o) =>
        context.entries.has(o.type) && !context.entries.get(o.type)!.retired && !held.has(`${o.category}:${o.type}:${productOf(context.entries.get(o.type)!)}`),
    )
    .map((o) => {
      const entry = context.entries.get(o.type)!;
      const line = lineView(
        {
          category: o.category,
          type: o.type,
          product: productOf(entry),
          quantity: 0,
          customization: null,
          subscriptionActive: false,
          frequency: null,
          section: o.section,
        },
        entry,
        currency,
        context,
      );
      return { ...line, recommendation: { quantity: o.quantity, section: o.section } };
    });
  const priced = items
    .filter((item) => context.entries.has(item.type))
    .map((item) => ({
      entry: context.entries.get(item.type)!,
      quantity: item.quantity,
      subscriptionActive: item.subscriptionActive,
      category: item.category,
    }));
  const totals = priceCart(priced, currency, { rate: context.tax?.rate ?? null, coupon: context.coupon, credit: context.credit });
  // The one gift with purchase the cart qualifies for, at 0: it changes no total (server/promotions/gwp-rules.ts).
  const gift = giftForCart(context.promotions ?? [], priced, currency);
  const products = gift ? [...lines, gwpCartItem(gift, context.entries)] : lines;
  const physical = lines.some((line) => line.quantity > 0 && line.type !== 'digital_gift');
  const custom = lines.some((line) => line.quantity > 0 && context.entries.get(line.type)?.isCustom);
  const days = custom ? DELIVERY_DAYS.custom : DELIVERY_DAYS.ready;
  const sections = [...new Set([...lines, ...catalog].map((line) => line.recommendation?.section).filter((s): s is 'main' | 'upsale' => !!s))];
  return {
    pubkey: cart.pubkey,
    items: totals.coupon ? [...products, couponLine(totals.coupon)] : products,
    catalog,
    origin: cart.origin,
    need_pumps: false,
    is_in_checkout: cart.isInCheckout,
    can_subscribe: [...lines, ...catalog].some((line) => line.subscription.subscribable),
    payment_from_customer: toMoney(totals.paymentFromCustomer),
    total_discount: toMoney(totals.totalDiscount),
    need_address: physical,
    shipping_address: physical ? context.shippingAddress : null,
    currency,
    total_amount: toMoney(totals.totalAmount),
    total_price: toMoney(totals.totalPrice),
    total_shipping: toMoney(totals.totalShipping),
    estimated_taxes: context.tax ? toMoney(totals.taxes) : null,
    amount_due: toMoney(totals.amountDue),
    tax_region: context.tax?.region ?? null,
    shipping_estimate: lines.length > 0 ? [{ min: addBusinessDays(context.today, days.min), max: addBusinessDays(context.today, days.max) }] : [],
    // Spec 001 §9: the coupon's label by its origin; its amount is what it takes off (part of total_discount).
    display_coupons: totals.coupon
      ? [{ code: totals.coupon.coupon.code, label: couponOriginLabel(totals.coupon.coupon.origin), amount: toMoney(totals.coupon.discount) }]
      : [],
    // The shop credit that pays part of amount_due (never a gift card's code: redeemed cards are one balance).
    gift_cards: totals.credit > 0 ? [{ code: 'credit', amount: toMoney(totals.credit) }] : [],
    status: 'open',
    checkout: null,
    formulaset: { survey: Object.fromEntries(SURVEY_FIELDS.filter((f) => f in context.answers).map((f) => [f, context.answers[f]])) },
    cartSectionTitle: sections.map((section) => ({ section, title: context.sectionTitles[section] ?? section })),
  };
}

/** The coupon as a line of the cart (spec 001 §3 Cart item, category coupon): what it takes off, as a negative price. */
function couponLine(applied: AppliedCoupon): CartItem {
  const { coupon, discount } = applied;
  return {
    category: 'coupon',
    type: 'coupon',
    product: coupon.code,
    slug: coupon.key,
    quantity: 1,
    label: coupon.label,
    sku: null,
    unit_price: toMoney(-discount),
    total_price: toMoney(-discount),
    amount: toMoney(discount),
    customization: null,
    subscription: { active: false, frequency: null, discount: 0, subscribable: false, recommended_frequency: null },
    recommendation: null,
    // Shown in the summary (display_coupons), not among the products.
    is_cart_visible: false,
    origin: coupon.origin,
    property: couponOriginLabel(coupon.origin).toLowerCase(),
    offered_variant_type: null,
    variant: { product: { type: 'coupon' } },
    item_object: { label: coupon.label, picture_name: null },
  };
}

type LineSource = Pick<ItemRow, 'category' | 'type' | 'product' | 'quantity' | 'customization' | 'subscriptionActive' | 'frequency' | 'section'>;

function lineView(item: LineSource, entry: CatalogueEntry, currency: Currency, context: CartContext): CartItem {
  const priced = priceLine({ entry, quantity: item.quantity, subscriptionActive: item.subscriptionActive }, currency);
  const formula = context.formulas.get(entry.type);
  const mini = entry.type.endsWith('_mini');
  // A custom line carries the shopper's name (cut to 15 characters in a mini's label, spec 001 §9) and fragrance.
  const owner = context.firstName ? `${mini ? labelName(context.firstName) : context.firstName}'s ` : '';
  const label = entry.isCustom ? `${owner}${entry.label}${formula?.fragrance ? `, ${formula.fragrance.name}` : ''}` : entry.label;
  const customization: CartItemCustomization | null = item.customization ?? null;
  return {
    category: item.category,
    type: item.type,
    product: item.product,
    slug: entry.content.page_url?.split('/').pop() ?? entry.type,
    quantity: item.quantity,
    label,
    sku: entry.isCustom ? null : entry.type.toUpperCase(),
    unit_price: toMoney(priced.unitPrice),
    total_price: toMoney(priced.totalPrice),
    amount: null,
    customization: customization && customization.monograms ? { monograms: customization.monograms } : null,
    subscription: {
      active: item.subscriptionActive && entry.isSubscribable,
      frequency: entry.isSubscribable ? (item.frequency ?? recommendedFrequency(entry)) : null,
      // The saving the line's subscribed price gives, as a fraction: the price and the words agree.
      discount: entry.isSubscribable ? entry.discountBp / 10_000 : 0,
      subscribable: entry.isSubscribable,
      recommended_frequency: entry.isSubscribable ? recommendedFrequency(entry) : null,
    },
    recommendation: item.section ? { quantity: item.section === 'main' ? item.quantity : null, section: item.section as 'main' | 'upsale' } : null,
    is_cart_visible: true,
    origin: null,
    property: isSupplement(entry) ? 'supplements' : null,
    offered_variant_type: null,
    variant: { product: { type: productOf(entry) } },
    item_object: { label: formula?.label ?? entry.label, picture_name: entry.content.picture?.src ?? null },
    // What the shopper's latest feedback changed in this product's formula (server/formulation/feedback).
    ...(entry.isCustom && formula?.feedback_changes ? { feedback_changes: formula.feedback_changes } : {}),
  };
}
