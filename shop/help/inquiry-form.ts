import { isApiError } from '#api/shared';
import type { KbInquiryRequest } from '#api';
import { INQUIRY_MESSAGE_MAX } from './help-limits.ts';
import { emailProblem } from '../../renderer/parts/field.tsx';

/** What the contact form holds while the shopper types (all text; `website` is the honeypot nobody sees). */
export interface InquiryForm {
  name: string;
  email: string;
  topic: KbInquiryRequest['topic'] | '';
  message: string;
  order: string;
  website: string;
}
export type InquiryField = 'name' | 'email' | 'topic' | 'message' | 'order';
export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;
/** The fields in the order the form shows them: the first with an error takes focus. */
export const inquiryFieldOrder: readonly InquiryField[] = ['name', 'email', 'topic', 'message', 'order'];

/** The topics of the select, in the shopper's words (kbInquiryRequest's topic). */
export const inquiryTopics: readonly { value: KbInquiryRequest['topic']; label: string }[] = [
  { value: 'order', label: 'An order' },
  { value: 'subscription', label: 'My subscription' },
  { value: 'formula', label: 'My formula' },
  { value: 'shipping', label: 'Shipping and delivery' },
  { value: 'account', label: 'My account' },
  { value: 'other', label: 'Something else' },
];

export { INQUIRY_MESSAGE_MAX };

/** An empty form, with a signed-in shopper's name and e-mail filled in. */
export function initialInquiry(shopper?: { name?: string; email?: string } | null): InquiryForm {
  return { name: shopper?.name ?? '', email: shopper?.email ?? '', topic: '', message: '', order: '', website: '' };
}

/** The characters a message counts (as the server does: code points of the trimmed text). */
export const messageLength = (message: string): number => [...message.trim()].length;

/** The form's own checks before asking the server (the server checks again and has the last word). */
export function checkInquiry(form: InquiryForm): InquiryFieldErrors {
  const errors: InquiryFieldErrors = {};
  if (!form.name.trim()) errors.name = 'Tell us your name.';
  const email = emailProblem(form.email);
  if (email) errors.email = email;
  if (!form.topic) errors.topic = 'Choose what your message is about.';
  if (!form.message.trim()) errors.message = 'Write your message.';
  else if (messageLength(form.message) > INQUIRY_MESSAGE_MAX) errors.message = `Keep the message to ${INQUIRY_MESSAGE_MAX} characters.`;
  return errors;
}

/** The request POST /v1/knowledge_base/inquiries takes (an empty order left out; the honeypot sent as it is). */
export function inquiryRequest(form: InquiryForm): KbInquiryRequest {
  return {
    name: form.name,
    email: form.email,
    topic: form.topic || 'other',
    message: form.message,
    ...(form.order.trim() ? { order: form.order } : {}),
    ...(form.website ? { website: form.website } : {}),
    source: 'contact_form',
  };
}

/** A refused inquiry in the form's words: the server's `fields` on their fields, anything else at the button. */
export function inquiryErrorOf(error: unknown): { fields: InquiryFieldErrors; message: string | null } {
  const unreachable = "We couldn't send your message. Check your connection and try again; nothing you typed is lost.";
  if (!isApiError(error)) return { fields: {}, message: unreachable };
  const fields: InquiryFieldErrors = {};
  const others: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const first = messages[0];
    if (!first) continue;
    if ((inquiryFieldOrder as readonly string[]).includes(name)) fields[name as InquiryField] = first;
    else others.push(first);
  }
  if (Object.keys(fields).length > 0) return { fields, message: others.length > 0 ? others.join(' ') : null };
  if (error.status === 0 || error.status >= 500) return { fields, message: unreachable };
  return { fields, message: others.length > 0 ? others.join(' ') : error.detail };
}
