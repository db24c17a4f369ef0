import type { InputHTMLAttributes, ReactNode, RefObject } from 'react';

/**
 * One labelled native control of a form, with its error (or else its hint) tied to it: the control is drawn by
 * `children`, given the id to put in aria-describedby (a select, an input with a prefix). A plain input is `InputField`.
 */
export function Field(props: { id: string; label: string; error?: string; hint?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = props.error || props.hint ? `${props.id}-note` : undefined;
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children(describedBy)}
      {describedBy ? (
        <p id={describedBy} className={props.error ? 'field__error' : 'field__hint'}>
          {props.error ?? props.hint}
        </p>
      ) : null}
    </div>
  );
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled native input of a form: its error (or hint) tied to it and marked invalid; `onChange` gets the new text. */
export function InputField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  inputRef,
  ...input
}: InputAttributes & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export const emailMessages = { missing: 'Enter your email address.', format: 'Enter a valid email address.' } as const;

/** A form's own e-mail check before asking the server: what is wrong with it, if anything. */
export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return emailMessages.missing;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return emailMessages.format;
  return undefined;
}
