/**
 * The sign-up form's state in the session (its messages, the magic link sent): what the session machine holds from its
 * start. The sign-up's own code (./sign-up: the request, the field messages) loads with the first sign-up.
 */

/** Server field errors as the form shows them: one message string per field (spec 000 §5.6). */
export interface SignUpFieldErrors {
  first_name?: string;
  last_name?: string;
  email?: string;
}

/** The sign-up slice of the session context. */
export interface SignUpState {
  magicLinkSent: boolean;
  invalidCoupon: boolean;
  fieldErrors: SignUpFieldErrors;
  /** Any other failure: show a generic message (the error went to the error reporter). */
  error: boolean;
}

export const initialSignUpState: SignUpState = { magicLinkSent: false, invalidCoupon: false, fieldErrors: {}, error: false };
