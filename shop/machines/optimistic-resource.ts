import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/**
 * Request statuses used throughout the shop (spec 001 §4): idle before anything is asked, loading while the first
 * copy comes, saving while a change waits for the server, success when the copy on screen is the server's, error
 * when the first load failed.
 */
export type RequestStatus = 'idle' | 'loading' | 'saving' | 'success' | 'error';

/**
 * What a resource machine needs from its owner: how to load the server's copy, how to send one change, and how a
 * change looks before the server answers.
 */
export interface ResourceAdapters<T, C> {
  /** The server's copy; null when there is none yet (a cart GET answering 404, spec 001 §4 Cart). */
  load(): Promise<T | null>;
  /** Sends one change and resolves with the server's copy after it. `confirmed` is the last copy the server gave. */
  send(change: C, confirmed: T | null): Promise<T>;
  /** The optimistic copy: `data` with `change` applied as the server is expected to apply it. Must not mutate `data`. */
  apply(data: T | null, change: C): T | null;
}

/** A change waiting for the server, with the id its `settled` notice will carry. */
export interface PendingChange<C> {
  id: number;
  change: C;
}

export interface ResourceContext<T, C> {
  /** What the shopper sees: the server's copy with every pending change applied. */
  data: T | null;
  /** The last copy the server gave (null before the first load, or when there is none). */
  confirmed: T | null;
  /** Changes in the order they were made; the first is the one on its way to the server. */
  pending: PendingChange<C>[];
  status: RequestStatus;
  /** Why the first load failed. */
  loadError: unknown;
  /** The id the next change gets. */
  nextId: number;
}

export type ResourceEvent<C> =
  | { type: 'LOAD' }
  | { type: 'CHANGE'; change: C }
  /** Forget everything (sign-out, a cleared checkout): nothing pending is sent, nothing in flight is kept. */
  | { type: 'CLEAR' };

/** Told once per change when the server has answered it: `ok` false means it was rolled back. */
export type ResourceEmitted = { type: 'settled'; id: number; ok: boolean; error?: unknown };

/** The server's copy with the changes still waiting applied on top, in order. */
function replay<T, C>(adapters: ResourceAdapters<T, C>, confirmed: T | null, pending: readonly PendingChange<C>[]): T | null {
  return pending.reduce<T | null>((data, { change }) => adapters.apply(data, change), confirmed);
}

/**
 * A server resource edited optimistically (spec 001 §4 Cart): a change shows at once; changes are sent one at a time,
 * each after the one before has been answered; on success the server's copy is taken (with the changes still
 * waiting applied on top); on failure that change is dropped, the copy before it comes back and the status returns
 * to success, silently (§8: "Cart update failure: silent rollback"). Each change's outcome is emitted as `settled`,
 * for a caller that waits for one (going to checkout). CLEAR empties it (the cart on sign-out).
 *
 * The cart uses it (shop/cart/cart-machine.ts); checkout and subscription management follow the same pattern.
 * @example
 * const actor = createActor(createResourceMachine({ load, send, apply })).start();
 * actor.send({ type: 'LOAD' });
 * actor.send({ type: 'CHANGE', change: { kind: 'quantity', ... } });
 */
