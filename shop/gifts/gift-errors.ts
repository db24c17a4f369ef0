import { isApiError } from '#api/shared';
import { giftFieldOrder, type GiftField, type GiftFieldErrors } from './gift-form.ts';

/** How a refused gift reads on the page (spec 001 §8 "Gift creation error: exposed to the gift screen"). */
export interface GiftError {
  /** The server's field errors (a 400's `fields`) on the form's own fields. */
  fields: GiftFieldErrors;
  /** What shows at the form's button: the server's words, or ours when no answer came; null when the fields say it all. */
  message: string | null;
}

const unreachable = "We couldn't reach the shop to create your gift card, and nothing was charged. Please try again.";

/** The error of POST /v1/gifts/ in the page's words: fields on their fields, anything else at the form. */
export function giftErrorOf(error: unknown): GiftError {
  if (!isApiError(error)) return { fields: {}, message: unreachable };
  const fields: GiftFieldErrors = {};
  const others: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const first = messages[0];
    if (!first) continue;
    if ((giftFieldOrder as readonly string[]).includes(name)) fields[name as GiftField] = first;
    else others.push(first);
  }
  if (Object.keys(fields).length > 0) return { fields, message: others.length > 0 ? others.join(' ') : null };
  // No answer, or the server's own trouble (5xx): the shopper can only try again; its detail is not for them.
  if (error.status === 0 || error.status >= 500) return { fields, message: unreachable };
  return { fields, message: others.length > 0 ? others.join(' ') : error.detail };
}
