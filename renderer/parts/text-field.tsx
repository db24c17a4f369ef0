import { useId, useRef, useState, type RefObject } from 'react';
import type { SignUpFieldErrors } from '../step-props';
import { InputField } from './field';

/** A labelled native text input with its error message tied to it (aria-invalid, aria-describedby); the app's forms use it too. */
export function TextField(props: {
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  onChange(value: string): void;
}) {
  return (
    <InputField
      id={useId()}
      label={props.label}
      error={props.error}
      inputRef={props.inputRef}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.type === 'email' ? 'email' : undefined}
      autoComplete={props.autoComplete}
      spellCheck={false}
      required
      value={props.value}
      onChange={props.onChange}
    />
  );
}

export const emailMessages = { missing: 'Enter your email address.', format: 'Enter a valid email address.' } as const;

/** A form's own e-mail check before asking the server: what is wrong with it, if anything. */
export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return emailMessages.missing;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return emailMessages.format;
  return undefined;
}

type SignUpField = keyof SignUpFieldErrors;
const fieldOrder: SignUpField[] = ['first_name', 'last_name', 'email'];

/**
 * The first name, last name and e-mail fields of a sign-up form (the sign-in step, /signin's create-account
 * form): their values, their errors (the first field in error takes focus), and each field drawn.
 */
export function useSignUpFields(initial: Record<SignUpField, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SignUpFieldErrors>({});
  const refs = { first_name: useRef<HTMLInputElement>(null), last_name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };
  /** Shows the errors (none clears them); true when there was one. */
  const showErrors = (found: SignUpFieldErrors): boolean => {
    setErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };
  const field = (name: SignUpField, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type={name === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      inputRef={refs[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
    />
  );
  return { values, showErrors, field };
}
