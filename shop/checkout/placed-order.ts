import type { Order } from '#api';

/**
 * A placed order is the checkout's end: paid or beyond (spec 001 §4 Orders), not waiting for the bank, refused nor
 * canceled. (Its own module: the route's early data load reads it without the checkout page's code.)
 */
export const isPlaced = (order: Pick<Order, 'status'> | null | undefined): boolean =>
  Boolean(order && order.status !== 'pending_payment' && order.status !== 'payment_failed' && order.status !== 'canceled');
