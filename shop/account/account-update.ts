import type { User, UserPatch } from '#api';
import { formatPhoneInput, isCompletePhone, storedPhone } from '#api/shared';

/** The profile form as typed. The opt-ins may be absent (a form that does not ask them). */
export interface ProfileFields {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
  text_optin?: boolean;
  text_marketing_optin?: boolean;
}

/** The form filled from the account: the phone as it is typed, the username empty while it is the e-mail (its default). */
export function profileFieldsOf(user: User): Required<ProfileFields> {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    username: user.username === user.email ? '' : user.username,
    phone: user.phone ? formatPhoneInput(user.phone) : '',
    text_optin: user.text_optin,
    text_marketing_optin: user.text_marketing_optin,
  };
}

/** What is wrong with the phone as typed, if anything (spec 001 §5: exactly 10 digits); an empty phone is none. */
export function phoneProblem(phone: string): string | undefined {
  if (phone.trim() === '') return undefined;
  return isCompletePhone(phone) ? undefined : 'Enter a 10-digit phone number, like (555) 123-4567.';
}

/**
 * PATCH /v1/account/'s body from the form (spec 001 §5, §7 Account): e-mail and username sent lowercased, the username
 * defaulting to the e-mail, the text opt-ins false unless given. While a new e-mail awaits its confirmation the default
 * username is the account's current e-mail (a username may not be an address the account does not own yet); the
 * server moves it to the new one when the change is confirmed.
 */
export function accountUpdate(form: ProfileFields, current: Pick<User, 'email'>): UserPatch {
  const email = form.email.trim().toLowerCase();
  const username = form.username.trim().toLowerCase() || (email === current.email.toLowerCase() ? email : current.email.toLowerCase());
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email,
    username,
    phone: form.phone.trim() === '' ? null : storedPhone(form.phone),
    text_optin: form.text_optin ?? false,
    text_marketing_optin: form.text_marketing_optin ?? false,
  };
}
