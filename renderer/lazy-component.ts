import { lazy, type ComponentType, type FunctionComponent } from 'react';

/** A component whose code loads on demand, and the way to load it ahead of time. */
export interface LazyComponent<P> {
  /** Typed as a function component, so a table of components for a kind's richer facts takes it as it takes the eager ones. */
  component: FunctionComponent<P>;
  preload(): Promise<unknown>;
}

/**
 * Like React.lazy, but once the code has loaded (preloaded in the background) the component renders at
 * once, without a Suspense fallback flashing: React takes a thenable that is already resolved synchronously.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let ready: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (ready = component),
      (error: unknown) => {
        pending = undefined; // a failed load (offline) is tried again next time
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => {
    if (ready) {
      const loaded = { default: ready };
      return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<typeof loaded>;
    }
    return preload().then((c) => ({ default: c }));
  }) as unknown as FunctionComponent<P>;
  return { component, preload };
}
