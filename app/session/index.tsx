import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { User } from '#api';
import type { TokenStore } from '#api/client';
import type { AuthStatus, MagicLinkRequest, SessionActorRef, SessionApi, SessionData, SessionSnapshot, SignUpForm, SignUpOutcome } from './session-core';
import type { FirstRead } from './start-session';
import { appTokens, loadSessionServices } from '../app-services';
import { reportError } from '../report-error';
import { resetFlags } from '../flags';
import { afterLoad } from '../shell/after-load';

/**
 * @module app/session: the app's one session (spec 000 §4.6). The machine and the API client load lazily
 * (./start-session, ./session-machine), and the sign-up's code with the first sign-up (./sign-up-outcome, ./sign-up); this binding is what pages use: `useSession()`, and sign-out as an event any part of the
 * shop can follow, in React (`useSignOut`) or outside it (`session.onSignOut`, for machines such as the cart).
 * A stored session is read at once with the small client, and its machine loads once the page is idle (`Session.start`).
 */

type SessionModule = typeof import('./start-session');
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
  /**
   * Reads the stored session's user and addresses with the client alone, without the machine (a signed-in page's
   * first screen waits for no more), and resolves with them; the machine, loaded later, starts from that read instead
   * of reading again. `load` is called when the read fails or the stored tokens go (the machine then decides), and when
   * anything else loads the machine. Undefined when the machine was loading already (it reads the session itself).
   */
  start?(load: () => void): Promise<SessionData> | undefined;
}

/** Resolves with `value` in a later task, so what follows runs apart from the task that is running now. */
const nextTask = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

/** A first read under way (`Session.start`): both its answers in `all`. */
type StartedRead = FirstRead & { all: Promise<SessionData> };

/** A session over an API client and a token store (the app's own below; tests make theirs). */
export function createSession(services: () => Promise<{ api: SessionApi }>, tokens: TokenStore): Session {
  let loading: Promise<LoadedSession> | undefined;
  let first: StartedRead | undefined;
  let started: (() => void) | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      // Its code's evaluation (xstate's among it), the machine's making and the actor's start each run in a task of
      // their own: together they were one long task of about 95 ms on a phone-speed CPU, blocking the page behind.
      loading ??= Promise.all([import('./start-session'), services()])
        .then(nextTask)
        .then(([module, { api }]) => {
          // A sign-up that fails for another reason than the form's is reported (spec 000 §8).
          const deps = { api, tokens, reportError: (error: unknown, info: { operation: string }) => reportError(info.operation, error) };
          // The first read as it stands now, for both steps: an answer arriving between them must not make the machine
          // built to take that read's answers start as though it had them already.
          const read = first && { ...first };
          return nextTask({ module, deps, read, machine: module.sessionMachineFor(deps, read) });
        })
        .then(({ module, deps, read, machine }) => {
          const actor = module.startSessionActor(machine, deps, read, () => {
            for (const listener of [...listeners]) listener();
          });
          started?.();
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
    start(load) {
      if (!first) {
        if (loading) return undefined;
        const calls = services().then(({ api }) => [api.getAccount(), api.getAddresses()] as const);
        const account = calls.then(([user]) => user);
        const addresses = calls.then(([, list]) => list);
        const read: StartedRead = {
          account,
          addresses,
          all: Promise.all([account, addresses]).then(([user, list]) => (read.data = { user, addresses: list })),
        };
        first = read;
        started = load;
        read.all.catch(() => load());
        tokens.subscribe((stored) => {
          if (!stored.user && !stored.guest) load();
        });
      }
      return first.all;
    },
  };
}

/** The app's session, on the device's stored tokens. */
export const appSession: Session = createSession(loadSessionServices, appTokens);
// The flags' request state resets on sign-out (spec 001 §4 Feature flags): the next page that loads them asks again.
appSession.onSignOut(resetFlags);

const SessionContext = createContext<{ session: Session; loaded: LoadedSession | null; first: SessionData | null; load(): Promise<LoadedSession> } | null>(
  null,
);

/**
 * The app's session. With a session stored on the device it starts at once: the user is read with the small client,
 * and the machine loads once the page is idle (or the moment something needs it); without one the visitor is
 * simply not signed in, and the session code loads in the background once they start answering (or the
 * moment a page needs it), keeping it out of a first-time visitor's first download.
 */
export function SessionProvider({ children, session = appSession }: { children: ReactNode; session?: Session }) {
  const [loaded, setLoaded] = useState<LoadedSession | null>(null);
  const [first, setFirst] = useState<SessionData | null>(null);
  const load = useCallback(() => session.load().then((l) => (setLoaded(l), l)), [session]);
  useEffect(() => {
    if (session.hasStoredSession()) {
      const read = session.start?.(() => void load());
      if (!read) {
        void load();
        return;
      }
      let live = true;
      read.then(
        (data) => live && setFirst(data),
        () => undefined,
      );
      const cancel = afterLoad(() => void load());
      return () => {
        live = false;
        cancel();
      };
    }
    const start = () => void load();
    window.addEventListener('pointerdown', start, { once: true, passive: true });
    window.addEventListener('keydown', start, { once: true });
    return () => {
      window.removeEventListener('pointerdown', start);
      window.removeEventListener('keydown', start);
    };
  }, [load, session]);
  const value = useMemo(() => ({ session, loaded, first, load }), [session, loaded, first, load]);
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
  const { session, loaded, first, load } = useSessionContext();
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
    // Before the machine: the stored session's first read, once in, is what it will start from.
    const stored = session.hasStoredSession();
    const status: AuthStatus = first && stored ? 'authenticated' : stored ? 'loading' : 'not_authenticated';
    return {
      status,
      settled: isSettled(status),
      user: (stored && first?.user) || null,
      addresses: (stored && first?.addresses) || [],
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
