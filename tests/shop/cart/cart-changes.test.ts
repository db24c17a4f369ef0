import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { cart as cartSchema, cartPatch, type Cart, type CartItem, type CartPatch } from '#api';
import { applyCartChange, cartPatchOf, isEmptyCart } from '../../../shop/cart/cart-changes';
import { clearCartOnSignOut, createCartMachine, goToCheckout } from '../../../shop/cart/cart-machine';

function line(over: Partial<CartItem> & Pick<CartItem, 'type' | 'product'>): CartItem {
  return {
    category: 'formula',
    slug: over.type,
    quantity: 1,
    label: over.type,
    sku: null,
    unit_price: 36,
    total_price: 36 * (over.quantity ?? 1),
    amount: null,
    customization: null,
    subscription: { active: true, frequency: 4, discount: 0.15, subscribable: true, recommended_frequency: 4 },
    recommendation: { quantity: 1, section: 'main' },
    is_cart_visible: true,
    origin: null,
    property: null,
    offered_variant_type: null,
    variant: null,
    item_object: null,
    ...over,
  };
}

/** A cart as the server sends it, checked against the contract. */
function sampleCart(over: Partial<Cart> = {}): Cart {
  return cartSchema.parse({
    pubkey: 'cart_1',
    items: [line({ type: 'shampoo', product: 'shampoo_a' }), line({ type: 'conditioner', product: 'conditioner_a', quantity: 2 })],
    catalog: [line({ type: 'hair_mask', product: 'mask_a', quantity: 0, recommendation: { quantity: null, section: 'upsale' } })],
    origin: null,
    need_pumps: false,
    is_in_checkout: false,
    can_subscribe: true,
    payment_from_customer: 108,
    total_discount: 0,
    need_address: true,
    shipping_address: null,
    currency: 'USD',
    total_amount: 108,
    total_price: 108,
    total_shipping: 0,
    estimated_taxes: null,
    amount_due: 108,
    tax_region: null,
    shipping_estimate: [],
    display_coupons: [],
    gift_cards: [],
    status: 'open',
    checkout: null,
    formulaset: null,
    cartSectionTitle: [],
    ...over,
  });
}

describe('cart changes (spec 001 §3 Cart item, §4 Cart)', () => {
  it('§3: a line is named by category + type + product; a quantity change shows at once, priced from its unit price', () => {
    const cart = sampleCart();
    const next = applyCartChange(cart, { kind: 'items', items: [{ category: 'formula', type: 'conditioner', product: 'conditioner_a', quantity: 3 }] })!;
    expect(next.items[1]).toMatchObject({ quantity: 3, total_price: 108 });
    // The same type under another product is another line: nothing changes.
    const other = applyCartChange(cart, { kind: 'items', items: [{ category: 'formula', type: 'conditioner', product: 'conditioner_b', quantity: 3 }] })!;
    expect(other.items).toEqual(cart.items);
    expect(cart.items[1]!.quantity).toBe(2);
  });

  it('§4 line 232: setting a quantity to 0 removes the line', () => {
    const next = applyCartChange(sampleCart(), { kind: 'items', items: [{ category: 'formula', type: 'shampoo', product: 'shampoo_a', quantity: 0 }] })!;
    expect(next.items.map((i) => i.type)).toEqual(['conditioner']);
  });

  it('a product offered by the cart is added from its catalogue entry; one it does not offer waits for the server', () => {
    const cart = sampleCart();
    const added = applyCartChange(cart, {
      kind: 'items',
      items: [{ category: 'formula', type: 'hair_mask', product: 'mask_a', quantity: 1, subscription: { active: false } }],
    })!;
    expect(added.items.at(-1)).toMatchObject({ type: 'hair_mask', quantity: 1, total_price: 36, subscription: { active: false, frequency: 4 } });
    const unknown = applyCartChange(cart, { kind: 'items', items: [{ category: 'item', type: 'brush', product: 'brush_boar', quantity: 1 }] })!;
    expect(unknown.items).toHaveLength(2);
  });

  it('§4 line 231: a monogram update changes that line only, and its request sends the line with its quantity', () => {
    const cart = sampleCart({ items: [line({ category: 'item', type: 'brush', product: 'brush_boar', quantity: 2, customization: { monograms: ['AB'] } })] });
    const key = { category: 'item' as const, type: 'brush', product: 'brush_boar' };
    expect(applyCartChange(cart, { kind: 'monograms', item: key, monograms: ['XY'] })!.items[0]!.customization).toEqual({ monograms: ['XY'] });
    const body = cartPatchOf({ kind: 'monograms', item: key, monograms: ['XY'] }, cart);
    expect(cartPatch.parse(body)).toEqual({ items: [{ ...key, quantity: 2, customization: { monograms: ['XY'] } }] });
  });

  it('§5: a monogram is letters A-Z, upper-cased as typed; digits and symbols are refused', () => {
    const body = (monograms: string[]) => ({ items: [{ category: 'item', type: 'brush', product: 'brush_boar', quantity: 1, customization: { monograms } }] });
    expect(cartPatch.parse(body(['ab']))).toMatchObject({ items: [{ customization: { monograms: ['AB'] } }] });
    for (const bad of ['A1', 'é', 'A B', '', 'ABCD', '<b>']) expect(cartPatch.safeParse(body([bad])).success, bad).toBe(false);
  });

  it('§4 line 235: a cart is empty unless a line other than a coupon has a quantity above 0', () => {
    expect(isEmptyCart(null)).toBe(true);
    expect(isEmptyCart(sampleCart())).toBe(false);
    expect(isEmptyCart(sampleCart({ items: [line({ category: 'coupon', type: 'coupon', product: 'welcome' })] }))).toBe(true);
    expect(isEmptyCart(sampleCart({ items: [line({ type: 'shampoo', product: 'a', quantity: 0 })] }))).toBe(true);
  });
});

