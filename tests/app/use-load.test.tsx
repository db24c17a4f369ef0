import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from '../../app/use-load';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** The one data-loading pattern of the app (app/use-load.ts; issue 11), with spec 000 §4.7's loading/success/error. */
describe('useLoad', () => {
  it('loading, then the value', async () => {
    const answer = deferred<string>();
    const { result } = renderHook(() => useLoad(() => answer.promise, []));
    expect(result.current.status).toBe('loading');
    await act(async () => answer.resolve('Jane'));
    expect(result.current).toMatchObject({ status: 'success', value: 'Jane' });
  });

  it('an answer for inputs that have since changed is dropped, even when it arrives last', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ slug }) => useLoad(() => answers[slug]!.promise, [slug]), { initialProps: { slug: 'a' } });
    rerender({ slug: 'b' });
    await act(async () => answers.b!.resolve('B'));
    await act(async () => answers.a!.resolve('A (stale)'));
    expect(result.current).toMatchObject({ status: 'success', value: 'B' });
  });

  it('an error, then retry loads again', async () => {
    let calls = 0;
    const { result } = renderHook(() => useLoad(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('back')), []));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', value: 'back' }));
    expect(calls).toBe(2);
  });
});

describe('useLoad options', () => {
  it('enabled: nothing loads until the input is known; then it loads', async () => {
    let calls = 0;
    const { result, rerender } = renderHook(({ enabled }) => useLoad(() => Promise.resolve(++calls), [], { enabled }), { initialProps: { enabled: false } });
    await act(async () => undefined);
    expect(result.current.status).toBe('loading');
    expect(calls).toBe(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', value: 1 }));
  });

  it('once: after a value arrives, changed inputs (or losing them) load nothing and the value stays', async () => {
    let calls = 0;
    const { result, rerender } = renderHook(({ who, enabled }) => useLoad(() => Promise.resolve(`${who} ${++calls}`), [who], { once: true, enabled }), {
      initialProps: { who: 'guest', enabled: true },
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', value: 'guest 1' }));
    rerender({ who: 'signed-in', enabled: false });
    rerender({ who: 'signed-in', enabled: true });
    await act(async () => undefined);
    expect(result.current).toMatchObject({ status: 'success', value: 'guest 1' });
    expect(calls).toBe(1);
  });

  it('once: inputs that change before the first value still load again (the first answer is dropped)', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ who }) => useLoad(() => answers[who]!.promise, [who], { once: true, transition: true }), {
      initialProps: { who: 'a' },
    });
    rerender({ who: 'b' });
    await act(async () => answers.a!.resolve('A (stale)'));
    await act(async () => answers.b!.resolve('B'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', value: 'B' }));
  });
});
