import type { Cart, CartItem, CartItemKey, CartItemUpdate, CartPatch } from '#api';

/**
 * What a shopper does to a cart (spec 001 §4 Cart, §7 Cart update): change lines (quantity, subscription,
 * customization; quantity 0 removes a line), set a line's monograms, go to checkout, or enter or remove a coupon code
 * (null; api/README.md "Coupons on a cart").
 */
export type CartChange =
  | { kind: 'items'; items: CartItemUpdate[] }
  | { kind: 'monograms'; item: CartItemKey; monograms: string[] }
  | { kind: 'checkout' }
  | { kind: 'coupon'; code: string | null };

/** True when two lines are the same line: category + type + product (spec 001 §3 Cart item). */
export function sameLine(a: CartItemKey, b: CartItemKey): boolean {
  return a.category === b.category && a.type === b.type && a.product === b.product;
}

/** The request body that makes a change on the server. */
export function cartPatchOf(change: CartChange, cart: Cart | null): CartPatch {
  if (change.kind === 'checkout') return { is_in_checkout: true };
  if (change.kind === 'items') return { items: change.items };
  if (change.kind === 'coupon') return { coupon: change.code };
  // A monogram update sends the line as it stands, with its new monograms (spec 001 §7 Cart).
  const line = cart?.items.find((item) => sameLine(item, change.item));
  return {
    items: [
      {
        category: change.item.category,
        type: change.item.type,
        product: change.item.product,
        quantity: line?.quantity ?? 1,
        customization: { monograms: change.monograms },
      },
    ],
  };
}

/** A line after an update, priced from the server's unit price until the server answers with its own. */
function updatedLine(line: CartItem, update: CartItemUpdate): CartItem {
  return {
    ...line,
    quantity: update.quantity,
    // In cents, so 24.65 × 3 is 73.95, not 73.94999…
    total_price: Math.round(line.unit_price * 100 * update.quantity) / 100,
    customization: update.customization ? { ...line.customization, ...update.customization } : line.customization,
    subscription: update.subscription
      ? { ...line.subscription, active: update.subscription.active, frequency: update.subscription.frequency ?? line.subscription.frequency }
      : line.subscription,
  };
}

/**
 * The cart as the shopper should see it at once, before the server answers (spec 001 §4: "the new data is shown at
 * once"). Lines change or go (quantity 0); a new line comes from the cart's catalogue. Totals stay the server's until
 * it answers: only the server prices a cart. Never mutates `cart`.
 */
export function applyCartChange(cart: Cart | null, change: CartChange): Cart | null {
  if (!cart) return cart;
  if (change.kind === 'checkout') return { ...cart, is_in_checkout: true };
  // What a coupon takes off is the server's to say: the cart stays as it is until it answers.
  if (change.kind === 'coupon') return cart;
  if (change.kind === 'monograms') {
    return {
      ...cart,
      items: cart.items.map((item) =>
        sameLine(item, change.item) ? { ...item, customization: { ...item.customization, monograms: change.monograms } } : item,
      ),
    };
  }
  let items = cart.items;
  for (const update of change.items) {
    const index = items.findIndex((item) => sameLine(item, update));
    if (update.quantity === 0) {
      if (index !== -1) items = items.filter((_, i) => i !== index);
      continue;
    }
    if (index !== -1) {
      items = items.map((item, i) => (i === index ? updatedLine(item, update) : item));
      continue;
    }
    const offered = cart.catalog.find((entry) => sameLine(entry, update));
    if (offered) items = [...items, updatedLine(offered, update)];
  }
  return { ...cart, items };
}

/** A cart with nothing to save: no line above quantity 0 other than a coupon (spec 001 §4 Cart). */
export function isEmptyCart(cart: Cart | null): boolean {
  return !cart || !cart.items.some((item) => item.quantity > 0 && item.category !== 'coupon');
}
