/**
 * Set on this device once the visitor has given us an e-mail (a sign-up, the exit modal): the category
 * page then offers "Resume here", and leaving a consultation no longer asks for it (spec 000 §2.1, §2.7).
 */
export const EMAIL_GIVEN_KEY = 'shop.email-given';

/** Whether this device remembers that its visitor gave an e-mail. */
export function emailGiven(): boolean {
  try {
    return localStorage.getItem(EMAIL_GIVEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers that this device's visitor gave an e-mail. */
export function rememberEmailGiven(): void {
  try {
    localStorage.setItem(EMAIL_GIVEN_KEY, '1');
  } catch {
    // Storage blocked: the link is simply not offered.
  }
}
