import type { ApiClient, TokenStore } from '#api/client';
import { isApiError } from '#api/shared';
import type { Address, User } from '#api';
import { sendKeptReferral } from '../referral';
import type { SignUpForm } from './sign-up';
import type { SignUpState } from './sign-up-state';

/** The calls the session makes (a real ApiClient, or a fake in tests and stories). */
export type SessionApi = Pick<ApiClient, 'signUpGuest' | 'signUp' | 'requestMagicLink' | 'verifyMagicLink' | 'signOut' | 'getAccount' | 'getAddresses'> &
  // Sends the referral code the device kept (../referral.ts) once the account exists; a fake without it sends none.
  Partial<Pick<ApiClient, 'referCouponCustomer'>>;

/** What the session machine needs from the app. */
export interface SessionDeps {
  api: SessionApi;
  tokens: TokenStore;
  /** Sends an unexpected error to the error-reporting service (spec 000 §8: sign-up, other errors). */
  reportError?: (error: unknown, info: { operation: 'signUp' }) => void;
}

/** The signed-in (or guest) user and their addresses, loaded together. */
export interface SessionData {
  user: User;
  addresses: Address[];
}

export type MagicLinkStatus = 'idle' | 'sending' | 'success' | 'unknownUser' | 'error';

export interface MagicLinkRequest {
  username?: string;
  next?: string;
  coupon?: string;
  couponSource?: string;
}

/** Loads the user and their addresses in parallel (spec 000 §4.6). */
export async function loadSession({ api }: SessionDeps, signal: AbortSignal): Promise<SessionData> {
  const [user, addresses] = await Promise.all([api.getAccount({ signal }), api.getAddresses({ signal })]);
  return { user, addresses };
}

/** Creates guest tokens, stores them, and loads the guest's user record. */
export async function startGuestSession(deps: SessionDeps, signal: AbortSignal): Promise<SessionData> {
  const tokens = await deps.api.signUpGuest({ signal });
  signal.throwIfAborted(); // a cancelled session must not store what arrived late
  deps.tokens.setGuest(tokens);
  return loadSession(deps, signal);
}

/** Trades a magic-link token for the user's tokens (the guest's are dropped) and loads the user. */
export async function verifyMagicLink(deps: SessionDeps, token: string, signal: AbortSignal): Promise<SessionData> {
  const tokens = await deps.api.verifyMagicLink(token, { signal });
  signal.throwIfAborted();
  deps.tokens.setUser(tokens);
  deps.tokens.setGuest(null);
  return loadSession(deps, signal);
}

/** A refused sign-up: what the form shows of it (./sign-up signUpFailure), whether to report it, and the server's error. */
export class SignUpFailed extends Error {
  constructor(
    readonly state: SignUpState,
    readonly report: boolean,
    readonly error: unknown,
  ) {
    super('sign-up failed', { cause: error });
    this.name = 'SignUpFailed';
  }
}

/**
 * Signs up (spec 000 §5.6); new accounts' tokens are stored and the guest's cleared. The sign-up's own code (./sign-up)
 * loads with the first sign-up, not with the session: a page that signs nobody up never downloads it. A refusal
 * rejects with SignUpFailed; a failure to load that code, with its own error.
 */
export async function submitSignUp(deps: SessionDeps, form: SignUpForm, signal: AbortSignal): Promise<'signedUp' | 'magicLinkSent'> {
  const { buildSignUpRequest, signUpFailure } = await import('./sign-up');
  signal.throwIfAborted();
  try {
    const response = await deps.api.signUp(buildSignUpRequest(form), { signal });
    if ('magic_link_sent' in response) return 'magicLinkSent';
    signal.throwIfAborted();
    deps.tokens.setUser(response);
    deps.tokens.setGuest(null);
    // Spec 001 §3 "Coupon customer": the code kept from ?referral_code= is sent now that the customer exists.
    const refer = deps.api.referCouponCustomer;
    if (refer) await sendKeptReferral((body) => refer(body));
    return 'signedUp';
  } catch (error) {
    const failure = signUpFailure(error);
    throw new SignUpFailed(failure.state, failure.report, error);
  }
}

/** Asks for a magic link; without a username the result is error and nothing is sent (spec 000 §5.6). */
export async function requestMagicLink(deps: SessionDeps, request: MagicLinkRequest, signal: AbortSignal): Promise<MagicLinkStatus> {
  const username = request.username?.trim().toLowerCase();
  if (!username) return 'error';
  try {
    await deps.api.requestMagicLink({ ...request, username }, { signal });
    return 'success';
  } catch (error) {
    return isApiError(error, 'unknown_user') ? 'unknownUser' : 'error';
  }
}

/** Forgets the stored tokens now and revokes their refresh tokens on the server, best effort. */
export function endSession({ api, tokens }: SessionDeps): void {
  const { user, guest } = tokens.read();
  tokens.clear();
  for (const pair of [user, guest]) {
    if (pair?.refresh) api.signOut(pair.refresh).catch(() => undefined); // the tokens are gone locally either way
  }
}

/** True when the session is dead: its token was refused or cannot be refreshed. */
export function isInvalidSession(error: unknown): boolean {
  return isApiError(error) && (error.code === 'token_not_valid' || error.code === 'cannot_refresh' || error.status === 401);
}
