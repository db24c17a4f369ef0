/**
 * The session machine (spec 000 §4.6) and its helpers in one place, for tests and types. The React binding (./index.tsx)
 * loads the machine (./session-machine) with the session and the sign-up's code (./sign-up-outcome) with a sign-up.
 */
export { createSessionMachine, selectAuthStatus, isAuthStatus } from './session-machine';
export type {
  AuthStatus,
  NotAuthenticatedReason,
  SessionActorRef,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionMachine,
  SessionSnapshot,
} from './session-machine';
export { buildSignUpRequest, mapSignUpFieldErrors, signUpFailure, initialSignUpState } from './sign-up';
export type { SignUpFieldErrors, SignUpForm, SignUpState } from './sign-up';
export { signUpAndWait, signUpOutcome } from './sign-up-outcome';
export type { SignUpOutcome } from './sign-up-outcome';
export type { MagicLinkRequest, MagicLinkStatus, SessionApi, SessionData, SessionDeps } from './session-services';
