import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Address, AddressInput } from '#api';
import { formatCanadianPostalInput, regionLabel, regionsOf, type AddressCountry } from '#api/shared';
import { parsePostalCode } from '#engine';
import { Field, InputField } from '../../renderer/parts/field';
import { Notice } from '../../ui/notice';
import { addressMessages } from '../checkout/steps/address-step';
import { serverFieldErrors, useFocusFirstInvalid, type FieldMessages } from './field-errors';

type Form = { country: AddressCountry; address1: string; address2: string; city: string; state: string; zipcode: string; primary: boolean };

const formOf = (address: Address | null): Form => ({
  country: address?.country ?? 'US',
  address1: address?.address1 ?? '',
  address2: address?.address2 ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  zipcode: address?.zipcode ?? '',
  primary: address?.primary ?? false,
});

/** The form's own checks before the server's (the same words as the checkout's address step). */
function checkAddress(form: Form): FieldMessages {
  const found: FieldMessages = {};
  if (!form.address1.trim()) found.address1 = addressMessages.address1;
  if (!form.city.trim()) found.city = addressMessages.city;
  if (!Object.hasOwn(regionsOf(form.country), form.state)) found.state = addressMessages.state(form.country);
  if (!parsePostalCode(form.zipcode, form.country)) found.zipcode = addressMessages.zipcode(form.country);
  return found;
}

/** Why a save failed: the server's field errors on their fields, or a failure in words. */
export type SaveOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * An address to add or edit (spec 001 §3 Address, §5, §9 Countries): native labelled fields, the country's states or
 * provinces, a Canadian postal code upper-cased with its space after the third character as it is typed (at most 7
 * characters), the ZIP or postal code checked for the country. `onSave` resolves with the server's verdict: its field
 * errors show on their fields and the first invalid field takes focus.
 */
export function AddressForm({
  address,
  idPrefix,
  title,
  onSave,
  onCancel,
}: {
  address: Address | null;
  idPrefix: string;
  title: string;
  onSave(input: AddressInput): Promise<SaveOutcome>;
  onCancel(): void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(address));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(root);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by a button that it replaces: focus goes to the form, not back to the page's top.
  useEffect(() => heading.current?.focus(), []);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (key: Exclude<keyof Form, 'primary'>, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const regions = regionsOf(form.country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkAddress(form);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    setBusy(true);
    const outcome = await onSave({
      address1: form.address1.trim(),
      address2: form.address2.trim() || null,
      city: form.city.trim(),
      state: form.state,
      zipcode: parsePostalCode(form.zipcode, form.country)!.zipcode,
      country: form.country,
      // Sent only when asked for: without it the server makes a first address the primary one, and keeps the rest as they are.
      ...(form.primary && !address?.primary ? { primary: true } : {}),
    });
    setBusy(false);
    if (outcome.ok) return;
    const fields = serverFieldErrors(outcome.error);
    if (fields) {
      setErrors(fields);
      focusFirstInvalid();
    } else setFailed(true);
  };

  return (
    <form ref={root} className="card address-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined} aria-label={title}>
      <h2 ref={heading} tabIndex={-1} className="address-form__title">
        {title}
      </h2>
      <Field id={id('country')} label="Country">
        {() => (
          <select
            id={id('country')}
            className="field__input"
            autoComplete="country"
            value={form.country}
            onChange={(event) => setForm((f) => ({ ...f, country: event.target.value as AddressCountry, state: '', zipcode: '' }))}
          >
            <option value="US">United States</option>
            <option value="CA">Canada</option>
          </select>
        )}
      </Field>
      <InputField
        id={id('line1')}
        label="Street address"
        error={errors.address1}
        autoComplete="address-line1"
        value={form.address1}
        onChange={(value) => set('address1', value)}
      />
      <InputField
        id={id('line2')}
        label="Apartment, suite, etc. (optional)"
        error={errors.address2}
        autoComplete="address-line2"
        value={form.address2}
        onChange={(value) => set('address2', value)}
      />
      <InputField id={id('city')} label="City" error={errors.city} autoComplete="address-level2" value={form.city} onChange={(value) => set('city', value)} />
      <div className="address-form__pair">
        <Field id={id('state')} label={regionLabel(form.country)} error={errors.state}>
          {(describedBy) => (
            <select
              id={id('state')}
              className="field__input"
              autoComplete="address-level1"
              value={form.state}
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => set('state', event.target.value)}
            >
              <option value="">Choose…</option>
              {Object.entries(regions).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <InputField
          id={id('zipcode')}
          label={form.country === 'US' ? 'ZIP code' : 'Postal code'}
          error={errors.zipcode}
          autoComplete="postal-code"
          inputMode={form.country === 'US' ? 'numeric' : 'text'}
          autoCapitalize="characters"
          maxLength={form.country === 'US' ? 10 : 7}
          value={form.zipcode}
          onChange={(value) => set('zipcode', form.country === 'CA' ? formatCanadianPostalInput(value) : value)}
        />
      </div>
      {address?.primary ? null : (
        <label className="address-form__check" htmlFor={id('primary')}>
          <input id={id('primary')} type="checkbox" checked={form.primary} onChange={(event) => setForm((f) => ({ ...f, primary: event.target.checked }))} />
          Make this my primary address
        </label>
      )}
      {failed ? (
        <Notice tone="error" focus>
          Your address could not be saved. Please try again.
        </Notice>
      ) : null}
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
