import { assertEvent, assign, emit, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError, toApiError, type ApiError } from '#api/shared';
import type { Address, User } from '#api';
import type { SignUpForm } from './sign-up';
import { initialSignUpState, type SignUpState } from './sign-up-state';
import {
  endSession,
  SignUpFailed,
  isInvalidSession,
  loadSession,
  requestMagicLink,
  startGuestSession,
  submitSignUp,
  verifyMagicLink,
  type MagicLinkRequest,
  type MagicLinkStatus,
  type SessionData,
  type SessionDeps,
} from './session-services';

/** The auth states of spec 000 §4.6. */
export type AuthStatus = 'idle' | 'loading' | 'authenticated' | 'not_authenticated' | 'error';
/** Why there is no session: signed out (or never signed in), or the stored tokens vanished while signed in. */
export type NotAuthenticatedReason = 'signout' | 'expired';

export interface SessionContext {
  user: User | null;
  addresses: Address[];
  reason: NotAuthenticatedReason | null;
  /** The failure behind the error state. */
  error: ApiError | null;
  signUp: SignUpState;
  magicLink: { status: MagicLinkStatus };
}

export type SessionEvent =
  | { type: 'FETCH' }
  | { type: 'GUEST' }
  | { type: 'SET_AUTHENTICATED'; user: User; addresses?: Address[] }
  | { type: 'SIGN_UP'; form: SignUpForm }
  | ({ type: 'REQUEST_MAGIC_LINK' } & MagicLinkRequest)
  | { type: 'VERIFY'; token: string }
  | { type: 'SIGN_OUT' }
  /** The stored tokens were cleared behind the session's back (token_not_valid, cannot refresh, another tab). */
  | { type: 'EXPIRED' }
  /** Internal: a sign-up stored new tokens. */
  | { type: 'SIGNED_IN' };

/** `logout`: the session ended; caches of user data (cart, subscriptions, gifts, feedback...) must be reset. */
export type SessionEmitted = { type: 'logout' };

const signedOut = { user: null, addresses: [], error: null, signUp: initialSignUpState, magicLink: { status: 'idle' as const } };

/**
 * The session machine (spec 000 §4.6): an `auth` region with the auth states, next to the sign-up and
 * magic-link forms' regions. It calls the API and stores tokens through `deps`.
 * @example const session = createActor(createSessionMachine({ api, tokens })).start(); session.send({ type: 'FETCH' });
 */
