import type { SignUpFieldErrors } from './step-props';

/**
 * Places the server's field errors on the sign-up form (spec 000 §5.6): first_name and last_name on
 * their own fields, email, username and any other key on the e-mail field; several messages joined with spaces.
 * @example signUpFieldErrors({ username: ['Taken.'], email: ['Check it.'] }) // { email: 'Taken. Check it.' }
 */
export function signUpFieldErrors(fields: Record<string, readonly string[] | string | undefined>): SignUpFieldErrors {
  const collected: Record<keyof SignUpFieldErrors, string[]> = { first_name: [], last_name: [], email: [] };
  for (const [key, messages] of Object.entries(fields)) {
    if (messages === undefined) continue;
    const target = key === 'first_name' || key === 'last_name' ? key : 'email';
    collected[target].push(...(typeof messages === 'string' ? [messages] : messages));
  }
  const result: SignUpFieldErrors = {};
  for (const key of ['first_name', 'last_name', 'email'] as const) {
    if (collected[key].length > 0) result[key] = collected[key].join(' ');
  }
  return result;
}
