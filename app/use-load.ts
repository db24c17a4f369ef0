import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** What a load has given so far (spec 000 §4.7 request status). */
export type LoadState<T> = { status: 'loading'; value?: undefined } | { status: 'success'; value: T } | { status: 'error'; value?: undefined; error: unknown };

export interface LoadOptions {
  /** While false nothing loads and the state stays loading (an input is not known yet, such as the session). */
  enabled?: boolean;
  /** Once a value has arrived it stays: later changes of `deps` load nothing (a page whose start is loaded once). */
  once?: boolean;
  /** The answer is drawn as a transition: React renders a heavy first screen in slices instead of one long task. */
  transition?: boolean;
}

/**
 * The one way a page loads data: `load` runs when the page mounts, again whenever one of `deps` changes, and again on
 * `retry()`. Until it answers the state is loading; an answer that arrives after the inputs changed (or the page
 * went) is dropped, so a slow first answer never overwrites a newer one. `deps` are checked like useEffect's
 * (eslint.config.js: react-hooks/exhaustive-deps knows this hook).
 * @example const stylist = useLoad(() => api.getStylist(slug), [slug]); if (stylist.status === 'success') ...
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList, options: LoadOptions = {}): LoadState<T> & { retry(): void } {
  const { enabled = true, once = false, transition = false } = options;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const kept = useRef(false);
  useEffect(() => {
    if (!enabled || (once && kept.current)) return;
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => {
        if (!live) return;
        kept.current = true;
        const show = () => setState({ status: 'success', value });
        if (transition) startTransition(show);
        else show();
      },
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => void (live = false);
    // `deps` are the load's inputs, checked at the call site; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt, enabled]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
