import '../styles/forms.css';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../session';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { CreateAccountForm } from './create-account-form';
import { nextCategory, referrerPath, signInNext } from './sign-in-next';

export { DEFAULT_NEXT } from './sign-in-next';

/**
 * /signin: asks for a magic link by e-mail (spec 000 §4.6: success, unknownUser, error). The link leads to
 * `next`, or back to the consultation the sign-in started from; an unknown e-mail can create its account here.
 */
export default function SigninPage() {
  const heading = usePageHeadingFocus();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [asked, setAsked] = useState('');
  const status = session.magicLink.status;
  const from = (location.state as { from?: unknown } | null)?.from;
  const next = useMemo(
    () => signInNext(params.get('next'), typeof from === 'string' ? from : referrerPath(document.referrer, window.location.origin)),
    [params, from],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(email.trim());
    session.requestMagicLink({ username: email, next });
  };

  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Sign in
      </h1>
      <p>Enter the e-mail you gave us and we'll send you a link to sign in. No password needed.</p>
      <form onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="signin-email">E-mail</label>
          <input
            id="signin-email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={status === 'unknownUser' || status === 'error' ? 'signin-message' : undefined}
          />
        </div>
        <button className="form-button" type="submit" disabled={status === 'sending'} aria-busy={status === 'sending'}>
          {status === 'sending' ? 'Sending…' : 'Send me a link'}
        </button>
      </form>
      <div aria-live="polite">
        {status === 'success' ? (
          <p className="form-message form-message--success" id="signin-message">
            Check your inbox: we sent a sign-in link to {email}. It works once and expires in 15 minutes.
          </p>
        ) : null}
        {status === 'unknownUser' ? (
          <p className="form-message form-message--error" id="signin-message" role="alert">
            We don't have an account with that e-mail. You can create one now.
          </p>
        ) : null}
        {status === 'error' ? (
          <p className="form-message form-message--error" id="signin-message" role="alert">
            {email.trim() ? "We couldn't send the link. Please try again in a moment." : 'Enter your e-mail address.'}
          </p>
        ) : null}
      </div>
      {status === 'unknownUser' ? (
        <CreateAccountForm key={asked} email={asked} category={nextCategory(next)} onCreated={() => navigate(next, { replace: true })} />
      ) : null}
    </div>
  );
}
