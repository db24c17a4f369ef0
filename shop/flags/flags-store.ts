import type { FeatureFlags } from '#api';

/** Where the shop's flags came from (spec 001 §4 Feature flags). */
export type FlagsFetchState = 'STATIC' | 'USER_CONTEXT_SPECIFIC_PENDING' | 'USER_CONTEXT_SPECIFIC_SUCCESS' | 'USER_CONTEXT_SPECIFIC_FAIL';

/** The flags now and the state they are in. */
export interface FlagsSnapshot {
  readonly state: FlagsFetchState;
  readonly flags: FeatureFlags;
}

/** The one place the web app reads its feature flags from. */
export interface FlagsStore {
  /** The flags as they are now (the page's until the visitor's own arrive) and their fetch state. */
  snapshot(): FlagsSnapshot;
  /** Called on every change of state; returns its unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * The visitor's own flags: the page's when it carries them (the server put the visitor's A/B arms in it), else
   * GET /flags once (PENDING, then SUCCESS, or FAIL keeping the page's). A failed fetch is asked again next time.
   */
  load(fetchFlags: () => Promise<FeatureFlags>): Promise<FeatureFlags>;
  /** Back to STATIC, forgetting the fetched flags (sign-out, reset): the next load asks the server again. */
  reset(): void;
}

/**
 * A flags store over the page's static flags (`readStatic`: the inline block, null when the page has none).
 * @example const store = createFlagsStore(() => ({ brushes: true })); store.snapshot() // { state: 'STATIC', flags: { brushes: true } }
 */
export function createFlagsStore(readStatic: () => FeatureFlags | null): FlagsStore {
  let staticFlags: FeatureFlags | null | undefined;
  const page = () => (staticFlags === undefined ? (staticFlags = readStatic()) : staticFlags);
  let current: FlagsSnapshot | null = null;
  let pending: Promise<FeatureFlags> | null = null;
  // After a reset the page's flags may be another session's: the visitor's are fetched again.
  let pageIsCurrent = true;
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: FlagsSnapshot) => {
    current = next;
    for (const listener of [...listeners]) listener();
  };
  const snapshot = () => (current ??= { state: 'STATIC', flags: page() ?? {} });
  return {
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(fetchFlags) {
      const now = snapshot();
      if (now.state === 'USER_CONTEXT_SPECIFIC_SUCCESS') return Promise.resolve(now.flags);
      if (pending) return pending;
      const inline = page();
      if (inline && pageIsCurrent) return Promise.resolve(inline);
      const asked = generation;
      set({ state: 'USER_CONTEXT_SPECIFIC_PENDING', flags: now.flags });
      pending = fetchFlags().then(
        (fetched) => {
          if (asked !== generation) return fetched; // a reset came first: this answer is the last session's
          pending = null;
          const flags = { ...inline, ...fetched };
          set({ state: 'USER_CONTEXT_SPECIFIC_SUCCESS', flags });
          return flags;
        },
        () => {
          if (asked === generation) {
            pending = null;
            set({ state: 'USER_CONTEXT_SPECIFIC_FAIL', flags: inline ?? {} });
          }
          return inline ?? {};
        },
      );
      return pending;
    },
    reset() {
      generation += 1;
      pending = null;
      pageIsCurrent = false;
      set({ state: 'STATIC', flags: page() ?? {} });
    },
  };
}

/** True when a flag is on: true, or the "1" arm of an A/B test (spec 001 §9 Feature flags). */
export function isFlagOn(value: FeatureFlags[string] | undefined): boolean {
  return value === true || value === '1';
}