export function createSessionMachine(deps: SessionDeps) {
  return setup({
    types: { context: {} as SessionContext, events: {} as SessionEvent, emitted: {} as SessionEmitted },
    actors: {
      loadSession: fromPromise<SessionData>(({ signal }) => whileRunning(signal, loadSession(deps, signal))),
      startGuestSession: fromPromise<SessionData>(({ signal }) => whileRunning(signal, startGuestSession(deps, signal))),
      verifyMagicLink: fromPromise<SessionData, { token: string }>(({ input, signal }) => whileRunning(signal, verifyMagicLink(deps, input.token, signal))),
      submitSignUp: fromPromise<'signedUp' | 'magicLinkSent', { form: SignUpForm }>(({ input, signal }) =>
        whileRunning(signal, submitSignUp(deps, input.form, signal)),
      ),
      requestMagicLink: fromPromise<MagicLinkStatus, MagicLinkRequest>(({ input, signal }) => whileRunning(signal, requestMagicLink(deps, input, signal))),
    },
    guards: {
      hasStoredSession: () => {
        const stored = deps.tokens.read();
        return stored.user !== null || stored.guest !== null;
      },
      knewUser: ({ context }) => Boolean(context.user),
    },
    actions: {
      endSession: () => endSession(deps),
      clearStoredTokens: () => deps.tokens.clear(),
      emitLogout: emit({ type: 'logout' }),
      forgetSession: assign({ ...signedOut, reason: 'signout' }),
    },
  }).createMachine({
    id: 'session',
    type: 'parallel',
    context: { ...signedOut, reason: null },
    on: {
      SIGN_OUT: {
        target: ['.auth.not_authenticated', '.signUp.idle', '.magicLink.idle'],
        actions: ['endSession', assign({ ...signedOut, reason: 'signout' }), 'emitLogout'],
      },
      SET_AUTHENTICATED: {
        target: '.auth.authenticated',
        actions: assign(({ event }) => ({ user: event.user, addresses: event.addresses ?? [], reason: null, error: null })),
      },
    },
    states: {
      auth: {
        initial: 'idle',
        on: {
          VERIFY: { target: '.loading.verify', reenter: true },
          SIGNED_IN: { target: '.loading.session', reenter: true },
        },
        states: {
          idle: { on: { FETCH: fetchSession(), GUEST: guestSession() } },
          loading: {
            initial: 'session',
            states: {
              session: {
                invoke: {
                  src: 'loadSession',
                  onDone: { target: '#session.auth.authenticated', actions: assign(({ event }) => authenticated(event.output)) },
                  onError: [
                    {
                      guard: ({ event }) => isInvalidSession(event.error),
                      target: '#session.auth.not_authenticated',
                      actions: ['endSession', assign({ ...signedOut, reason: 'signout' }), 'emitLogout'],
                    },
                    {
                      guard: ({ event }) => isApiError(event.error, 'cancelled'),
                      target: '#session.auth.error',
                      actions: assign({ error: ({ event }) => toApiError(event.error) }),
                    },
                    {
                      target: '#session.auth.error',
                      actions: ['clearStoredTokens', assign({ user: null, addresses: [], error: ({ event }) => toApiError(event.error) }), 'emitLogout'],
                    },
                  ],
                },
              },
              guest: {
                invoke: {
                  src: 'startGuestSession',
                  onDone: { target: '#session.auth.authenticated', actions: assign(({ event }) => authenticated(event.output)) },
                  onError: [
                    { guard: ({ event }) => isInvalidSession(event.error), target: '#session.auth.not_authenticated', actions: assign({ reason: 'signout' }) },
                    { target: '#session.auth.error', actions: assign({ error: ({ event }) => toApiError(event.error) }) },
                  ],
                },
              },
              verify: {
                invoke: {
                  src: 'verifyMagicLink',
                  input: ({ event }) => {
                    assertEvent(event, 'VERIFY');
                    return { token: event.token };
                  },
                  onDone: { target: '#session.auth.authenticated', actions: assign(({ event }) => authenticated(event.output)) },
                  onError: { target: '#session.auth.error', actions: assign({ error: ({ event }) => toApiError(event.error) }) },
                },
              },
            },
          },
          authenticated: {
            on: {
              FETCH: fetchSession(),
              EXPIRED: { target: 'not_authenticated', actions: [assign({ ...signedOut, reason: 'expired' }), 'emitLogout'] },
            },
          },
          not_authenticated: { on: { FETCH: fetchSession(), GUEST: guestSession() } },
          error: { on: { FETCH: fetchSession(), GUEST: guestSession() } },
        },
      },
      signUp: {
        initial: 'idle',
        states: {
          idle: { on: { SIGN_UP: 'submitting' } },
          submitting: {
            entry: assign({ signUp: initialSignUpState }),
            invoke: {
              src: 'submitSignUp',
              input: ({ event }) => {
                assertEvent(event, 'SIGN_UP');
                return { form: event.form };
              },
              onDone: [
                {
                  guard: ({ event }) => event.output === 'magicLinkSent',
                  target: 'idle',
                  actions: assign({ signUp: { ...initialSignUpState, magicLinkSent: true } }),
                },
                { target: 'idle', actions: raise({ type: 'SIGNED_IN' }) },
              ],
              onError: {
                target: 'idle',
                actions: [
                  assign({ signUp: ({ event }) => signUpFailure(event.error).state }),
                  ({ event }) => {
                    const failure = signUpFailure(event.error);
                    if (failure.report) deps.reportError?.(failure.error, { operation: 'signUp' });
                  },
                ],
              },
            },
          },
        },
      },
      magicLink: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              REQUEST_MAGIC_LINK: [
                { guard: ({ event }) => !event.username?.trim(), actions: assign({ magicLink: { status: 'error' } }) },
                { target: 'sending' },
              ],
            },
          },
          sending: {
            entry: assign({ magicLink: { status: 'sending' } }),
            invoke: {
              src: 'requestMagicLink',
              input: ({ event }) => {
                assertEvent(event, 'REQUEST_MAGIC_LINK');
                const { type: _type, ...request } = event;
                return request;
              },
              onDone: { target: 'idle', actions: assign({ magicLink: ({ event }) => ({ status: event.output }) }) },
              onError: { target: 'idle', actions: assign({ magicLink: { status: 'error' } }) },
            },
          },
        },
      },
    },
  });
}

/** FETCH: with no stored session, not_authenticated (reason "signout"), a logout emitted when a session we knew is gone; otherwise load it. */
function fetchSession() {
  return [
    { guard: 'hasStoredSession', target: 'loading.session' },
    { guard: 'knewUser', target: 'not_authenticated', actions: ['emitLogout', 'forgetSession'] },
    { target: 'not_authenticated', actions: 'forgetSession' },
  ] as const;
}

/** A refused sign-up as the form shows it; anything else (the sign-up's code failed to load) a generic error, reported. */
function signUpFailure(error: unknown): Pick<SignUpFailed, 'state' | 'report' | 'error'> {
  return error instanceof SignUpFailed ? error : { state: { ...initialSignUpState, error: true }, report: true, error };
}

/** GUEST: reuse a stored session when there is one, else create guest tokens. */
function guestSession() {
  return [{ guard: 'hasStoredSession', target: 'loading.session' }, { target: 'loading.guest' }] as const;
}

/**
 * Settles as `work` does, unless the invoking actor was stopped first: then never. A stopped promise actor that
 * React StrictMode restarts would otherwise receive the stale "cancelled" failure of its first run.
 */
function whileRunning<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    work.then(
      (value) => signal.aborted || resolve(value),
      (error: unknown) => signal.aborted || reject(error),
    );
  });
}

function authenticated(data: SessionData): Partial<SessionContext> {
  return { user: data.user, addresses: data.addresses, reason: null, error: null };
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The auth state (spec 000 §4.6) of a session snapshot. */
export function selectAuthStatus(snapshot: SessionSnapshot): AuthStatus {
  const { auth } = snapshot.value as { auth: AuthStatus | { loading: string } };
  return typeof auth === 'string' ? auth : 'loading';
}

/** Compares the auth state, accepting the spec's other spelling "notAuthenticated". */
export function isAuthStatus(snapshot: SessionSnapshot, status: AuthStatus | 'notAuthenticated'): boolean {
  return selectAuthStatus(snapshot) === (status === 'notAuthenticated' ? 'not_authenticated' : status);
}
