import type { ReactNode } from 'react';

/**
 * One labelled native input or select of a checkout form, with its error (or else its hint) tied to it: the control
 * is drawn by `children`, given the id to put in aria-describedby.
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
