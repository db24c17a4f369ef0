import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { SignUpFieldErrors } from '../step-props';
import { InputField } from './field';

export { emailMessages, emailProblem } from './field';

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

/** What sending a sign-up form comes back with: its fields refused, or an outcome (one that moves on, or one to show). */
type SendResult = { kind: 'field-errors'; fields: SignUpFieldErrors } | { kind: string };
const fieldsRefused = (result: SendResult): result is { kind: 'field-errors'; fields: SignUpFieldErrors } =>
  result.kind === 'field-errors' && 'fields' in result;

/**
 * A sign-up form (the sign-in step and its names-only form, /signin's create-account form): its fields, and its
 * submission: checked first, sent one at a time (a send that throws is an 'error'), the server's field errors on their
 * fields; `done` is the outcome that moves on (`onDone`), any other is the `outcome` the form shows.
 */
export function useSignUpForm<R extends SendResult>(options: {
  initial: Record<SignUpField, string>;
  check(values: Record<SignUpField, string>): SignUpFieldErrors;
  send(values: Record<SignUpField, string>): Promise<R>;
  done: R['kind'];
  onDone(): void;
  /** The flow is busy (the step's own save): nothing is sent meanwhile. */
  busy?: boolean;
  /** A form whose own checks fail forgets the last outcome shown (the sign-in step's). */
  forgetOutcome?: boolean;
}) {
  const { values, showErrors, field } = useSignUpFields(options.initial);
  const [outcome, setOutcome] = useState<'idle' | 'sending' | 'error' | R['kind']>('idle');
  const sending = Boolean(options.busy) || outcome === 'sending';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (showErrors(options.check(values))) {
      if (options.forgetOutcome) setOutcome('idle');
      return;
    }
    setOutcome('sending');
    let result: SendResult;
    try {
      result = await options.send(values);
    } catch {
      result = { kind: 'error' };
    }
    if (result.kind === options.done) {
      setOutcome('idle');
      options.onDone();
    } else if (fieldsRefused(result)) {
      setOutcome('idle');
      showErrors(result.fields);
    } else setOutcome(result.kind);
  };
  return { values, field, outcome, sending, submit };
}
