import type { MouseEvent, ReactNode } from 'react';

export interface ActionButtonProps {
  children: ReactNode;
  onClick?(): void;
  type?: 'button' | 'submit';
  /** Waiting: announced as busy and ignores presses, but keeps keyboard focus (aria-disabled, not disabled). */
  busy?: boolean;
  /** Not available yet (fewer options picked than the minimum). */
  disabled?: boolean;
  describedBy?: string;
  variant?: 'primary' | 'secondary';
}

/** The step's call to action. */
export function ActionButton({ children, onClick, type = 'button', busy = false, disabled = false, describedBy, variant = 'primary' }: ActionButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.();
  };
  return (
    <button
      type={type}
      className={`button button--${variant}`}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      onClick={press}
    >
      {children}
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
    </button>
  );
}
