import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { changeAndWait, createResourceMachine, type ResourceAdapters } from '../../shop/machines/optimistic-resource';

/** A promise the test settles when it chooses: the server's answers arrive in the order a test forces. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Counter = { count: number; server: number };
type Change = { add: number };

/**
 * A resource whose server adds the change and records its own version: every call waits until the test answers it,
 * so each test decides the interleaving. `calls` lists what was sent, in the order it was sent.
 */
function harness(initial: Counter | null = { count: 0, server: 1 }) {
  const loads: ReturnType<typeof deferred<Counter | null>>[] = [];
  const calls: { change: Change; confirmed: Counter | null; answer: ReturnType<typeof deferred<Counter>> }[] = [];
  const adapters: ResourceAdapters<Counter, Change> = {
    load() {
      const d = deferred<Counter | null>();
      loads.push(d);
      return d.promise;
    },
    send(change, confirmed) {
      const answer = deferred<Counter>();
      calls.push({ change, confirmed, answer });
      return answer.promise;
    },
    apply: (data, change) => (data ? { ...data, count: data.count + change.add } : { count: change.add, server: 0 }),
  };
  const actor = createActor(createResourceMachine(adapters)).start();
  const load = async () => {
    actor.send({ type: 'LOAD' });
    await waitFor(actor, () => loads.length > 0);
    loads.at(-1)!.resolve(initial);
    await waitFor(actor, (s) => s.context.status === 'success');
  };
  /** The server answers call `i` as a server would: the confirmed copy plus the change, one version later. */
  const answer = (i: number) => {
    const call = calls[i]!;
    const base = call.confirmed ?? { count: 0, server: 0 };
    call.answer.resolve({ count: base.count + call.change.add, server: base.server + 1 });
  };
  const ctx = () => actor.getSnapshot().context;
  return { actor, loads, calls, load, answer, ctx };
}

