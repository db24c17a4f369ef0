import { createActor, waitFor } from 'xstate';
import type { Cart } from '#api';
import { QUANTITY_RANGES } from '#api/commerce';
import { isApiError } from '#api/shared';
import { sameLine, type CartChange } from '../../shop/cart/cart-changes.ts';
import { clearCartOnSignOut, createCartMachine, goToCheckout, type CartActor } from '../../shop/cart/cart-machine.ts';
import type { AddOutcome, AddRequest } from '../../shop/product-page/buy-box.tsx';
import { appSession, type Session } from '../session';
import { ensureSession } from '../session/ensure-session.ts';
import { cartApi, universalCartApi, universalCartOn } from '../checkout/cart-apis.ts';

/**
 * "Add to cart" from a product page (issue 25 point 1), loaded when the shopper first adds: the page's cart is the
 * cart machine of shop/cart/cart-machine.ts (the haircare cart, which holds the accessories, or the universal cart
 * with the `universal-cart` flag), so the change goes where the cart page's go and the header's count follows it.
 */

let cart: Promise<CartActor> | undefined;

/** The page's cart machine, made once per visit and emptied on sign-out. */
function pageCart(session: Session): Promise<CartActor> {
  cart ??= universalCartOn()
    .catch(() => false)
    .then((universal) => {
      const actor = createActor(createCartMachine(universal ? universalCartApi() : cartApi('haircare'), universal ? 'universal' : 'haircare')).start();
      clearCartOnSignOut(actor, (listener) => session.onSignOut(listener));
      return actor;
    });
  return cart;
}

/** The cart as the server has it now (another tab may have changed it), or null when it could not be read. */
async function freshCart(actor: CartActor): Promise<Cart | null | 'failed'> {
  actor.send({ type: 'LOAD' });
  const snapshot = await waitFor(actor, (s) => s.context.status === 'success' || s.context.status === 'error');
  return snapshot.context.status === 'error' ? 'failed' : snapshot.context.confirmed;
}

/** Sends one change and resolves with the server's refusal, if any (the machine rolls a refused change back). */
function send(actor: CartActor, change: CartChange) {
  const id = actor.getSnapshot().context.nextId;
  return new Promise<{ ok: boolean; error?: unknown }>((resolve) => {
    const subscription = actor.on('settled', (notice) => {
      if (notice.id !== id) return;
      subscription.unsubscribe();
      resolve({ ok: notice.ok, error: notice.error });
    });
    actor.send({ type: 'CHANGE', change });
  });
}

const couldNotAdd = 'We couldn’t add it to your cart. Please try again.';

/**
 * Adds `quantity` of a product (a variant's type for the brush and the candle) to the shopper's cart: what the line
 * already holds plus `quantity`, at most the accessory's limit (spec 001 §9: 1 to 3). The server checks it (sold
 * out, §5's consultation rule) and its words come back when it refuses.
 */
export async function addToCart({ type, product, quantity }: AddRequest, session: Session = appSession): Promise<AddOutcome> {
  if (!(await ensureSession(session))) return { ok: false, message: couldNotAdd };
  const actor = await pageCart(session);
  const current = await freshCart(actor);
  if (current === 'failed') return { ok: false, message: couldNotAdd };
  const key = { category: 'item' as const, type, product };
  const held = current?.items.find((line) => sameLine(line, key))?.quantity ?? 0;
  const max = QUANTITY_RANGES.accessory.max;
  if (held >= max) return { ok: false, message: `Your cart already holds ${held}, the most one order takes.` };
  const wanted = Math.min(max, held + quantity);
  const sent = await send(actor, { kind: 'items', items: [{ ...key, quantity: wanted }] });
  if (!sent.ok) {
    const detail = isApiError(sent.error) ? Object.values(sent.error.fields ?? {}).flat()[0] : undefined;
    return { ok: false, message: detail ?? couldNotAdd };
  }
  const line = actor.getSnapshot().context.confirmed?.items.find((item) => sameLine(item, key));
  if (!line) return { ok: false, message: couldNotAdd };
  return { ok: true, line: { label: line.label, quantity: line.quantity, added: wanted - held, unitPrice: line.unit_price }, capped: wanted < held + quantity };
}

/** Goes to checkout with the page's cart (is_in_checkout, spec 001 §4): true when the server agreed. */
export async function checkoutFromPage(session: Session = appSession): Promise<boolean> {
  const actor = await pageCart(session);
  return goToCheckout(actor);
}

/** Forgets the page's cart machine (tests). */
export function forgetPageCart(): void {
  cart = undefined;
}
