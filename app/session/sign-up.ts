import type { FieldErrors } from '#api/client';
import { isApiError } from '#api/shared';
import type { AccountCreationOrigin, SignupRequest } from '#api';
import { initialSignUpState, type SignUpFieldErrors, type SignUpState } from './sign-up-state';

/** The sign-up form (spec 000 §3.10) and what the page adds to it. */
export interface SignUpForm {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Defaults to the e-mail (spec 000 §5.6). */
  username?: string;
  origin?: AccountCreationOrigin;
  coupon?: string;
  /** Where the sign-in link leads when the e-mail already has an account (the checkout step it was given on). */
  next?: string;
  textOptin?: boolean;
  textMarketingOptin?: boolean;
}

export { initialSignUpState, type SignUpFieldErrors, type SignUpState } from './sign-up-state';

const lowercase = (value: string) => value.trim().toLowerCase();

/** The sign-up payload (spec 000 §5.6): username = e-mail, both lowercased; terms accepted; text opt-ins false unless chosen. */
export function buildSignUpRequest(form: SignUpForm): SignupRequest {
  const email = lowercase(form.email);
  const request: SignupRequest = {
    email,
    username: form.username?.trim() ? lowercase(form.username) : email,
    has_accepted_terms: true,
    text_optin: form.textOptin ?? false,
    text_marketing_optin: form.textMarketingOptin ?? false,
  };
  if (form.firstName !== undefined) request.first_name = form.firstName;
  if (form.lastName !== undefined) request.last_name = form.lastName;
  if (form.origin) request.account_creation_origin = form.origin;
  if (form.coupon) request.coupon = form.coupon;
  if (form.next) request.next = form.next;
  return request;
}

/** first_name and last_name keep their own field; email, username and any other key go to the e-mail field; messages are joined with spaces. */
export function mapSignUpFieldErrors(fields: FieldErrors): SignUpFieldErrors {
  const collected: Record<keyof SignUpFieldErrors, string[]> = { first_name: [], last_name: [], email: [] };
  for (const [key, messages] of Object.entries(fields)) {
    const target = key === 'first_name' || key === 'last_name' ? key : 'email';
    collected[target].push(...messages);
  }
  const mapped: SignUpFieldErrors = {};
  for (const key of ['first_name', 'last_name', 'email'] as const) {
    if (collected[key].length > 0) mapped[key] = collected[key].join(' ');
  }
  return mapped;
}

/** What a failed sign-up does to the form (spec 000 §8), and whether the error must go to the error reporter. */
export function signUpFailure(error: unknown): { state: SignUpState; report: boolean } {
  if (isApiError(error, 'invalid_coupon')) return { state: { ...initialSignUpState, invalidCoupon: true }, report: false };
  if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
    return { state: { ...initialSignUpState, fieldErrors: mapSignUpFieldErrors(error.fields) }, report: false };
  }
  return { state: { ...initialSignUpState, error: true }, report: true };
}
