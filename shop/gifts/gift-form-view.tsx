import { useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Field, InputField } from '../../renderer/parts/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import type { GiftContent } from '../content/site-schema.ts';
import {
  checkGiftForm,
  defaultMessages,
  giftFieldOrder,
  giftFormReducer,
  giftRequest,
  initialGiftForm,
  type GiftField,
  type GiftFieldErrors,
  type GiftFormState,
} from './gift-form.ts';
import { amountLabel, giftAmounts, lastSendDate, MESSAGE_MAX, NAME_MAX } from './gift-rules.ts';
import { GiftPreview } from './gift-preview.tsx';
import { giftErrorOf } from './gift-errors.ts';
import type { CreateGift } from './gift-page.tsx';

const fieldIds: Record<GiftField, string> = {
  amount: `gift-amount-${giftAmounts[0]}`,
  occasion: 'gift-occasion-0',
  message: 'gift-message',
  recipient_name: 'gift-recipient-name',
  recipient_email: 'gift-recipient-email',
  sender_name: 'gift-sender-name',
  send_on: 'gift-send-on',
};

/**
 * The gift card form (spec 001 §2, §3, §8): the amount and the occasion as radio groups, the message filled with the
 * occasion's words, who it is for and from, and the day to send it. Errors show on their fields and are summed up
 * (focused) above the form; on success `onCreated` gets the gift's pubkey. A refusal that names fields shows on them,
 * any other at the form's button.
 */
export function GiftFormView({
  content,
  today,
  createGift,
  onCreated,
  initial,
  aside,
}: {
  content: GiftContent;
  /** Today in US Eastern time (YYYY-MM-DD): the default and the first day to send. */
  today: string;
  createGift: CreateGift;
  onCreated(pubkey: string): void;
  initial?: GiftFormState;
  /** Beside the form on wide screens, after it on phones: what a gift card buys. */
  aside?: ReactNode;
}) {
  const messages = defaultMessages(content);
  const [state, dispatch] = useReducer(giftFormReducer(messages), initial ?? initialGiftForm(messages, today));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [summary, setSummary] = useState<GiftField[]>([]);
  // Each press of the button draws its notices anew, so a second refusal is announced and focused like the first.
  const [attempt, setAttempt] = useState(0);
  const { form, errors } = state;
  const latest = lastSendDate(today);
  const busyRef = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    setFailure(null);
    setAttempt((n) => n + 1);
    const found = checkGiftForm(form, today);
    dispatch({ type: 'errors', errors: found });
    setSummary(giftFieldOrder.filter((f) => found[f]));
    if (Object.keys(found).length > 0) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const { pubkey } = await createGift(giftRequest(form));
      onCreated(pubkey);
    } catch (error) {
      const { fields, message } = giftErrorOf(error);
      dispatch({ type: 'errors', errors: fields });
      setSummary(giftFieldOrder.filter((f) => fields[f]));
      setFailure(message);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const shown: GiftFieldErrors = errors;
  const listed = summary.filter((f) => shown[f]);
  return (
    <div className="gift-form-layout">
      <form className="card gift-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="gift-form-title" aria-busy={busy || undefined}>
        <h3 id="gift-form-title" className="gift-form__title">
          Your gift card
        </h3>
        {listed.length > 0 ? (
          <Notice key={attempt} tone="error" focus>
            <p className="gift-form__summary-title">There is a problem with the gift card</p>
            <ul className="gift-form__summary">
              {listed.map((field) => (
                <li key={field}>
                  <a href={`#${fieldIds[field]}`}>{shown[field]}</a>
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}

        <fieldset className={`gift-choices${shown.amount ? ' gift-choices--invalid' : ''}`} aria-describedby={shown.amount ? 'gift-amount-error' : undefined}>
          <legend className="field__label">Amount</legend>
          {shown.amount ? (
            <p id="gift-amount-error" className="field__error">
              {shown.amount}
            </p>
          ) : null}
          <div className="gift-choices__options gift-choices__options--amounts">
            {giftAmounts.map((amount) => (
              <label key={amount} className="gift-choice" htmlFor={`gift-amount-${amount}`}>
                <input
                  id={`gift-amount-${amount}`}
                  type="radio"
                  name="amount"
                  value={amount}
                  checked={form.amount === amount}
                  onChange={() => dispatch({ type: 'amount', amount })}
                />
                <span>{amountLabel(amount)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="gift-choices">
          <legend className="field__label">Occasion</legend>
          <div className="gift-choices__options">
            {content.occasions.map((o, index) => (
              <label key={o.occasion} className="gift-choice" htmlFor={`gift-occasion-${index}`}>
                <input
                  id={`gift-occasion-${index}`}
                  type="radio"
                  name="occasion"
                  value={o.occasion}
                  checked={form.occasion === o.occasion}
                  onChange={() => dispatch({ type: 'occasion', occasion: o.occasion })}
                />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field
          id={fieldIds.message}
          label="Message"
          error={shown.message}
          hint={`Written for the occasion: make it your own (up to ${MESSAGE_MAX} characters).`}
        >
          {(describedBy) => (
            <textarea
              id={fieldIds.message}
              className="field__input gift-form__message"
              rows={4}
              maxLength={MESSAGE_MAX}
              value={form.message}
              aria-invalid={shown.message ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => dispatch({ type: 'text', field: 'message', value: event.target.value })}
            />
          )}
        </Field>

        <div className="gift-form__pair">
          <InputField
            id={fieldIds.recipient_name}
            label="Recipient's name"
            autoComplete="off"
            maxLength={NAME_MAX}
            error={shown.recipient_name}
            value={form.recipient_name}
            onChange={(value) => dispatch({ type: 'text', field: 'recipient_name', value })}
          />
          <InputField
            id={fieldIds.recipient_email}
            label="Recipient's e-mail"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="email"
            error={shown.recipient_email}
            value={form.recipient_email}
            onChange={(value) => dispatch({ type: 'text', field: 'recipient_email', value })}
          />
        </div>
        <InputField
          id={fieldIds.sender_name}
          label="Your name"
          autoComplete="name"
          maxLength={NAME_MAX}
          error={shown.sender_name}
          value={form.sender_name}
          onChange={(value) => dispatch({ type: 'text', field: 'sender_name', value })}
        />
        <InputField
          id={fieldIds.send_on}
          label="Send on"
          type="date"
          min={today}
          max={latest}
          error={shown.send_on}
          hint="Sent at 10 AM Eastern on that day, or right away if it is today."
          value={form.send_on}
          onChange={(value) => dispatch({ type: 'text', field: 'send_on', value })}
        />

        {failure ? (
          <Notice key={attempt} tone="error" focus>
            {failure}
          </Notice>
        ) : null}
        <button type="submit" className="button button--primary button--block" aria-disabled={busy || undefined}>
          {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
          {busy ? 'Creating your gift card…' : 'Continue to payment'}
        </button>
      </form>
      <div className="gift-form-aside">
        <GiftPreview form={form} occasionLabel={content.occasions.find((o) => o.occasion === form.occasion)?.label ?? ''} />
        {aside}
      </div>
    </div>
  );
}
