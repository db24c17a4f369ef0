import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatPhoneInput, isCompletePhone, phoneCountry, storedPhone } from '#api/shared';
import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import { ActionButton } from '../../../renderer/parts/action-button';
import { refusalOf, type CheckoutFacts, type FieldMessages } from '../checkout-facts';
import { StepAlert } from '../step-alert';
import { AddressLines } from './address-lines';
import { emailProblem, Field, InputField } from '../../../renderer/parts/field';

export const accountMessages = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  phone: 'Enter a 10-digit phone number, like (555) 123-4567.',
  knownEmail: 'You already have an account with this email. We’ve sent you a sign-in link: open it to continue your checkout here.',
  failed: 'Oops, something went wrong... Let’s try again.',
  linkSent: 'We’ve sent you a sign-in link. Open it on this device to come back to this step.',
} as const;

const NEW_ADDRESS = 'new';

/** Moves focus to the form's first field marked invalid, once it is drawn. */
const focusFirstInvalid = (form: { current: HTMLFormElement | null }) =>
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/**
 * Account/Shipping (spec 001 §2): who orders and where it goes. A guest gives an e-mail and names and becomes a
 * customer (origin checkout_cartv2, §6); a known e-mail gets a sign-in link back to this step. A signed-in shopper
 * checks their names and phone and picks a saved address or a new one (then the address step follows, §4). The
 * checkout's save adapter saves them; a refusal comes back as `saveError`, shown on the form.
 */
export function AccountDetailsStep({ screen, onChange, onNext, busy, saveError, facts: checkout }: StepProps<'account-details', CheckoutFacts>) {
  const selection = screen.selection ?? {};
  const signedIn = checkout.session === 'authenticated';
  const [email, setEmail] = useState(String(selection.email ?? checkout.accountEmail ?? ''));
  const [firstName, setFirstName] = useState(String(selection.first_name ?? ''));
  const [lastName, setLastName] = useState(String(selection.last_name ?? ''));
  const [phone, setPhone] = useState(formatPhoneInput(String(selection.phone ?? '')));
  const shipsSomething = checkout.cart?.need_address !== false;
  const [shipTo, setShipTo] = useState(String(selection.shipping_address ?? checkout.addresses[0]?.pubkey ?? NEW_ADDRESS));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const check = (): FieldMessages => {
    const found: FieldMessages = {};
    if (!signedIn) {
      const problem = emailProblem(email);
      if (problem) found.email = problem;
    }
    if (!firstName.trim()) found.first_name = accountMessages.firstName;
    if (!lastName.trim()) found.last_name = accountMessages.lastName;
    if (phone.trim() && !isCompletePhone(phone)) found.phone = accountMessages.phone;
    return found;
  };
  /** A field's change, which also takes its error away: the message was about what was there before. */
  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const focusFirstError = () => focusFirstInvalid(form);

  // The save's refusal: the server's field messages on their fields, a sign-in link mailed instead, or a failure.
  const refusal = refusalOf(saveError);
  useEffect(() => {
    if (!refusal) return;
    if (refusal.kind === 'field-errors') {
      setErrors(refusal.fields);
      focusFirstInvalid(form);
    } else
      setNotice(refusal.kind === 'magic-link-sent' ? { kind: 'status', text: accountMessages.knownEmail } : { kind: 'error', text: accountMessages.failed });
  }, [refusal]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || sending) return;
    const found = check();
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return focusFirstError();
    const chosen = shipsSomething && shipTo !== NEW_ADDRESS ? shipTo : null;
    onChange({ email: email.trim() || null, first_name: firstName.trim(), last_name: lastName.trim(), phone: storedPhone(phone), shipping_address: chosen });
    onNext();
  };

  const sendLink = async () => {
    const problem = emailProblem(email);
    setErrors(problem ? { email: problem } : {});
    if (problem) return focusFirstError();
    setSending(true);
    const sent = await checkout.sendSignInLink(email.trim());
    setSending(false);
    setNotice(sent === 'sent' ? { kind: 'status', text: accountMessages.linkSent } : { kind: 'error', text: accountMessages.failed });
  };

  const country = phoneCountry(phone);
  return (
    <form ref={form} className="step step--checkout" noValidate onSubmit={submit} aria-busy={busy || sending || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {signedIn ? (
        <p className="checkout__account">
          Signed in as <strong>{checkout.accountEmail}</strong>
        </p>
      ) : (
        <>
          <InputField
            id="checkout-email"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            value={email}
            error={errors.email}
            onChange={edit('email', setEmail)}
          />
          <p className="checkout__signin">
            <button type="button" className="link-button" onClick={() => void sendLink()} disabled={sending}>
              {screen.step.signIn}
            </button>
          </p>
        </>
      )}
      <div className="checkout__pair">
        <InputField
          id="checkout-first-name"
          name="first_name"
          label="First name"
          autoComplete="given-name"
          spellCheck={false}
          required
          value={firstName}
          error={errors.first_name}
          onChange={edit('first_name', setFirstName)}
        />
        <InputField
          id="checkout-last-name"
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          spellCheck={false}
          required
          value={lastName}
          error={errors.last_name}
          onChange={edit('last_name', setLastName)}
        />
      </div>
      <Field
        id="checkout-phone"
        label="Phone (optional)"
        error={errors.phone}
        hint={country ? `A ${country === 'CA' ? 'Canadian' : 'US'} number: +1 ${phone}` : 'For delivery questions only.'}
      >
        {(describedBy) => (
          <div className="checkout__phone">
            <span aria-hidden="true">+1</span>
            <input
              id="checkout-phone"
              className="field__input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={phone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => edit('phone', setPhone)(formatPhoneInput(event.target.value))}
            />
          </div>
        )}
      </Field>
      {signedIn && shipsSomething && checkout.addresses.length > 0 ? (
        <fieldset className="checkout__addresses">
          <legend>Ship to</legend>
          {checkout.addresses.map((address) => (
            <label key={address.pubkey} className="checkout__choice">
              <input type="radio" name="ship-to" value={address.pubkey} checked={shipTo === address.pubkey} onChange={() => setShipTo(address.pubkey)} />
              <AddressLines address={address} />
            </label>
          ))}
          <label className="checkout__choice">
            <input type="radio" name="ship-to" value={NEW_ADDRESS} checked={shipTo === NEW_ADDRESS} onChange={() => setShipTo(NEW_ADDRESS)} />
            <span>A new address</span>
          </label>
        </fieldset>
      ) : null}
      {notice?.kind === 'status' ? (
        <p className="notice notice--success" role="status">
          {notice.text}
        </p>
      ) : null}
      <StepAlert attempt={notice} hidden={busy || sending}>
        {notice?.kind === 'error' ? <p>{notice.text}</p> : null}
      </StepAlert>
      <div className="step__actions">
        <ActionButton type="submit" busy={busy || sending}>
          {screen.step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </form>
  );
}
