import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '#api/shared';

/** A ship-now failure (spec 001 §3 "Ship-now order: pubkey; error {code, detail}"), flagged when the payment failed (§8). */
export interface ShipNowError {
  code: string;
  detail: string;
  paymentError: boolean;
}

/** The codes that mean the payment failed (spec 001 §8: "a payment-related code is flagged as a payment error"). */
const PAYMENT_CODES: ReadonlySet<string> = new Set(['card_declined', 'payment_refused', 'wallet_declined', 'too_many_declines', 'payment_required']);

/** Spec 001 §5, §8: an empty returned pubkey is an error. */
export const EMPTY_ORDER_PUBKEY = 'orderPubkey length is 0';

/** The error a failed ship now shows. */
export function shipNowError(error: unknown): ShipNowError {
  if (isApiError(error)) return { code: error.code, detail: error.detail, paymentError: PAYMENT_CODES.has(error.code) || error.status === 402 };
  if (error instanceof Error && error.message === EMPTY_ORDER_PUBKEY) return { code: 'empty_order_pubkey', detail: EMPTY_ORDER_PUBKEY, paymentError: false };
  return { code: 'unexpected', detail: error instanceof Error ? error.message : String(error), paymentError: false };
}

interface ShipNowContext {
  /** The order made (spec 001 §4: success carries the order pubkey). */
  orderPubkey: string | null;
  error: ShipNowError | null;
}

type ShipNowEvent = { type: 'SHIP'; pubkey: string } | { type: 'RESET' };

/**
 * Ship now (spec 001 §4 Subscriptions: "Ship now creates an order: idle, loading, then success (order pubkey) or error
 * (code, detail); can be reset"; §5, §8): an answer without a pubkey is the error "orderPubkey length is 0"; a
 * payment's refusal is flagged as a payment error. `shipNow` is the server call (POST …/shipnow/).
 */
export function createShipNowMachine(shipNow: (pubkey: string) => Promise<{ pubkey: string }>) {
  return setup({
    types: {} as { context: ShipNowContext; events: ShipNowEvent },
    actors: {
      ship: fromPromise<string, { pubkey: string }>(async ({ input }) => {
        const { pubkey } = await shipNow(input.pubkey);
        if (!pubkey) throw new Error(EMPTY_ORDER_PUBKEY);
        return pubkey;
      }),
    },
  }).createMachine({
    id: 'shipNow',
    context: { orderPubkey: null, error: null },
    initial: 'idle',
    on: { RESET: { target: '.idle', actions: assign({ orderPubkey: null, error: null }) } },
    states: {
      idle: { on: { SHIP: 'loading' } },
      loading: {
        entry: assign({ orderPubkey: null, error: null }),
        invoke: {
          src: 'ship',
          input: ({ event }) => ({ pubkey: event.type === 'SHIP' ? event.pubkey : '' }),
          onDone: { target: 'success', actions: assign({ orderPubkey: ({ event }) => event.output }) },
          onError: { target: 'error', actions: assign({ error: ({ event }) => shipNowError(event.error) }) },
        },
      },
      success: {},
      error: { on: { SHIP: 'loading' } },
    },
  });
}

export type ShipNowActor = ActorRefFrom<ReturnType<typeof createShipNowMachine>>;
