import { useEffect, useState } from 'react';
import { isApiError } from '#api/shared';

/** A form's messages by field name. */
export type FieldMessages = Record<string, string>;

/** The server's field errors (a 400's `fields`, spec 001 §8), the first message of each; null when the error is not one. */
export function serverFieldErrors(error: unknown): FieldMessages | null {
  if (!isApiError(error) || !error.fields) return null;
  const found: FieldMessages = {};
  for (const [field, messages] of Object.entries(error.fields)) if (messages[0]) found[field] = messages[0];
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * Focus on the first field of `form` marked invalid: the returned function asks for it, and it happens once React has
 * drawn the errors just set (an effect after that render, not a timer that may run before it).
 */
export function useFocusFirstInvalid(form: { current: HTMLElement | null }): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, form]);
  return () => setAsked((n) => n + 1);
}
