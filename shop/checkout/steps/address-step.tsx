import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatCanadianPostalInput, regionLabel, regionsOf, type AddressCountry } from '#api/shared';
import { parsePostalCode } from '#engine';
import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import { ActionButton } from '../../../renderer/parts/action-button';
import { refusalOf, type CheckoutFacts, type FieldMessages } from '../checkout-facts';
import { StepAlert } from '../step-alert';
import { Field, InputField } from '../../../renderer/parts/field';

export const addressMessages = {
  address1: 'Enter the street address.',
  city: 'Enter the city.',
  state: (country: AddressCountry) => `Choose a ${regionLabel(country).toLowerCase()}.`,
  zipcode: (country: AddressCountry) => (country === 'US' ? 'Enter a valid ZIP code, like 10001.' : 'Enter a valid postal code, like M5V 3L9.'),
  failed: 'Oops, something went wrong... Let’s try again.',
} as const;

/** Moves focus to the form's first field marked invalid, once it is drawn. */
const focusFirstInvalid = (form: { current: HTMLFormElement | null }) =>
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

type Form = { country: AddressCountry; address1: string; address2: string; city: string; state: string; zipcode: string };

/**
 * The shipping address (spec 001 §2 shipping-address, §5, §9 Countries): the country's states or provinces to choose
 * from, the ZIP or postal code checked for the country, a Canadian postal code upper-cased with its space as it is
 * typed. The checkout's save adapter saves it to the account (primary: the cart ships to it) before moving on; a
 * refusal comes back as `saveError`, its field messages shown on their fields.
 */
export function AddressStep({ screen, onChange, onNext, busy, saveError }: StepProps<'address', CheckoutFacts>) {
  const countries = screen.step.countries;
  const [form, setForm] = useState<Form>({ country: countries[0] ?? 'US', address1: '', address2: '', city: '', state: '', zipcode: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failed, setFailed] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const regions = regionsOf(form.country);

  const check = (): FieldMessages => {
    const found: FieldMessages = {};
    if (!form.address1.trim()) found.address1 = addressMessages.address1;
    if (!form.city.trim()) found.city = addressMessages.city;
    if (!Object.hasOwn(regions, form.state)) found.state = addressMessages.state(form.country);
    if (!parsePostalCode(form.zipcode, form.country)) found.zipcode = addressMessages.zipcode(form.country);
    return found;
  };
  const focusFirstError = () => focusFirstInvalid(root);

  // The save's refusal: the server's field messages on their fields, or a failure.
  const refusal = refusalOf(saveError);
  useEffect(() => {
    if (refusal?.kind === 'field-errors') {
      setErrors(refusal.fields);
      focusFirstInvalid(root);
    } else if (refusal) setFailed(true);
  }, [refusal]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return focusFirstError();
    onChange({
      address: null,
      line1: form.address1.trim(),
      line2: form.address2.trim() || null,
      city: form.city.trim(),
      state: form.state,
      zipcode: parsePostalCode(form.zipcode, form.country)!.zipcode,
      country: form.country,
    });
    onNext();
  };

  const invalid = (key: string) => (errors[key] ? true : undefined);
  return (
    <form ref={root} className="step step--checkout" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {countries.length > 1 ? (
        <Field id="address-country" label="Country">
          {() => (
            <select
              id="address-country"
              className="field__input"
              autoComplete="country"
              value={form.country}
              onChange={(event) => setForm((f) => ({ ...f, country: event.target.value as AddressCountry, state: '', zipcode: '' }))}
            >
              {countries.map((c) => (
                <option key={c} value={c}>
                  {c === 'US' ? 'United States' : 'Canada'}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <InputField
        id="address-line1"
        label="Street address"
        error={errors.address1}
        autoComplete="address-line1"
        value={form.address1}
        onChange={(value) => set('address1', value)}
      />
      <InputField
        id="address-line2"
        label="Apartment, suite, etc. (optional)"
        error={errors.address2}
        autoComplete="address-line2"
        value={form.address2}
        onChange={(value) => set('address2', value)}
      />
      <InputField id="address-city" label="City" error={errors.city} autoComplete="address-level2" value={form.city} onChange={(value) => set('city', value)} />
      <div className="checkout__pair">
        <Field id="address-state" label={regionLabel(form.country)} error={errors.state}>
          {(describedBy) => (
            <select
              id="address-state"
              className="field__input"
              autoComplete="address-level1"
              value={form.state}
              aria-invalid={invalid('state')}
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
          id="address-zipcode"
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
      <StepAlert attempt={saveError} hidden={busy}>
        {failed ? <p>{addressMessages.failed}</p> : null}
      </StepAlert>
      <div className="step__actions">
        <ActionButton type="submit" busy={busy}>
          {screen.step.button ?? 'Continue'}
        </ActionButton>
      </div>
    </form>
  );
}
