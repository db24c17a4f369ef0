import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createActor } from 'xstate';
import type { User } from '#api';
import type { AuthStatus, MagicLinkRequest, SessionActorRef, SessionSnapshot, SignUpForm, SignUpOutcome } from './session/index';
import { appTokens, hasStoredSession, loadAppServices } from './app-services';

type SessionModule = typeof import('./session/index');
interface LoadedSession {
  actor: SessionActorRef;
  module: SessionModule;
}

let loading: Promise<LoadedSession> | undefined;

/** Loads the session machine and the API client once, starts the session (spec 000 §4.6) and follows the stored tokens. */
function loadSession(): Promise<LoadedSession> {
  loading ??= Promise.all([import('./session/index'), loadAppServices()]).then(([module, { api }]) => {
    const actor = createActor(module.createSessionMachine({ api, tokens: appTokens })).start();
    actor.send({ type: 'FETCH' });
    appTokens.subscribe((stored) => {
      if (!stored.user && !stored.guest) actor.send({ type: 'EXPIRED' });
    });
    return { actor, module };
  });
  return loading;
}

const SessionContext = createContext<{ loaded: LoadedSession | null; load(): Promise<LoadedSession> } | null>(null);

/**
 * The app's session. With a session stored on the device it starts at once; without one the visitor is
 * simply not signed in, and the session code loads in the background once they start answering (or the
 * moment a page needs it), keeping it out of a first-time visitor's first download.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<LoadedSession | null>(null);
  const load = useCallback(() => loadSession().then((l) => (setLoaded(l), l)), []);
  useEffect(() => {
    if (hasStoredSession()) {
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
  }, [load]);
  const value = useMemo(() => ({ loaded, load }), [loaded, load]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const noSubscription = () => () => undefined;

/** The session's state and what can be done with it (the same shape whether or not its code has loaded yet). */
export function useSession() {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>.');
  const { loaded, load } = context;
  const subscribe = useCallback((notify: () => void) => (loaded ? loaded.actor.subscribe(notify).unsubscribe : noSubscription()), [loaded]);
  const snapshot: SessionSnapshot | null = useSyncExternalStore(subscribe, () => loaded?.actor.getSnapshot() ?? null);
  const actions = useMemo(
    () => ({
      fetch: () => void load().then(({ actor }) => actor.send({ type: 'FETCH' })),
      /** Resolves with the outcome (signed-up, magic-link-sent, field-errors, invalid-coupon, error). */
      signUp: (form: SignUpForm): Promise<SignUpOutcome> => load().then(({ actor, module }) => module.signUpAndWait(actor, form)),
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
    const status: AuthStatus = hasStoredSession() ? 'loading' : 'not_authenticated';
    return {
      status,
      user: null,
      addresses: [],
      reason: null,
      error: null,
      signUpState: { magicLinkSent: false, invalidCoupon: false, fieldErrors: {}, error: false, submitting: false },
      magicLink: { status: 'idle' as const },
      ...actions,
    };
  }
  const { context: session } = snapshot;
  return {
    status: loaded.module.selectAuthStatus(snapshot),
    user: session.user,
    addresses: session.addresses,
    reason: session.reason,
    error: session.error,
    signUpState: { ...session.signUp, submitting: snapshot.matches({ signUp: 'submitting' }) },
    magicLink: session.magicLink,
    ...actions,
  };
}
