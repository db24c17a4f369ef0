import { setImmediate } from 'node:timers';

/** How much synchronous database work one event-loop turn may hold. */
export interface TurnBudget {
  /** Operations started in one turn before the queue yields. */
  maxOperations: number;
  /** Milliseconds of work in one turn before the queue yields (a slow operation ends the turn early). */
  maxMs: number;
}

/**
 * Runs PGlite's operations one at a time, first come first served, and hands the event loop back (setImmediate)
 * after `maxOperations` operations or `maxMs` of work.
 *
 * Why: PGlite executes every query synchronously on the main thread (WebAssembly) and its own queue is made of
 * promises, so a burst's whole database work used to run inside one event-loop turn. Node (libuv >= 1.45)
 * accepts one new connection per turn, so under a burst each connection still waiting to be accepted waited a
 * whole turn, about 250 ms for 100 connections, per place in the line: 10-16 s for the last ones. Short turns let
 * the server accept connections and read requests while it answers the burst. PostgreSQL needs none of this: its
 * queries wait on a socket, which yields on its own.
 *
 * An operation is one query or one whole transaction (the transaction keeps the only connection until it ends).
 * Never call the queue from inside one of its own operations: a transaction must use its `tx`, not the database.
 */
export class TurnTakingQueue {
  readonly #budget: TurnBudget;
  readonly #now: () => number;
  readonly #waiting: (() => void)[] = [];
  #running = false;
  /** When the current turn's first operation started; null when this turn has run none yet. */
  #turnStartedAt: number | null = null;
  #operationsThisTurn = 0;
  #yielding = false;

  constructor(budget: TurnBudget = { maxOperations: 8, maxMs: 5 }, now: () => number = () => performance.now()) {
    this.#budget = budget;
    this.#now = now;
  }

  /** Runs `operation` when its turn comes; resolves or rejects with it. */
  run<T>(operation: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => {
        let result: Promise<T>;
        try {
          result = operation();
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => {
          this.#running = false;
          this.#startNext();
        });
      });
      this.#startNext();
    });
  }

  /** How many operations wait for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #startNext(): void {
    if (this.#running || this.#yielding || this.#waiting.length === 0) return;
    if (this.#turnStartedAt === null) {
      this.#turnStartedAt = this.#now();
      this.#operationsThisTurn = 0;
      // Whatever else happens, the next turn starts with a fresh budget.
      setImmediate(() => {
        if (!this.#yielding) this.#turnStartedAt = null;
      });
    } else if (this.#operationsThisTurn >= this.#budget.maxOperations || this.#now() - this.#turnStartedAt >= this.#budget.maxMs) {
      this.#yield();
      return;
    }
    this.#operationsThisTurn += 1;
    this.#running = true;
    this.#waiting.shift()!();
  }

  /** Lets the event loop run (accept connections, read sockets, fire timers), then goes on with a fresh budget. */
  #yield(): void {
    this.#yielding = true;
    setImmediate(() => {
      this.#yielding = false;
      this.#turnStartedAt = null;
      this.#startNext();
    });
  }
}
