import { useId } from 'react';

export interface FeedbackTextAreaProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Most characters (the browser stops typing there; the server refuses longer, spec 002 §2.6). */
  maxLength: number;
  placeholder?: string;
  rows?: number;
}

/**
 * A labelled native text area with its character count tied to it (read with the field, not announced on every key).
 * What the shopper wrote is shown as text, never as HTML (spec 002 §8; issue 26 "shown escaped everywhere").
 */
export function FeedbackTextArea(props: FeedbackTextAreaProps) {
  const id = useId();
  const countId = `${id}-count`;
  const left = props.maxLength - props.value.length;
  return (
    <div className="field feedback-text">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <textarea
        id={id}
        className="field__input feedback-text__input"
        name={props.name}
        value={props.value}
        maxLength={props.maxLength}
        rows={props.rows ?? 5}
        placeholder={props.placeholder}
        aria-describedby={countId}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={countId} className={`field__hint feedback-text__count${left < 50 ? ' feedback-text__count--low' : ''}`}>
        {props.value.length} of {props.maxLength} characters
      </p>
    </div>
  );
}