describe('cart machine (spec 001 §4 Cart, §8)', () => {
  /** A cart API whose answers the test gives: each update waits until `answer` or `refuse`. */
  function cartApi(initial: Cart | null) {
    const sent: CartPatch[] = [];
    const answers: { resolve(cart: Cart): void; reject(error: unknown): void }[] = [];
    const api = {
      load: async () => initial,
      update: (patch: CartPatch) => {
        sent.push(patch);
        return new Promise<Cart>((resolve, reject) => answers.push({ resolve, reject }));
      },
    };
    return { api, sent, answers };
  }

  it('§4 line 230: going to checkout shows at once, sends is_in_checkout and resolves true when the server has it', async () => {
    const server = cartApi(sampleCart());
    const actor = createActor(createCartMachine(server.api)).start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.context.status === 'success');
    const going = goToCheckout(actor);
    expect(actor.getSnapshot().context.data!.is_in_checkout).toBe(true);
    await waitFor(actor, () => server.answers.length === 1);
    expect(server.sent).toEqual([{ is_in_checkout: true }]);
    server.answers[0]!.resolve(sampleCart({ is_in_checkout: true }));
    await expect(going).resolves.toBe(true);
  });

  it('§8: a refused monogram update reverts to the old monograms, silently', async () => {
    const brush = line({ category: 'item', type: 'brush', product: 'brush_boar', customization: { monograms: ['AB'] } });
    const server = cartApi(sampleCart({ items: [brush] }));
    const actor = createActor(createCartMachine(server.api)).start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.context.status === 'success');
    actor.send({ type: 'CHANGE', change: { kind: 'monograms', item: brush, monograms: ['ZZ'] } });
    expect(actor.getSnapshot().context.data!.items[0]!.customization).toEqual({ monograms: ['ZZ'] });
    await waitFor(actor, () => server.answers.length === 1);
    server.answers[0]!.reject(new Error('refused'));
    await waitFor(actor, (s) => s.context.status === 'success');
    expect(actor.getSnapshot().context.data!.items[0]!.customization).toEqual({ monograms: ['AB'] });
  });

  it('§4 line 234: the cart is cleared when the session signs out', async () => {
    const server = cartApi(sampleCart());
    const actor = createActor(createCartMachine(server.api)).start();
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => s.context.status === 'success');
    const listeners: (() => void)[] = [];
    const stop = clearCartOnSignOut(actor, (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    });
    listeners.forEach((l) => l());
    expect(actor.getSnapshot().context).toMatchObject({ status: 'idle', data: null });
    stop();
    expect(listeners).toHaveLength(0);
  });
});
