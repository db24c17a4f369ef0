import { describe, expect, it } from 'vitest';
import { TurnTakingQueue } from '../../server/db/turn-taking-queue';
import { turnCounter } from './support/turn-counter';

describe('TurnTakingQueue (how PGlite operations share the event loop)', () => {
  it('runs one operation at a time, in the order they came, with their results and errors', async () => {
    const queue = new TurnTakingQueue({ maxOperations: 2, maxMs: 1_000 });
    const log: string[] = [];
    let running = 0;
    const op = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await Promise.resolve();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.allSettled([
      queue.run(op('a')),
      queue.run(async () => {
        throw new Error('refused');
      }),
      queue.run(() => {
        throw new Error('thrown before any promise');
      }),
      queue.run(op('b')),
      queue.run(op('c')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'refused',
      'thrown before any promise',
      'b',
      'c',
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.waiting).toBe(0);
  });

  it('starts an operation at once when the queue is idle', () => {
    const queue = new TurnTakingQueue();
    let started = false;
    void queue.run(async () => {
      started = true;
    });
    expect(started).toBe(true);
  });

  it('gives the event loop a turn after maxOperations operations', async () => {
    const queue = new TurnTakingQueue({ maxOperations: 3, maxMs: 1_000 });
    const turns = turnCounter();
    const startedInTurn: number[] = [];
    await Promise.all(Array.from({ length: 10 }, () => queue.run(async () => void startedInTurn.push(turns.now()))));
    turns.stop();
    expect(startedInTurn).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
  });

  it('ends the turn early after maxMs of work, so one slow operation is not followed by more', async () => {
    let clock = 0;
    const queue = new TurnTakingQueue({ maxOperations: 100, maxMs: 5 }, () => clock);
    const turns = turnCounter();
    const startedInTurn: number[] = [];
    const slow = async () => {
      startedInTurn.push(turns.now());
      clock += 6;
    };
    await Promise.all([queue.run(slow), queue.run(slow), queue.run(slow)]);
    turns.stop();
    expect(startedInTurn).toEqual([0, 1, 2]);
  });
});
