import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createActor } from 'xstate';
import type { User } from '#api';
import type { TokenStore } from '#api/client';
import type { AuthStatus, MagicLinkRequest, SessionActorRef, SessionApi, SessionSnapshot, SignUpForm, SignUpOutcome } from './session-core';
import { appTokens, loadSessionServices } from '../app-services';
import { reportError } from '../report-error';
import { resetFlags } from '../flags';

/**
 * @module app/session: the app's one session (spec 000 §4.6). The machine and the API client load lazily
 * (./session-machine), and the sign-up's code with the first sign-up (./sign-up-outcome, ./sign-up); this binding is what pages use: `useSession()`, and sign-out as an event any part of the
 * shop can follow, in React (`useSignOut`) or outside it (`session.onSignOut`, for machines such as the cart).
 */

type SessionModule = typeof import('./session-machine');
interface LoadedSession {
  actor: SessionActorRef;
  module: SessionModule;
}

/** One session: started once, on first need. */
export interface Session {
  load(): Promise<LoadedSession>;
  /** Whether this device holds tokens: with none, nothing about the account needs loading yet. */
  hasStoredSession(): boolean;
  /**
   * Calls `listener` each time a session we knew about ends (signed out, expired, refused): caches of the
   * shopper's data (cart, subscriptions, feedback) reset then. Listeners added before the session loads are kept.
   */
  onSignOut(listener: () => void): () => void;
}

/** A session over an API client and a token store (the app's own below; tests make theirs). */
export function createSession(services: () => Promise<{ api: SessionApi }>, tokens: TokenStore): Session {
  let loading: Promise<LoadedSession> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= Promise.all([import('./session-machine'), services()]).then(([module, { api }]) => {
        // A sign-up that fails for another reason than the form's is reported (spec 000 §8).
        const actor = createActor(module.createSessionMachine({ api, tokens, reportError: (error, info) => reportError(info.operation, error) })).start();
        actor.on('logout', () => {
          for (const listener of [...listeners]) listener();
        });
        actor.send({ type: 'FETCH' });
        tokens.subscribe((stored) => {
          if (!stored.user && !stored.guest) actor.send({ type: 'EXPIRED' });
        });
        return { actor, module };
      });
      return loading;
    },
    hasStoredSession() {
      const { user, guest } = tokens.read();
      return Boolean(user || guest);
    },
    onSignOut(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's session, on the device's stored tokens. */
export const appSession: Session = createSession(loadSessionServices, appTokens);
// The flags' request state resets on sign-out (spec 001 §4 Feature flags): the next page that loads them asks again.
appSession.onSignOut(resetFlags);

const SessionContext = createContext<{ session: Session; loaded: LoadedSession | null; load(): Promise<LoadedSession> } | null>(null);

/**
 * The app's session. With a session stored on the device it starts at once; without one the visitor is
 * simply not signed in, and the session code loads in the background once they start answering (or the
 * moment a page needs it), keeping it out of a first-time visitor's first download.
 */
export function SessionProvider({ children, session = appSession }: { children: ReactNode; session?: Session }) {
  const [loaded, setLoaded] = useState<LoadedSession | null>(null);
  const load = useCallback(() => session.load().then((l) => (setLoaded(l), l)), [session]);
  useEffect(() => {
    if (session.hasStoredSession()) {
      void load();
      return;
    }
    const start = () => void load();
    window.addEventListener('pointerdown', start, { once: true, passive: true });
    window.addEventListener('keydown', start, { once: true });
    return () => {
      window.removeEventListener('pointerdown', start);
      window.removeEventListener('keydown', start);
    };
  }, [load, session]);
  const value = useMemo(() => ({ session, loaded, load }), [session, loaded, load]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext() {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>.');
  return context;
}

/** Calls `handler` whenever the session ends (signed out, expired), so a page can drop what it shows of the shopper. */
export function useSignOut(handler: () => void): void {
  const { session } = useSessionContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => session.onSignOut(() => latest.current()), [session]);
}

const noSubscription = () => () => undefined;

/** Whether the session knows who is there (signed in, signed out, or failed to tell): pages that differ by it wait for it. */
const isSettled = (status: AuthStatus) => status === 'authenticated' || status === 'not_authenticated' || status === 'error';

/** The session's state and what can be done with it (the same shape whether or not its code has loaded yet). */
export function useSession() {
  const { session, loaded, load } = useSessionContext();
  const subscribe = useCallback((notify: () => void) => (loaded ? loaded.actor.subscribe(notify).unsubscribe : noSubscription()), [loaded]);
  const snapshot: SessionSnapshot | null = useSyncExternalStore(subscribe, () => loaded?.actor.getSnapshot() ?? null);
  const actions = useMemo(
    () => ({
      fetch: () => void load().then(({ actor }) => actor.send({ type: 'FETCH' })),
      /** Resolves with the outcome (signed-up, magic-link-sent, field-errors, invalid-coupon, error). */
      signUp: (form: SignUpForm): Promise<SignUpOutcome> =>
        Promise.all([load(), import('./sign-up-outcome')]).then(([{ actor }, outcome]) => outcome.signUpAndWait(actor, form)),
      requestMagicLink: (request: MagicLinkRequest) => void load().then(({ actor }) => actor.send({ type: 'REQUEST_MAGIC_LINK', ...request })),
      verify: (token: string) => void load().then(({ actor }) => actor.send({ type: 'VERIFY', token })),
      signOut: () => void load().then(({ actor }) => actor.send({ type: 'SIGN_OUT' })),
      /** The server answered with the user after a change (names saved): the session shows it, addresses kept. */
      userUpdated: (user: User) =>
        void load().then(({ actor }) => actor.send({ type: 'SET_AUTHENTICATED', user, addresses: actor.getSnapshot().context.addresses })),
    }),
    [load],
  );
  if (!snapshot || !loaded) {
    const status: AuthStatus = session.hasStoredSession() ? 'loading' : 'not_authenticated';
    return {
      status,
      settled: isSettled(status),
      user: null,
      addresses: [],
      reason: null,
      error: null,
      signUpState: { magicLinkSent: false, invalidCoupon: false, fieldErrors: {}, error: false, submitting: false },
      magicLink: { status: 'idle' as const },
      ...actions,
    };
  }
  const { context } = snapshot;
  const status = loaded.module.selectAuthStatus(snapshot);
  return {
    status,
    settled: isSettled(status),
    user: context.user,
    addresses: context.addresses,
    reason: context.reason,
    error: context.error,
    signUpState: { ...context.signUp, submitting: snapshot.matches({ signUp: 'submitting' }) },
    magicLink: context.magicLink,
    ...actions,
  };
}
