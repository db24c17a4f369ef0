import { waitFor } from 'xstate';
import type { SignUpFieldErrors, SignUpForm } from './sign-up';
import { rememberEmailGiven } from '../consultation/email-given';
import { selectAuthStatus, type SessionActorRef, type SessionSnapshot } from './session-machine';

/** How a sign-up ended, in the shape the sign-in step of the renderer expects (renderer/step-props.ts SignUpResult). */
export type SignUpOutcome =
  { kind: 'signed-up' } | { kind: 'magic-link-sent' } | { kind: 'field-errors'; fields: SignUpFieldErrors } | { kind: 'invalid-coupon' } | { kind: 'error' };

/** Reads the outcome of the last sign-up from a settled session snapshot. */
export function signUpOutcome(snapshot: SessionSnapshot): SignUpOutcome {
  const { signUp } = snapshot.context;
  if (Object.keys(signUp.fieldErrors).length > 0) return { kind: 'field-errors', fields: signUp.fieldErrors };
  if (signUp.invalidCoupon) return { kind: 'invalid-coupon' };
  if (signUp.magicLinkSent) return { kind: 'magic-link-sent' };
  if (signUp.error) return { kind: 'error' };
  return selectAuthStatus(snapshot) === 'authenticated' ? { kind: 'signed-up' } : { kind: 'error' };
}

/**
 * Sends SIGN_UP and resolves once the sign-up, and the user load that follows a new account, have settled.
 * A new account or a magic link sent means the visitor has given their e-mail: the device remembers it.
 */
export async function signUpAndWait(session: SessionActorRef, form: SignUpForm): Promise<SignUpOutcome> {
  session.send({ type: 'SIGN_UP', form });
  const settled = await waitFor(session, (snapshot) => snapshot.matches({ signUp: 'idle' }) && selectAuthStatus(snapshot) !== 'loading');
  const outcome = signUpOutcome(settled);
  if (outcome.kind === 'signed-up' || outcome.kind === 'magic-link-sent') rememberEmailGiven();
  return outcome;
}
