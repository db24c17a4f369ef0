import { ApiError, notFound, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { applyLines, findCart, haircareCompleted, lockCart, originOf, replaceLines } from './cart-store';
import type { Cart, CartItemUpdate } from '#api';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { CartKind } from '../db/schema';
import type { Database } from '../db/database';
import type { UserRow } from '../http/authenticate';
import type { Services } from '../services';
import { checkLine, needsConsultationCheck, type ShopperFacts } from './cart-rules';
import { cartCoupon, loadCartContext } from './cart-context';
import { couponBook, findCoupon } from '../promotions/coupon-book';
import { couponProblem } from '../promotions/coupon-rules';
import { couponFacts, setCartCoupon } from '../promotions/coupon-store';
import { couponLines } from './price-cart';
import { cartView, type CartContext } from './cart-view';
import { shipmentPreferenceOperations } from './shipment-preferences';

// The coupons file is checked when the server loads its operations: a broken one stops the start with its
// file:line:column, not the first shopper's coupon.
couponBook();

/**
 * GET /v1/account/cart/?category=: the shopper's cart of a category (spec 001 §7 Cart), 404 when there is none
 * (§4). With `origin` or `items` it is first made from their recommendations (the results page's call to action):
 * the lines `items` names, else the routine the results page lists (ROUTINE_SECTIONS), each subscribable one a subscription at its recommended
 * frequency; the rest of the routine and the accessories come as the cart's catalog.
 */
export const getCart = defineOperation(
  'getCart',
  {
    summary: 'The shopper’s cart of a category, made from their recommendations when asked',
    tag: 'cart',
    responses: {
      200: 'The cart, priced from the catalogue',
      400: 'validation_error: a bad query, or an item the cart cannot hold (nothing is saved)',
      404: 'not_found: no cart yet',
    },
  },
  async ({ c, query, auth, services }) => {
    const kind = query.category;
    const { context, currency, routine } = await loadCartContext(services, auth.user, kind);
    if (query.origin === undefined && query.items === undefined) {
      const found = await findCart(services.db, auth.user.id, kind);
      if (!found) throw notFound('not_found', 'There is no cart yet.');
      return c.json(cartView(found.cart, found.items, context), 200);
    }
    const wanted =
      query.items?.map((item) => (typeof item === 'string' ? { type: item, quantity: 1 } : { type: item.type, quantity: item.quantity ?? 1 })) ??
      routine.map((type) => ({ type, quantity: 1 }));
    const shopper = await shopperFacts(services, auth.user, wanted, context.entries);
    const now = services.clock.now();
    const fields: Record<string, string[]> = {};
    const lines = wanted.flatMap(({ type, quantity }, i) => {
      const entry = context.entries.get(type);
      const offered = context.offered.find((o) => o.type === type);
      const category = offered?.category ?? (entry?.isCustom === false ? 'item' : 'formula');
      const product = entry ? (entry.parentType ?? entry.type) : type;
      const checked = checkLine({ category, type, product, quantity }, context.entries, kind, shopper);
      if ('problems' in checked) {
        for (const [field, message] of Object.entries(checked.problems)) fields[`items.${i}.${field}`] = [message];
        return [];
      }
      const subscribable = context.entries.get(type)!.isSubscribable;
      return [
        {
          cartId: 0,
          category,
          type,
          product,
          quantity,
          customization: null,
          subscriptionActive: subscribable,
          frequency: checked.line.defaultFrequency,
          section: category === 'formula' ? 'main' : null,
          position: 0,
        },
      ];
    });
    if (Object.keys(fields).length > 0) throw validationError(fields, 'Some items cannot be put in this cart.');
    const saved = await services.db.transaction(async (tx) => {
      const origin = query.origin === undefined ? null : originOf(query.origin);
      const { cart } = (await lockCart(tx, auth.user.id, kind, now, { create: { currency }, changes: { origin, isInCheckout: false, currency } }))!;
      return { cart, items: (await replaceLines(tx, cart, lines, now)).sort((a, b) => a.position - b.position) };
    });
    return c.json(cartView(saved.cart, saved.items, context), 200);
  },
);

/** What the line rules need of the shopper: the consultation is read only when a candle or the towel is asked for. */
async function shopperFacts(
  services: Services,
  user: UserRow,
  lines: readonly { type: string; quantity: number }[],
  entries: ReadonlyMap<string, CatalogueEntry>,
): Promise<ShopperFacts> {
  return { isGuest: user.isGuest, haircareCompleted: needsConsultationCheck(lines, entries) && (await haircareCompleted(services.db, user.id)) };
}

/** A change a cart call makes: lines, going to checkout, or its coupon (a code, null to remove it). */
type CartChange = { items: CartItemUpdate[] } | { is_in_checkout: true } | { coupon: string | null };

/**
 * One change to the shopper's cart of `kind`, as every cart call makes it (spec 001 §7 Cart), in one transaction with
 * the cart row locked, so two tabs take turns and neither loses a change: lines are checked (400 naming each, nothing
 * saved) and applied, or the cart goes to checkout, or its coupon is set (422 invalid_coupon naming why, nothing
 * saved) or removed. A cart is made for new lines unless `existing` says it must be there already. The reply is
 * built from the rows the transaction holds.
 */
async function changeCart(
  services: Services,
  user: UserRow,
  kind: CartKind,
  change: CartChange,
  existing: 'required' | 'made when missing',
): Promise<{ existed: boolean; view: Cart }> {
  const { context, currency } = await loadCartContext(services, user, kind, { coupon: 'after the change' });
  const toCheckout = 'is_in_checkout' in change;
  const couponChange = 'coupon' in change ? change.coupon : undefined;
  const items = 'items' in change ? change.items : [];
  const shopper = await shopperFacts(services, user, items, context.entries);
  const now = services.clock.now();
  const saved = await services.db.transaction(async (tx) => {
    const made = existing === 'made when missing' && !toCheckout && couponChange === undefined;
    const locked = await lockCart(tx, user.id, kind, now, {
      ...(made ? { create: { currency } } : {}),
      changes: { currency, ...(toCheckout ? { isInCheckout: true } : {}) },
    });
    if (!locked) throw notFound('not_found', 'There is no cart yet.');
    const lines = items.length > 0 ? await applyLines(tx, locked, items, context.entries, shopper, now) : locked.items;
    if (couponChange !== undefined) await changeCoupon(tx, user, locked.cart.id, couponChange, lines, context, now);
    return { cart: locked.cart, items: lines, existed: !locked.made };
  });
  // The coupon as it stands after the change (a sign-up coupon first applies once the cart holds what it is for).
  const coupon = await cartCoupon(services, user, kind, currency, context.entries);
  return { existed: saved.existed, view: cartView(saved.cart, saved.items, { ...context, coupon }) };
}

/**
 * Sets the cart's coupon once the rules allow it on the cart's lines now (spec 001 §3 Cart display_coupons): an
 * unknown, expired, not yet valid, used up, wrong-category, below-minimum or not-first-order code is 422
 * invalid_coupon naming why in `fields.coupon`, and nothing is saved. Null removes it.
 */
async function changeCoupon(
  tx: Database,
  user: UserRow,
  cartId: number,
  code: string | null,
  lines: readonly { type: string; quantity: number; subscriptionActive: boolean; category: string }[],
  context: CartContext,
  now: Date,
): Promise<void> {
  if (code === null) return setCartCoupon(tx, cartId, null, now);
  const coupon = findCoupon(code);
  const refuse = (reason: string) => new ApiError(422, 'invalid_coupon', reason, { coupon: [reason] });
  if (!coupon) throw refuse('There is no coupon with this code.');
  const priced = lines
    .filter((l) => context.entries.has(l.type))
    .map((l) => ({ entry: context.entries.get(l.type)!, quantity: l.quantity, subscriptionActive: l.subscriptionActive, category: l.category }));
  const problem = couponProblem(coupon, couponLines(priced, context.currency), await couponFacts(tx, user.id, coupon, context.currency, now));
  if (problem) throw refuse(problem);
  await setCartCoupon(tx, cartId, coupon.key, now);
}

/**
 * PATCH /v1/account/cart/?category=: change lines (quantity 0 removes one; the first line makes the cart), set
 * monograms, or go to checkout (spec 001 §7 Cart).
 */
export const patchCart = defineOperation(
  'patchCart',
  {
    summary: 'Change the shopper’s cart of a category',
    tag: 'cart',
    responses: {
      200: 'The cart after the change',
      400: 'validation_error naming each line that cannot be saved (nothing is saved)',
      404: 'not_found: going to checkout, or setting a coupon, with no cart',
      422: 'invalid_coupon: a code that cannot be used on this cart now, why in fields.coupon (nothing is saved)',
    },
  },
  async ({ c, query, body, auth, services }) => c.json((await changeCart(services, auth.user, query.category, body, 'made when missing')).view, 200),
);

/** GET /v2/cart/: the universal cart (haircare, skincare and accessories together), 404 when there is none (spec 001 §7 Cart). */
export const getUniversalCart = defineOperation(
  'getUniversalCart',
  { summary: 'The shopper’s universal cart', tag: 'cart', responses: { 200: 'The cart', 404: 'not_found: no cart yet' } },
  async ({ c, auth, services }) => {
    const { context } = await loadCartContext(services, auth.user, 'universal');
    const found = await findCart(services.db, auth.user.id, 'universal');
    if (!found) throw notFound('not_found', 'There is no cart yet.');
    return c.json(cartView(found.cart, found.items, context), 200);
  },
);

/** POST /v2/cart/: makes the universal cart with its first lines (201); a second tab's POST adds to the same cart (200). */
export const createUniversalCart = defineOperation(
  'createUniversalCart',
  {
    summary: 'Make the shopper’s universal cart',
    tag: 'cart',
    responses: { 201: 'The new cart', 200: 'The cart already existed: the lines were added to it', 400: 'validation_error naming each line (nothing saved)' },
  },
  async ({ c, body, auth, services }) => {
    const { existed, view } = await changeCart(services, auth.user, 'universal', { items: body.items ?? [] }, 'made when missing');
    return c.json(view, existed ? 200 : 201);
  },
);

/**
 * PATCH /v2/cart/: changes the universal cart's lines or goes to checkout, as the per-category PATCH does; 404 with none.
 * POST and PATCH accept `invalidate_recommendation` (spec 001 §7): the reply is always drawn from the current recommendation.
 */
export const patchUniversalCart = defineOperation(
  'patchUniversalCart',
  {
    summary: 'Change the shopper’s universal cart',
    tag: 'cart',
    responses: {
      200: 'The cart after the change',
      400: 'validation_error naming each line (nothing saved)',
      404: 'not_found: no cart',
      422: 'invalid_coupon: a code that cannot be used on this cart now, why in fields.coupon (nothing is saved)',
    },
  },
  async ({ c, body, auth, services }) => {
    const change: CartChange = 'items' in body ? { items: body.items } : 'coupon' in body ? { coupon: body.coupon } : { is_in_checkout: body.is_in_checkout };
    return c.json((await changeCart(services, auth.user, 'universal', change, 'required')).view, 200);
  },
);

export const cartOperations = [getCart, patchCart, getUniversalCart, createUniversalCart, patchUniversalCart, ...shipmentPreferenceOperations];
