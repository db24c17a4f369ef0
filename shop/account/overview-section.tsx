import type { ReactNode } from 'react';

/** Where one part of the overview is: loading, loaded, or failed (with a way to try again). */
export type SectionState<T> = { status: 'loading' } | { status: 'success'; value: T } | { status: 'error'; retry(): void };

/**
 * One part of the account overview (orders, subscriptions), loaded on its own: its title stays, a failure says so
 * with Try again and leaves the rest of the page whole.
 */
export function OverviewSection<T>({
  id,
  title,
  state,
  failure,
  children,
}: {
  id: string;
  title: string;
  state: SectionState<T>;
  failure: string;
  children(value: T): ReactNode;
}) {
  return (
    <section className="account-overview__section" aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading' || undefined}>
      <h2 id={`${id}-title`}>{title}</h2>
      {state.status === 'loading' ? <p className="account-overview__muted">Loading…</p> : null}
      {state.status === 'error' ? (
        <div className="account-overview__failed">
          <p>{failure}</p>
          <button type="button" className="button button--secondary button--small" onClick={state.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'success' ? children(state.value) : null}
    </section>
  );
}
