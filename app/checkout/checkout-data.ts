import type { Cart, FeatureFlags, Order, PaymentMethod } from '#api';
import { isApiError } from '#api/shared';
import type { CompiledFlow } from '#engine';
import { appTokens, loadAppServices } from '../app-services';
import { appSession } from '../session';
import { isFlagOn, loadFlags } from '../flags';
import type { Category } from '#api/shared';
import { recallOrder } from './checkout-memory';

/** A checkout is a consultation category's (flows/checkout/{category}.yaml). */
export type CheckoutCategory = Category;

/** The checkouts (flows/checkout/*.yaml), compiled at build time and loaded with the page. */
export const checkoutFlows: Record<CheckoutCategory, () => Promise<CompiledFlow>> = {
  haircare: () => import('flows/checkout/haircare.yaml').then((m) => m.default),
  skincare: () => import('flows/checkout/skincare.yaml').then((m) => m.default),
};

export type Loaded = {
  flow: CompiledFlow;
  flags: FeatureFlags;
  cart: Cart;
  paymentMethods: PaymentMethod[];
  order: Order | null;
  universal: boolean;
  /** The order is the one this tab remembers placing from this cart (not named by ?order=): the page decides whether it still matters. */
  recalled?: { cart: string };
};

/** The cart the checkout orders: the universal one when the shop uses it (the universal-cart flag), else the category's. */
export async function readCart(category: CheckoutCategory, universal: boolean): Promise<Cart | null> {
  const { api } = await loadAppServices();
  return (universal ? api.getUniversalCart() : api.getCart({ category })).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
}

/**
 * What a checkout page needs before it draws, asked all at once (the stored tokens say who asks): the flow, the flags
 * (which cart), the cart, the order the page is opened for (?order=) and a customer's saved payment methods. The
 * saved addresses are the session's (it loads them with the user). Without ?order=, the order this tab placed
 * (./checkout-memory.ts; the page keeps it only while it matters: ./checkout-flow-page.tsx `keepTabOrder`). Null when
 * there is nothing to check out: no session, no cart, or a cart not in checkout (an order just paid has emptied it)
 * and no order.
 */
async function loadCheckoutData(category: CheckoutCategory, orderKey: string | null): Promise<Loaded | null> {
  if (!appSession.hasStoredSession()) return null;
  const customer = Boolean(appTokens.read().user);
  const [flow, { api }] = await Promise.all([checkoutFlows[category](), loadAppServices()]);
  const recalled = orderKey ? null : recallOrder(category);
  const key = orderKey ?? recalled?.order;
  const [flags, categoryCart, order, paymentMethods] = await Promise.all([
    loadFlags(api),
    readCart(category, false),
    key ? api.getOrder(key).catch(() => null) : null,
    customer ? api.listPaymentMethods('all').catch(() => []) : [],
  ]);
  // The gifter's checkout (?gift=gifter, from /gift) orders the universal cart, where POST /v1/gifts/ put the gift card.
  const universal = isFlagOn(flags['universal-cart']) || giftersCheckout();
  const cart = universal ? await readCart(category, true) : categoryCart;
  if (!cart || (!cart.is_in_checkout && !order)) return null;
  return { flow, flags, cart, paymentMethods, order, universal, ...(recalled ? { recalled: { cart: recalled.cart } } : {}) };
}

/** Whether this page is the gifter's checkout (/checkout/gift?gift=gifter leads to it, keeping ?gift=gifter on every step). */
export function giftersCheckout(search: string = globalThis.location?.search ?? ''): boolean {
  return new URLSearchParams(search).get('gift') === 'gifter';
}

let started: { key: string; data: Promise<Loaded | null> } | undefined;

/** Starts loading a checkout page's data as soon as its route is known (app/checkout/cart-route.tsx), before the page's own code has arrived. */
export function startCheckoutData(category: CheckoutCategory, orderKey: string | null): void {
  const key = `${category}:${orderKey ?? ''}`;
  if (started?.key === key) return;
  started = { key, data: loadCheckoutData(category, orderKey) };
  started.data.catch(() => undefined); // a load nobody takes is no error; the page that takes it handles its failure
}

/** The page's data: the load the route started, taken once (a later visit asks afresh), or a new one. */
export function takeCheckoutData(category: CheckoutCategory, orderKey: string | null): Promise<Loaded | null> {
  const key = `${category}:${orderKey ?? ''}`;
  const early = started?.key === key ? started.data : undefined;
  started = undefined;
  return early ?? loadCheckoutData(category, orderKey);
}
