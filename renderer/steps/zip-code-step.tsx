import { useId, useRef, useState, type FormEvent } from 'react';
import type { StepProps } from '../step-props';
import { StepBody, StepHeading, titleOf } from '../parts/step-heading';
import { ActionButton } from '../parts/action-button';
import { parsePostalCode } from '#engine';

export const zipCodeMessages = {
  empty: 'Enter your zip code.',
  invalid: 'Enter a US zip code like 12345 or a Canadian postal code like A1A 1A1.',
} as const;

/** One text field for a US ZIP or Canadian postal code; reports {zipcode, country} and moves on. */
export function ZipCodeStep({ screen, onChange, onNext, busy }: StepProps<'zipcode'>) {
  const { step } = screen;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(screen.selection?.zipcode ?? '');
  const [error, setError] = useState<string | null>(null);

  const check = (value: string) => {
    if (value.trim() === '') return { error: zipCodeMessages.empty, code: null };
    const code = parsePostalCode(value);
    return code ? { error: null, code } : { error: zipCodeMessages.invalid, code: null };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = check(text);
    setError(result.error);
    if (!result.code) {
      input.current?.focus();
      return;
    }
    setText(result.code.zipcode);
    onChange(result.code);
    onNext();
  };

  return (
    <form className="step step--zipcode" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <StepBody body={screen.text.body} />
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={inputId}>
          {step.label}
        </label>
        <input
          ref={input}
          id={inputId}
          className="field__input field__input--short"
          type="text"
          // Canadian postal codes have letters, so the full keyboard, not the numeric one.
          inputMode="text"
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          required
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setText(event.target.value);
            // Once an error shows, it follows the text so it goes away as soon as the code is right.
            if (error) setError(check(event.target.value).error);
          }}
        />
        <p id={hintId} className="field__hint">
          US zip code or Canadian postal code
        </p>
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="step__actions">
        <ActionButton type="submit" busy={busy}>
          {step.button ?? 'Next'}
        </ActionButton>
      </div>
    </form>
  );
}
