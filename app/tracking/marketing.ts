/**
 * The shop's marketing events (spec 001 §7 "POST /v1/trigger/{provider}_event/ with {event_name, data}"; the events
 * and their fields are ours, server/tracking/README.md): `consultation_completed` when a consultation's results are
 * shown, `added_to_cart` for each line the server's cart holds more of after a change, `checkout_started` when the
 * server has taken a cart to checkout. They go through the one tracker (batched, sent once the page is idle, dropped
 * while analytics storage is denied, §9 Consent), to the embedded `shop` provider. This module is loaded when such a
 * moment happens, never with a page.
 */
import type { BatchedEvent, Cart, CartPatch } from '#api';
import { sameLine } from '../../shop/cart/cart-changes';
import { tokenOf } from './events';
import { track } from './tracker';

/** A trigger event for the embedded provider, or null when a value leaves no token. */
function trigger(
  body: { event_name: 'consultation_completed' | 'checkout_started'; category: string } | { event_name: 'added_to_cart'; product: string; category: string },
): BatchedEvent | null {
  const category = tokenOf(body.category);
  if (!category) return null;
  if (body.event_name !== 'added_to_cart') return { call: 'trigger', provider: 'shop', body: { event_name: body.event_name, data: { category } } };
  const product = tokenOf(body.product);
  return product ? { call: 'trigger', provider: 'shop', body: { event_name: 'added_to_cart', data: { product, product_category: category } } } : null;
}

/**
 * The events a cart change stands for, from the cart before it and the server's cart after it: a line the shopper
 * added or raised (never one lowered or removed, nor a line the server changed of itself on a checkout or coupon
 * change), and checkout started when the server now has the cart in checkout and did not before.
 */
export function cartChangeEvents(
  category: string,
  patch: CartPatch,
  before: Pick<Cart, 'items' | 'is_in_checkout'> | null,
  after: Pick<Cart, 'items' | 'is_in_checkout'>,
): BatchedEvent[] {
  const events: (BatchedEvent | null)[] = [];
  if ('items' in patch && patch.items) {
    for (const line of after.items) {
      const held = before?.items.find((old) => sameLine(old, line))?.quantity ?? 0;
      if (line.quantity > held && patch.items.some((asked) => sameLine(asked, line)))
        events.push(trigger({ event_name: 'added_to_cart', product: line.type, category: line.category }));
    }
  }
  if ('is_in_checkout' in patch && patch.is_in_checkout && after.is_in_checkout && !before?.is_in_checkout)
    events.push(trigger({ event_name: 'checkout_started', category }));
  return events.filter((event): event is BatchedEvent => event !== null);
}

/** Tracks what a cart change stands for (see cartChangeEvents). */
export function trackCartChange(...change: Parameters<typeof cartChangeEvents>): void {
  for (const event of cartChangeEvents(...change)) track(event);
}

/** Tracks a consultation's results being shown: `consultation_completed` with its category (the flow's id). */
export function trackConsultationCompleted(category: string): void {
  const event = trigger({ event_name: 'consultation_completed', category });
  if (event) track(event);
}
