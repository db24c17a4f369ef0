import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Address, User } from '#api';
import { createSessionMachine, selectAuthStatus, type SessionActorRef } from './session-machine';
import type { MagicLinkRequest, SessionDeps } from './session-services';
import type { SignUpForm } from './sign-up';
import { signUpAndWait } from './sign-up-outcome';

const SessionContext = createContext<SessionActorRef | null>(null);

export interface SessionProviderProps extends SessionDeps {
  children: ReactNode;
  /** Send FETCH when mounted (default true). */
  fetchOnMount?: boolean;
}

/** Runs one session machine for the app; tells it when the stored tokens vanish (token_not_valid, another tab). */
export function SessionProvider({ children, fetchOnMount = true, ...deps }: SessionProviderProps) {
  const [machine] = useState(() => createSessionMachine(deps));
  const session = useActorRef(machine);
  const { tokens } = deps;
  useEffect(() => {
    if (fetchOnMount) session.send({ type: 'FETCH' });
  }, [session, fetchOnMount]);
  useEffect(
    () =>
      tokens.subscribe((stored) => {
        if (!stored.user && !stored.guest) session.send({ type: 'EXPIRED' });
      }),
    [session, tokens],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session actor itself, for advanced use (inspection, `.on`). */
export function useSessionActorRef(): SessionActorRef {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}

/** The session's state and what can be done with it. */
export function useSession() {
  const session = useSessionActorRef();
  const status = useSelector(session, selectAuthStatus);
  const context = useSelector(session, (snapshot) => snapshot.context);
  const signingUp = useSelector(session, (snapshot) => snapshot.matches({ signUp: 'submitting' }));
  const actions = useMemo(
    () => ({
      fetch: () => session.send({ type: 'FETCH' }),
      startGuest: () => session.send({ type: 'GUEST' }),
      setAuthenticated: (user: User, addresses?: Address[]) => session.send({ type: 'SET_AUTHENTICATED', user, addresses }),
      /** Resolves with the outcome (signed-up, magic-link-sent, field-errors, invalid-coupon, error). */
      signUp: (form: SignUpForm) => signUpAndWait(session, form),
      requestMagicLink: (request: MagicLinkRequest) => session.send({ type: 'REQUEST_MAGIC_LINK', ...request }),
      verify: (token: string) => session.send({ type: 'VERIFY', token }),
      signOut: () => session.send({ type: 'SIGN_OUT' }),
    }),
    [session],
  );
  return {
    status,
    user: context.user,
    addresses: context.addresses,
    reason: context.reason,
    error: context.error,
    signUpState: { ...context.signUp, submitting: signingUp },
    magicLink: context.magicLink,
    ...actions,
  };
}

/** Calls `handler` whenever the session ends, so a feature can reset its caches. */
export function useSessionLogout(handler: () => void): void {
  const session = useSessionActorRef();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const subscription = session.on('logout', () => latest.current());
    return () => subscription.unsubscribe();
  }, [session]);
}
