import { useCallback, useEffect, useState, type DependencyList } from 'react';

/** What a load has given so far (spec 000 §4.7 request status). */
export type LoadState<T> = { status: 'loading'; value?: undefined } | { status: 'success'; value: T } | { status: 'error'; value?: undefined; error: unknown };

/**
 * The one way a page loads data: `load` runs when the page mounts, again whenever one of `deps` changes, and again on
 * `retry()`. Until it answers the state is loading; an answer that arrives after the inputs changed (or the page
 * went) is dropped, so a slow first answer never overwrites a newer one. `deps` are checked like useEffect's
 * (eslint.config.js: react-hooks/exhaustive-deps knows this hook).
 * @example const stylist = useLoad(() => api.getStylist(slug), [slug]); if (stylist.status === 'success') ...
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): LoadState<T> & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'success', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => void (live = false);
    // `deps` are the load's inputs, checked at the call site; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