export function createResourceMachine<T, C>(adapters: ResourceAdapters<T, C>, id = 'resource') {
  type Context = ResourceContext<T, C>;
  const cleared = (): Context => ({ data: null, confirmed: null, pending: [], status: 'idle', loadError: null, nextId: 1 });
  return setup({
    types: {} as { context: Context; events: ResourceEvent<C>; emitted: ResourceEmitted },
    actors: {
      load: fromPromise<T | null>(() => adapters.load()),
      send: fromPromise<T, { change: C; confirmed: T | null }>(({ input }) => adapters.send(input.change, input.confirmed)),
    },
    actions: {
      queue: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        const pending = [...context.pending, { id: context.nextId, change: event.change }];
        const loaded = context.status !== 'loading' && context.status !== 'idle' && context.status !== 'error';
        return {
          pending,
          nextId: context.nextId + 1,
          data: loaded ? adapters.apply(context.data, event.change) : context.data,
          status: loaded ? 'saving' : context.status,
        };
      }),
      // Ids keep counting, so a change from before the clear is never mistaken for a later one.
      clear: assign(({ context }) => ({ ...cleared(), nextId: context.nextId })),
    },
    guards: {
      hasPending: ({ context }) => context.pending.length > 0,
    },
  }).createMachine({
    id,
    context: cleared,
    initial: 'idle',
    on: { CLEAR: { target: '.idle', actions: 'clear' } },
    states: {
      idle: {
        on: { LOAD: 'loading', CHANGE: { actions: 'queue' } },
      },
      loading: {
        entry: assign({ status: 'loading', loadError: null }),
        on: { CHANGE: { actions: 'queue' } },
        invoke: {
          src: 'load',
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => ({
              confirmed: event.output,
              data: replay(adapters, event.output, context.pending),
              status: context.pending.length > 0 ? 'saving' : 'success',
            })),
          },
          onError: { target: 'failed', actions: assign(({ event }) => ({ status: 'error', loadError: event.error })) },
        },
      },
      failed: {
        on: { LOAD: 'loading', CHANGE: { actions: 'queue' } },
      },
      ready: {
        initial: 'settled',
        on: {
          CHANGE: { actions: 'queue' },
          // Loading again while changes wait would show a copy without them: it waits until they are answered.
          LOAD: { guard: ({ context }) => context.pending.length === 0, target: 'loading' },
        },
        states: {
          settled: {
            always: { guard: 'hasPending', target: 'sending' },
          },
          sending: {
            invoke: {
              src: 'send',
              input: ({ context }) => ({ change: context.pending[0]!.change, confirmed: context.confirmed }),
              onDone: {
                target: 'settled',
                actions: [
                  emit(({ context }) => ({ type: 'settled' as const, id: context.pending[0]!.id, ok: true })),
                  assign(({ context, event }) => {
                    const pending = context.pending.slice(1);
                    return {
                      confirmed: event.output,
                      pending,
                      data: replay(adapters, event.output, pending),
                      status: pending.length > 0 ? 'saving' : 'success',
                    };
                  }),
                ],
              },
              onError: {
                target: 'settled',
                actions: [
                  emit(({ context, event }) => ({ type: 'settled' as const, id: context.pending[0]!.id, ok: false, error: event.error })),
                  assign(({ context }) => {
                    const pending = context.pending.slice(1);
                    return { pending, data: replay(adapters, context.confirmed, pending), status: pending.length > 0 ? 'saving' : 'success' };
                  }),
                ],
              },
            },
          },
        },
      },
    },
  });
}

export type ResourceMachine<T, C> = ReturnType<typeof createResourceMachine<T, C>>;
export type ResourceActor<T, C> = ActorRefFrom<ResourceMachine<T, C>>;
export type ResourceSnapshot<T, C> = SnapshotFrom<ResourceMachine<T, C>>;

/**
 * Sends a change and resolves once the server has answered it: true when it was kept, false when it was rolled
 * back. For a step that must not go on before the server agrees (going to checkout, spec 001 §4).
 */
export function changeAndWait<T, C>(actor: ResourceActor<T, C>, change: C): Promise<boolean> {
  const id = actor.getSnapshot().context.nextId;
  return new Promise((resolve) => {
    const subscription = actor.on('settled', (notice) => {
      if (notice.id !== id) return;
      subscription.unsubscribe();
      stopped.unsubscribe();
      resolve(notice.ok);
    });
    // A CLEAR drops the change unanswered: it was not kept.
    const stopped = actor.subscribe((snapshot) => {
      const { context } = snapshot;
      if (context.status !== 'idle' || context.pending.some((p) => p.id === id)) return;
      subscription.unsubscribe();
      stopped.unsubscribe();
      resolve(false);
    });
    actor.send({ type: 'CHANGE', change });
  });
}