describe('optimistic resource machine (spec 001 §4 Cart, §8)', () => {
  it('§4 line 229: a change shows at once with status saving; the server copy is taken on success', async () => {
    const h = harness();
    await h.load();
    h.actor.send({ type: 'CHANGE', change: { add: 2 } });
    expect(h.ctx()).toMatchObject({ status: 'saving', data: { count: 2, server: 1 } });
    await waitFor(h.actor, () => h.calls.length === 1);
    h.answer(0);
    await waitFor(h.actor, (s) => s.context.status === 'success');
    expect(h.ctx().data).toEqual({ count: 2, server: 2 });
    expect(h.ctx().confirmed).toEqual({ count: 2, server: 2 });
  });

  it('§4 line 229: changes are serialised: the second is sent only after the first is answered, from its copy', async () => {
    const h = harness();
    await h.load();
    h.actor.send({ type: 'CHANGE', change: { add: 1 } });
    h.actor.send({ type: 'CHANGE', change: { add: 10 } });
    h.actor.send({ type: 'CHANGE', change: { add: 100 } });
    expect(h.ctx().data!.count).toBe(111);
    await waitFor(h.actor, () => h.calls.length === 1);
    // Nothing else goes out while the first is unanswered.
    await Promise.resolve();
    expect(h.calls).toHaveLength(1);
    h.answer(0);
    await waitFor(h.actor, () => h.calls.length === 2);
    expect(h.calls[1]!.confirmed).toEqual({ count: 1, server: 2 });
    // The screen still shows every change while the rest wait.
    expect(h.ctx()).toMatchObject({ status: 'saving', data: { count: 111 } });
    h.answer(1);
    await waitFor(h.actor, () => h.calls.length === 3);
    h.answer(2);
    await waitFor(h.actor, (s) => s.context.status === 'success');
    expect(h.ctx().data).toEqual({ count: 111, server: 4 });
  });

  it('§4 line 229 and §8: a failed change is rolled back silently, the status returns to success, later changes survive', async () => {
    const h = harness();
    await h.load();
    h.actor.send({ type: 'CHANGE', change: { add: 1 } });
    h.actor.send({ type: 'CHANGE', change: { add: 10 } });
    await waitFor(h.actor, () => h.calls.length === 1);
    h.calls[0]!.answer.reject(new Error('server refused'));
    await waitFor(h.actor, () => h.calls.length === 2);
    // The refused change is gone; the one after it still shows, and is sent from the server's last copy.
    expect(h.ctx().data).toEqual({ count: 10, server: 1 });
    expect(h.calls[1]!.confirmed).toEqual({ count: 0, server: 1 });
    h.calls[1]!.answer.reject(new Error('refused again'));
    await waitFor(h.actor, (s) => s.context.status === 'success');
    expect(h.ctx().data).toEqual({ count: 0, server: 1 });
    expect(h.ctx().loadError).toBeNull();
  });

  it('§4 line 230: changeAndWait resolves true once the server keeps the change, false when it is rolled back', async () => {
    const h = harness();
    await h.load();
    const kept = changeAndWait(h.actor, { add: 5 });
    const refused = changeAndWait(h.actor, { add: 7 });
    await waitFor(h.actor, () => h.calls.length === 1);
    h.answer(0);
    await expect(kept).resolves.toBe(true);
    await waitFor(h.actor, () => h.calls.length === 2);
    h.calls[1]!.answer.reject(new Error('no'));
    await expect(refused).resolves.toBe(false);
  });

  it('§4 line 228 and §8: a load that finds none (404) is ready with no data; the first change is sent against none', async () => {
    const h = harness(null);
    await h.load();
    expect(h.ctx()).toMatchObject({ status: 'success', data: null });
    h.actor.send({ type: 'CHANGE', change: { add: 3 } });
    expect(h.ctx().data).toEqual({ count: 3, server: 0 });
    await waitFor(h.actor, () => h.calls.length === 1);
    expect(h.calls[0]!.confirmed).toBeNull();
  });

  it('§4 line 228: a failed load is status error and can be tried again; changes made meanwhile wait for the copy', async () => {
    const h = harness();
    h.actor.send({ type: 'LOAD' });
    await waitFor(h.actor, () => h.loads.length === 1);
    h.loads[0]!.reject(new Error('offline'));
    await waitFor(h.actor, (s) => s.context.status === 'error');
    expect(h.ctx().loadError).toEqual(new Error('offline'));
    h.actor.send({ type: 'CHANGE', change: { add: 4 } });
    expect(h.calls).toHaveLength(0);
    h.actor.send({ type: 'LOAD' });
    await waitFor(h.actor, () => h.loads.length === 2);
    h.loads[1]!.resolve({ count: 20, server: 7 });
    await waitFor(h.actor, () => h.calls.length === 1);
    expect(h.ctx()).toMatchObject({ status: 'saving', data: { count: 24 } });
    expect(h.calls[0]!.confirmed).toEqual({ count: 20, server: 7 });
  });

  it('§4 line 234: CLEAR forgets the copy and every waiting change; an answer in flight is ignored', async () => {
    const h = harness();
    await h.load();
    const waiting = changeAndWait(h.actor, { add: 1 });
    h.actor.send({ type: 'CHANGE', change: { add: 2 } });
    await waitFor(h.actor, () => h.calls.length === 1);
    h.actor.send({ type: 'CLEAR' });
    expect(h.ctx()).toMatchObject({ status: 'idle', data: null, confirmed: null, pending: [] });
    await expect(waiting).resolves.toBe(false);
    h.answer(0);
    await Promise.resolve();
    expect(h.ctx().data).toBeNull();
    expect(h.calls).toHaveLength(1);
  });

  it('loading again waits while changes are unanswered, so the screen never loses them', async () => {
    const h = harness();
    await h.load();
    h.actor.send({ type: 'CHANGE', change: { add: 1 } });
    h.actor.send({ type: 'LOAD' });
    expect(h.loads).toHaveLength(1);
    expect(h.ctx().data!.count).toBe(1);
  });
});
