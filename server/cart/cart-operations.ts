import { notFound, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { applyLines, findCart, haircareCompleted, lockCart, originOf, replaceLines, touch } from './cart-store';
import { checkLine, needsConsultationCheck } from './cart-rules';
import { loadCartContext } from './cart-context';
import { cartView } from './cart-view';

/**
 * GET /v1/account/cart/?category=: the shopper's cart of a category (spec 001 §7 Cart), 404 when there is none
 * (§4). With `origin` or `items` it is first made from their recommendations (the results page's call to action):
 * the lines `items` names, else the preselected products, each subscribable one a subscription at its recommended
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
    const { context, currency, preselected } = await loadCartContext(services, auth.user, kind);
    if (query.origin === undefined && query.items === undefined) {
      const found = await findCart(services.db, auth.user.id, kind);
      if (!found) throw notFound('not_found', 'There is no cart yet.');
      return c.json(cartView(found.cart, found.items, context), 200);
    }
    const wanted =
      query.items?.map((item) => (typeof item === 'string' ? { type: item, quantity: 1 } : { type: item.type, quantity: item.quantity ?? 1 })) ??
      preselected.map((type) => ({ type, quantity: 1 }));
    const shopper = { isGuest: auth.user.isGuest, haircareCompleted: await haircareCompleted(services.db, auth.user.id) };
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
      const locked = await lockCart(tx, auth.user.id, kind, currency, now);
      await replaceLines(tx, locked.cart, lines, query.origin === undefined ? null : originOf(query.origin), now);
      return findCart(tx, auth.user.id, kind);
    });
    return c.json(cartView(saved!.cart, saved!.items, context), 200);
  },
);

/**
 * PATCH /v1/account/cart/?category=: change lines (quantity 0 removes one), set monograms, or go to checkout (spec 001
 * §7 Cart). Every line is checked first (400 naming each, the cart unchanged); the cart row is locked while the
 * change is made, so two tabs take turns and neither loses a change.
 */
export const patchCart = defineOperation(
  'patchCart',
  {
    summary: 'Change the shopper’s cart of a category',
    tag: 'cart',
    responses: {
      200: 'The cart after the change',
      400: 'validation_error naming each line that cannot be saved (nothing is saved)',
      404: 'not_found: going to checkout with no cart',
    },
  },
  async ({ c, query, body, auth, services }) => {
    const kind = query.category;
    const { context, currency } = await loadCartContext(services, auth.user, kind);
    const now = services.clock.now();
    if ('is_in_checkout' in body) {
      const found = await findCart(services.db, auth.user.id, kind);
      if (!found) throw notFound('not_found', 'There is no cart to check out.');
      await touch(services.db, found.cart.id, now, { isInCheckout: true });
    } else {
      const shopper = {
        isGuest: auth.user.isGuest,
        haircareCompleted: needsConsultationCheck(body.items, context.entries) && (await haircareCompleted(services.db, auth.user.id)),
      };
      await services.db.transaction(async (tx) => {
        const locked = await lockCart(tx, auth.user.id, kind, currency, now);
        await applyLines(tx, locked, body.items, context.entries, shopper, now);
      });
    }
    const saved = await findCart(services.db, auth.user.id, kind);
    return c.json(cartView(saved!.cart, saved!.items, context), 200);
  },
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

/** The universal cart after `body`'s lines are applied, made first when there is none (201) — a second tab's POST adds to it (200). */
async function changeUniversalCart(call: Parameters<Parameters<typeof defineOperation<'createUniversalCart'>>[2]>[0], items: Parameters<typeof applyLines>[2]) {
  const { c, auth, services } = call;
  const { context, currency } = await loadCartContext(services, auth.user, 'universal');
  const now = services.clock.now();
  const existed = (await findCart(services.db, auth.user.id, 'universal')) !== null;
  const shopper = { isGuest: auth.user.isGuest, haircareCompleted: await haircareCompleted(services.db, auth.user.id) };
  await services.db.transaction(async (tx) => {
    const locked = await lockCart(tx, auth.user.id, 'universal', currency, now);
    if (items.length > 0) await applyLines(tx, locked, items, context.entries, shopper, now);
  });
  const saved = await findCart(services.db, auth.user.id, 'universal');
  return { c, existed, view: cartView(saved!.cart, saved!.items, context) };
}

/** POST /v2/cart/: makes the universal cart with its first lines (spec 001 §7 Cart). */
export const createUniversalCart = defineOperation(
  'createUniversalCart',
  {
    summary: 'Make the shopper’s universal cart',
    tag: 'cart',
    responses: { 201: 'The new cart', 200: 'The cart already existed: the lines were added to it', 400: 'validation_error naming each line (nothing saved)' },
  },
  async (call) => {
    const { c, existed, view } = await changeUniversalCart(call, call.body.items ?? []);
    return c.json(view, existed ? 200 : 201);
  },
);

/** PATCH /v2/cart/: changes the universal cart's lines or goes to checkout, as the per-category PATCH does. */
export const patchUniversalCart = defineOperation(
  'patchUniversalCart',
  {
    summary: 'Change the shopper’s universal cart',
    tag: 'cart',
    responses: { 200: 'The cart after the change', 400: 'validation_error naming each line (nothing saved)', 404: 'not_found: no cart' },
  },
  async ({ c, body, auth, services }) => {
    const found = await findCart(services.db, auth.user.id, 'universal');
    if (!found) throw notFound('not_found', 'There is no cart yet: POST /v2/cart/ makes it.');
    const { context, currency } = await loadCartContext(services, auth.user, 'universal');
    const now = services.clock.now();
    if ('is_in_checkout' in body) await touch(services.db, found.cart.id, now, { isInCheckout: true });
    else {
      const shopper = { isGuest: auth.user.isGuest, haircareCompleted: await haircareCompleted(services.db, auth.user.id) };
      await services.db.transaction(async (tx) => {
        const locked = await lockCart(tx, auth.user.id, 'universal', currency, now);
        await applyLines(tx, locked, body.items, context.entries, shopper, now);
      });
    }
    const saved = await findCart(services.db, auth.user.id, 'universal');
    return c.json(cartView(saved!.cart, saved!.items, context), 200);
  },
);

export const cartOperations = [getCart, patchCart, getUniversalCart, createUniversalCart, patchUniversalCart];
