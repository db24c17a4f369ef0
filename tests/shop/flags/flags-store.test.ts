import { describe, expect, it } from 'vitest';
import type { FeatureFlags } from '#api';
import { createFlagsStore, isFlagOn, type FlagsFetchState } from '../../../shop/flags/flags-store';

/** A fetch the test answers by hand. */
function deferred() {
  let resolve!: (flags: FeatureFlags) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<FeatureFlags>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Spec 001 §4 Feature flags: fetch states STATIC, USER_CONTEXT_SPECIFIC_PENDING, _SUCCESS, _FAIL; all reset on sign-out or reset.
describe('the flags store (spec 001 §4 Feature flags)', () => {
  it('starts STATIC with the page’s flags; a page without them fetches: PENDING, then SUCCESS with the visitor’s flags', async () => {
    const store = createFlagsStore(() => null);
    const states: FlagsFetchState[] = [];
    store.subscribe(() => states.push(store.snapshot().state));
    expect(store.snapshot()).toEqual({ state: 'STATIC', flags: {} });
    const answer = deferred();
    const loading = store.load(() => answer.promise);
    expect(store.snapshot().state).toBe('USER_CONTEXT_SPECIFIC_PENDING');
    // A second reader while pending shares the one request.
    let calls = 0;
    const second = store.load(() => ((calls += 1), answer.promise));
    answer.resolve({ 'skip-by-product-ab-test': '1', brushes: true });
    expect(await loading).toEqual({ 'skip-by-product-ab-test': '1', brushes: true });
    expect(await second).toEqual(await loading);
    expect(calls).toBe(0);
    expect(store.snapshot()).toEqual({ state: 'USER_CONTEXT_SPECIFIC_SUCCESS', flags: { 'skip-by-product-ab-test': '1', brushes: true } });
    expect(states).toEqual(['USER_CONTEXT_SPECIFIC_PENDING', 'USER_CONTEXT_SPECIFIC_SUCCESS']);
    // Loaded: no second request.
    expect(await store.load(() => Promise.reject(new Error('not asked')))).toEqual({ 'skip-by-product-ab-test': '1', brushes: true });
  });

  it('a failed fetch is FAIL keeping the page’s flags, and is asked again next time', async () => {
    const store = createFlagsStore(() => null);
    expect(await store.load(() => Promise.reject(new Error('offline')))).toEqual({});
    expect(store.snapshot()).toEqual({ state: 'USER_CONTEXT_SPECIFIC_FAIL', flags: {} });
    expect(await store.load(() => Promise.resolve({ livechat: true }))).toEqual({ livechat: true });
    expect(store.snapshot().state).toBe('USER_CONTEXT_SPECIFIC_SUCCESS');
  });

  it('a page that carries the flags (the server put the visitor’s arms in it) needs no request until a reset', async () => {
    let reads = 0;
    const store = createFlagsStore(() => ((reads += 1), { 'universal-cart': true, 'cart-optimization-phase-4-ab-test': '0' }));
    expect(store.snapshot()).toEqual({ state: 'STATIC', flags: { 'universal-cart': true, 'cart-optimization-phase-4-ab-test': '0' } });
    expect(await store.load(() => Promise.reject(new Error('not asked')))).toEqual({ 'universal-cart': true, 'cart-optimization-phase-4-ab-test': '0' });
    expect(store.snapshot().state).toBe('STATIC');
    expect(reads).toBe(1);
    // Sign-out: back to STATIC; the next load asks the server, the page's flags underneath.
    store.reset();
    expect(store.snapshot()).toEqual({ state: 'STATIC', flags: { 'universal-cart': true, 'cart-optimization-phase-4-ab-test': '0' } });
    const loading = store.load(() => Promise.resolve({ 'cart-optimization-phase-4-ab-test': '1' }));
    expect(store.snapshot().state).toBe('USER_CONTEXT_SPECIFIC_PENDING');
    expect(await loading).toEqual({ 'universal-cart': true, 'cart-optimization-phase-4-ab-test': '1' });
    expect(store.snapshot().state).toBe('USER_CONTEXT_SPECIFIC_SUCCESS');
  });

  it('a reset while a fetch is pending drops its answer (it was the last session’s): STATIC, and the next load asks again', async () => {
    const store = createFlagsStore(() => null);
    const old = deferred();
    void store.load(() => old.promise);
    store.reset();
    old.resolve({ livechat: true });
    await old.promise;
    expect(store.snapshot()).toEqual({ state: 'STATIC', flags: {} });
    expect(await store.load(() => Promise.resolve({ livechat: false }))).toEqual({ livechat: false });
  });

  it('a flag is on when true or the "1" arm of an A/B test (spec 001 §9 Feature flags)', () => {
    expect([true, '1', false, '0', undefined, 'before-zipcode', 1].map((v) => isFlagOn(v as never))).toEqual([true, true, false, false, false, false, false]);
  });
});
