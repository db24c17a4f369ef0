import type { OrderStatus } from '../db/schema';

/** The statuses an operator moves a paid order to (spec 001 §4 Orders), by the shop command's verb. */
export const FULFILMENT_VERBS = {
  process: 'processed',
  pack: 'packing',
  ship: 'shipped',
  deliver: 'delivered',
  hold: 'onhold',
  cancel: 'canceled',
} as const satisfies Record<string, OrderStatus>;
export type FulfilmentVerb = keyof typeof FULFILMENT_VERBS;
export type FulfilmentStatus = (typeof FULFILMENT_VERBS)[FulfilmentVerb];

/**
 * Where each status may go (spec 001 §4 Orders: paid → processed → packing → shipped → delivered; on hold and back;
 * canceled before it ships). Our choices where the spec is silent: the lab's own steps (processed, packing) may go
 * unrecorded, so a paid order may be packed or shipped at once; an order on hold goes back to processed before
 * anything else; delivered and canceled are final; an order not paid yet does not move.
 */
export const LEGAL_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: [],
  payment_failed: [],
  paid: ['processed', 'packing', 'shipped', 'onhold', 'canceled'],
  processed: ['packing', 'shipped', 'onhold', 'canceled'],
  packing: ['shipped', 'onhold', 'canceled'],
  onhold: ['processed', 'canceled'],
  shipped: ['delivered'],
  delivered: [],
  canceled: [],
};

/** Why a move is refused: a code the shop command maps to its exit status, and words an operator can act on. */
export type FulfilmentErrorCode =
  | 'unknown_order'
  | 'illegal_move'
  | 'tracking_required'
  | 'tracking_not_expected'
  | 'invalid_tracking'
  | 'unknown_carrier'
  | 'tracking_differs'
  | 'nothing_to_ship';

/** A move that cannot be made; nothing was changed. */
export class FulfilmentError extends Error {
  constructor(
    readonly code: FulfilmentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FulfilmentError';
  }
}

/** The words for a status in an operator's messages. */
const STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'waiting for its payment',
  payment_failed: 'a failed payment',
  paid: 'paid',
  processed: 'processed',
  packing: 'packing',
  onhold: 'on hold',
  shipped: 'shipped',
  delivered: 'delivered',
  canceled: 'canceled',
};
export const statusWords = (status: OrderStatus) => STATUS_WORDS[status];

/** Null when `from` may move to `to`; else why not, naming the order (its serial number) and what to do instead. */
export function illegalMoveReason(serialNo: number, from: OrderStatus, to: OrderStatus): string | null {
  if (LEGAL_MOVES[from].includes(to)) return null;
  const order = `Order ${serialNo}`;
  if (from === 'pending_payment' || from === 'payment_failed')
    return `${order} is not paid (${STATUS_WORDS[from]}): only a paid order moves through fulfilment.`;
  if (from === 'canceled') return `${order} is canceled: it does not move any more.`;
  if (from === 'delivered') return `${order} was delivered: it does not move any more.`;
  if (to === 'canceled') return `${order} has shipped: it can no longer be canceled.`;
  if (to === 'delivered') return `${order} has not shipped yet (${STATUS_WORDS[from]}): ship it with a tracking number first.`;
  if (to === 'onhold') return `${order} is ${STATUS_WORDS[from]}: it can no longer be put on hold.`;
  if (from === 'onhold') return `${order} is on hold: release it with "order process" first.`;
  return `${order} is ${STATUS_WORDS[from]}: it cannot go back to ${STATUS_WORDS[to]}.`;
}
