import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '#api/shared';
import { api } from '../app-services';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

type Outcome = 'confirming' | 'confirmed' | 'not_found' | 'taken' | 'error';

/**
 * /account/confirm-email?token=: the link mailed to a new e-mail address. It confirms the change only for the account
 * that asked, so a shopper who is not signed in is sent to sign in first and brought back here.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>('confirming');
  const [email, setEmail] = useState('');
  const sent = useRef(false);
  const signedIn = session.status === 'authenticated' && session.user !== null && !session.user.is_guest;

  useEffect(() => {
    if (!signedIn || !token || sent.current) return;
    sent.current = true;
    api.confirmEmailChange(token).then(
      (user) => {
        setEmail(user.email);
        setOutcome('confirmed');
        session.fetch();
      },
      (error: unknown) => setOutcome(isApiError(error, 'confirmation_not_found') ? 'not_found' : isApiError(error, 'email_taken') ? 'taken' : 'error'),
    );
  }, [signedIn, token, session]);

  if (!token) return <Message title="This link is incomplete">Open the link from the e-mail again, or ask for a new one from your account.</Message>;
  if (session.status === 'loading' || session.status === 'idle') return <PageStatus>Loading…</PageStatus>;
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Message title="Sign in to confirm your new e-mail">
        For your safety, a new e-mail address is confirmed from the account that asked for it.{' '}
        <Link to={`/signin?${new URLSearchParams({ next }).toString()}`}>Sign in</Link> with your current e-mail, and we will bring you back here.
      </Message>
    );
  }
  if (outcome === 'confirming') return <PageStatus>Confirming your new e-mail…</PageStatus>;
  if (outcome === 'confirmed') return <Message title="Your e-mail is changed">From now on we write to {email}, and you sign in with it.</Message>;
  if (outcome === 'not_found')
    return <Message title="This link no longer works">It may have expired (links last an hour), been used already, or belong to another account.</Message>;
  if (outcome === 'taken') return <Message title="This e-mail is already in use">Another account uses it now, so your e-mail stays as it was.</Message>;
  return <Message title="We couldn't confirm your e-mail">Please try the link again in a moment.</Message>;
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{children}</p>
    </div>
  );
}
