import type { GiftContent } from '../content/site-schema.ts';
import { giftAmounts, giftOccasions, lastSendDate, MESSAGE_MAX, NAME_MAX, type GiftAmount, type GiftOccasion } from './gift-rules.ts';

/** What the gift form sends (POST /v1/gifts/, spec 001 §3, §7): the field names are the server's. */
export interface GiftForm {
  amount: GiftAmount | null;
  occasion: GiftOccasion;
  message: string;
  recipient_name: string;
  recipient_email: string;
  sender_name: string;
  /** YYYY-MM-DD, a US Eastern day. */
  send_on: string;
}
export type GiftField = keyof GiftForm;
/** The form's messages by field (its own checks, or the server's 400 `fields`). */
export type GiftFieldErrors = Partial<Record<GiftField, string>>;

/** The occasions' default messages (content: shop/content/site/gift.yaml). */
export type DefaultMessages = Record<GiftOccasion, string>;

/** Each occasion's default message, from the page's content. */
export function defaultMessages(content: Pick<GiftContent, 'occasions'>): DefaultMessages {
  return Object.fromEntries(content.occasions.map((o) => [o.occasion, o.message])) as DefaultMessages;
}

/**
 * The form's state: what the shopper typed, whether they have written their own message (then a new occasion keeps
 * it), and each field's error.
 */
export interface GiftFormState {
  form: GiftForm;
  messageEdited: boolean;
  errors: GiftFieldErrors;
}

export type GiftFormAction =
  | { type: 'amount'; amount: GiftAmount }
  | { type: 'occasion'; occasion: GiftOccasion }
  | { type: 'text'; field: 'message' | 'recipient_name' | 'recipient_email' | 'sender_name' | 'send_on'; value: string }
  | { type: 'errors'; errors: GiftFieldErrors };

/** An empty form: no amount chosen, the first occasion with its message, sent today. */
export function initialGiftForm(messages: DefaultMessages, today: string): GiftFormState {
  const occasion = giftOccasions[0];
  return {
    form: { amount: null, occasion, message: messages[occasion], recipient_name: '', recipient_email: '', sender_name: '', send_on: today },
    messageEdited: false,
    errors: {},
  };
}

/**
 * The form's reducer. Choosing an occasion fills the message box with its default message unless the shopper has
 * written their own (a message they emptied counts as not written: it is filled again). A change clears that
 * field's error.
 */
export function giftFormReducer(messages: DefaultMessages) {
  return (state: GiftFormState, action: GiftFormAction): GiftFormState => {
    const field = actionField(action);
    const errors = field ? withoutKey(state.errors, field) : state.errors;
    switch (action.type) {
      case 'amount':
        return { ...state, form: { ...state.form, amount: action.amount }, errors };
      case 'occasion': {
        const keep = state.messageEdited && state.form.message.trim() !== '';
        const message = keep ? state.form.message : messages[action.occasion];
        return { form: { ...state.form, occasion: action.occasion, message }, messageEdited: keep, errors: keep ? errors : withoutKey(errors, 'message') };
      }
      case 'text': {
        const form = { ...state.form, [action.field]: action.value };
        const messageEdited = action.field === 'message' ? action.value !== messages[state.form.occasion] : state.messageEdited;
        return { form, messageEdited, errors };
      }
      case 'errors':
        return { ...state, errors: action.errors };
    }
  };
}

/** The field an action changes, whose error it clears. */
function actionField(action: GiftFormAction): GiftField | null {
  return action.type === 'text' ? action.field : action.type === 'errors' ? null : action.type;
}

function withoutKey(errors: GiftFieldErrors, key: GiftField): GiftFieldErrors {
  const { [key]: _gone, ...rest } = errors;
  return rest;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The form's own checks before the server's: each field's problem in words, none when it may be sent. */
export function checkGiftForm(form: GiftForm, today: string): GiftFieldErrors {
  const found: GiftFieldErrors = {};
  if (form.amount === null || !giftAmounts.includes(form.amount)) found.amount = 'Choose an amount.';
  if (!giftOccasions.includes(form.occasion)) found.occasion = 'Choose an occasion.';
  if (!form.message.trim()) found.message = 'Write a message to go with the gift card.';
  else if (form.message.length > MESSAGE_MAX) found.message = `Keep the message to ${MESSAGE_MAX} characters (it has ${form.message.length}).`;
  if (!form.recipient_name.trim()) found.recipient_name = "Enter the recipient's name.";
  else if (form.recipient_name.trim().length > NAME_MAX) found.recipient_name = `Keep the name to ${NAME_MAX} characters.`;
  if (!form.recipient_email.trim()) found.recipient_email = "Enter the recipient's e-mail address.";
  else if (!emailPattern.test(form.recipient_email.trim())) found.recipient_email = 'Enter an e-mail address such as name@example.com.';
  if (!form.sender_name.trim()) found.sender_name = 'Enter your name, so they know who it is from.';
  else if (form.sender_name.trim().length > NAME_MAX) found.sender_name = `Keep your name to ${NAME_MAX} characters.`;
  if (!datePattern.test(form.send_on)) found.send_on = 'Choose the day to send it.';
  else if (form.send_on < today) found.send_on = 'Choose today or a day after: the gift card cannot be sent in the past.';
  else if (form.send_on > lastSendDate(today)) found.send_on = 'Choose a day within a year from today.';
  return found;
}

/** The body as sent: names and e-mail trimmed, the amount chosen (a form with errors is never sent). */
export function giftRequest(form: GiftForm): GiftForm & { amount: GiftAmount } {
  return {
    ...form,
    amount: form.amount!,
    recipient_name: form.recipient_name.trim(),
    recipient_email: form.recipient_email.trim(),
    sender_name: form.sender_name.trim(),
  };
}

/** The order of the fields on the page: the error summary lists them so, and the first is focused. */
export const giftFieldOrder: readonly GiftField[] = ['amount', 'occasion', 'message', 'recipient_name', 'recipient_email', 'sender_name', 'send_on'];
