import type { Order } from '#api';

/** The order a status names for the checkout's rules: waiting for the bank, or its status. */
export const orderStatus = (order: Order) => (order.status === 'pending_payment' && order.next_action ? 'requires_action' : order.status);
