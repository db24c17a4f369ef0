import { useId, type RefObject } from 'react';

/** A labelled text field with its error tied by aria-describedby. */
export function SignInField(props: {
  name: string;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  value: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange(value: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        ref={props.inputRef}
        id={id}
        className="field__input"
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        spellCheck={false}
        required
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
