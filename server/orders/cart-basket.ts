/**
 * @module server/orders/cart-basket: a cart in checkout as a priced basket (server/money/record-order.ts): every line
 * priced from the server's catalogue in the currency of the country it ships to, the taxes of its address's state
 * or province, the cart's coupon and the shopper's shop credit (server/cart/price-cart.ts), and the formulas as they
 * are today. Refuses, with 400 and nothing saved, what cannot be ordered: no lines, no payment for something the
 * credit does not pay (or for a subscription), no address for something that ships, or an address whose postal code
 * is not in its state (kept before that was checked: taxes follow the state); and, with 422 invalid_coupon, a cart
 * whose coupon no longer applies (place-order.ts removes it).
 */
import type { Formula } from '#api';
import { ApiError, validationError } from '../http/api-error';
import { regionMismatch } from '../account/postal-code';
import type { CartContext } from '../cart/cart-view';
import { cartView } from '../cart/cart-view';
import { priceCart, priceLine, type AppliedCoupon } from '../cart/price-cart';
import type { CartKind, OrderedFormula, cartItems, carts } from '../db/schema';
import type { PricedBasket } from '../money/record-order';
import { feedbackSurvey } from '../feedback/survey-fields';
import { giftForCart, gwpBasketLine } from '../promotions/gwp-rules';

type CartRow = typeof carts.$inferSelect;
type LineRow = typeof cartItems.$inferSelect;

/** A cart's coupon that no longer applies at order time: the order is refused (422 invalid_coupon) and the coupon removed. */
export class CouponNoLongerValid extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'CouponNoLongerValid';
  }
}

/** A cart priced as a basket, with the coupon it applies and the shop credit it spends (cents). */
export type CartBasket = PricedBasket & { coupon: AppliedCoupon | null; credit: number };

/** The locked cart's lines as a basket; `paying` says whether the request brings a way to pay. */
export async function cartBasket(
  cart: CartRow,
  rows: readonly LineRow[],
  context: CartContext,
  deliveryInstructions: string,
  paying: boolean,
): Promise<CartBasket> {
  const lines = rows.filter((line) => context.entries.has(line.type));
  if (lines.length === 0) throw new ApiError(422, 'cart_empty', 'Your cart is empty.');
  const currency = context.currency;
  const priced = lines.map((line) => ({
    entry: context.entries.get(line.type)!,
    quantity: line.quantity,
    subscriptionActive: line.subscriptionActive,
    category: line.category,
  }));
  const totals = priceCart(priced, currency, { rate: context.tax?.rate ?? null, coupon: context.coupon, credit: context.credit });
  // The cart's coupon no longer applies (expired, used up, ...): refused, never charged otherwise than the cart said.
  if (context.coupon && totals.couponProblem) throw new CouponNoLongerValid(context.coupon.coupon.key, totals.couponProblem);
  const isSubscription = priced.some((p) => p.subscriptionActive && p.entry.isSubscribable);
  // Spec 001 §4: checkout goes on without payment only when nothing is to be paid and nothing is a subscription.
  if ((totals.paymentFromCustomer > 0 || isSubscription) && !paying)
    throw validationError({ payment: ['Enter your card details.'] }, 'This order needs a payment.');
  const view = cartView(cart, lines, context);
  // The cart's gift with purchase (the one its view shows), kept on the order at 0: one per order, never in a total.
  const gift = giftForCart(context.promotions ?? [], priced, currency);
  const address = view.need_address ? context.shippingAddress : null;
  if (view.need_address && !address) throw validationError({ shipping_address: ['Add a shipping address.'] }, 'This order needs a shipping address.');
  const mismatch = address ? await regionMismatch(address.zipcode, address.state, address.country) : null;
  if (mismatch) throw validationError({ shipping_address: [mismatch] }, 'Correct the shipping address before ordering.');
  return {
    origin: { cartId: cart.id, cartVersion: cart.version, cartKind: cart.kind as CartKind },
    currency,
    // What the card pays: the amount due less the shop credit (spent when the order is recorded, place-order.ts).
    totals: {
      totalPrice: totals.totalPrice,
      totalDiscount: totals.totalDiscount,
      totalShipping: totals.totalShipping,
      totalTaxes: totals.taxes,
      totalAmount: totals.paymentFromCustomer,
    },
    coupon: totals.coupon,
    credit: totals.credit,
    isSubscription,
    // Spec 001 §3 formulaset.categories: the custom categories it holds; an order of accessories alone is "accessories".
    categories: categoriesOf(priced.filter((p) => p.entry.isCustom).map((p) => p.entry.category)),
    // Spec 001 §3 formulaset.survey, and the answers the feedback reads about these formulas (spec 002 §3.6).
    survey: { ...view.formulaset?.survey, ...feedbackSurvey(context.answers) },
    shippingAddress: address
      ? { address1: address.address1, address2: address.address2, city: address.city, state: address.state, zipcode: address.zipcode, country: address.country }
      : null,
    // The cart's shipment preference (server/cart/shipment-preferences.ts), kept as ordered; none: null.
    deliveryInstructions: address && deliveryInstructions !== '' ? deliveryInstructions : null,
    lines: lines
      .map((line) => {
        const entry = context.entries.get(line.type)!;
        const price = priceLine({ entry, quantity: line.quantity, subscriptionActive: line.subscriptionActive }, currency);
        const formula = entry.isCustom ? context.formulas.get(entry.type) : undefined;
        return {
          category: line.category,
          type: line.type,
          product: line.product,
          label: view.items.find((item) => item.type === line.type && item.category === line.category)?.label ?? entry.label,
          quantity: line.quantity,
          unitPrice: price.unitPrice,
          totalPrice: price.totalPrice,
          subscriptionActive: line.subscriptionActive && entry.isSubscribable,
          frequency: entry.isSubscribable ? line.frequency : null,
          isFormula: entry.isCustom,
          productCategory: entry.category,
          formula: formula ? orderedFormula(formula) : null,
          customization: line.customization,
        };
      })
      .concat(gift ? [gwpBasketLine(gift, context.entries)] : []),
  };
}

function categoriesOf(custom: readonly string[]): string[] {
  return custom.length > 0 ? [...new Set(custom)] : ['accessories'];
}

/** The formula as the lab makes it, kept with the order (its label, skeleton, actives with amounts, INCI list, fragrance). */
export function orderedFormula(formula: Formula): OrderedFormula {
  return {
    label: formula.label,
    skeleton: formula.skeleton_slug,
    ingredients: formula.actives.map((a) => ({
      name: a.name,
      inci: a.inci,
      percent: a.percent,
      amount: a.amount ? `${a.amount.value} ${a.amount.unit}` : null,
      slug: a.slug,
    })),
    inci: formula.inci,
    fragrance: formula.fragrance ? { slug: formula.fragrance.slug, name: formula.fragrance.name } : null,
  };
}
