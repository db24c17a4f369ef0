import { useId, useState, type FormEvent } from 'react';

/** What the waitlist callback is given: the shopper's e-mail for the product. */
export interface WaitlistRequest {
  product: string;
  email: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sold-out notice and the waitlist's invitation, word for word (spec 001 §2 "Shared page texts"), with a waitlist
 * form: a labelled e-mail field, an inline error for a bad address, and `onJoin` (the server call, supplied by the
 * app) on a good one.
 */
export function SoldOut({ product, onJoin }: { product: string; onJoin: (request: WaitlistRequest) => Promise<void> }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'sending' | 'joined'>('idle');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!emailPattern.test(email.trim())) return setError('Enter an e-mail address like name@example.com.');
    setError(undefined);
    setState('sending');
    try {
      await onJoin({ product, email: email.trim() });
      setState('joined');
    } catch {
      setState('idle');
      setError('We could not add you to the waitlist. Please try again.');
    }
  };
  return (
    <section className="pp-sold-out" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>This product is no longer available at this time.</h2>
      <p>Join the waitlist to be notified if it becomes available again.</p>
      {state === 'joined' ? (
        <p role="status">You're on the waitlist: we'll e-mail you when it's back.</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-email`}>E-mail me when it's back</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={state === 'sending'}>
            Join the waitlist
          </button>
        </form>
      )}
    </section>
  );
}
