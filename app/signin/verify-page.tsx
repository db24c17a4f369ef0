import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { DEFAULT_NEXT } from './sign-in-next';

/** /signin/verify?token=&next=: the page a magic link opens; trades the token for a session, then goes on to `next`. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const token = params.get('token') ?? '';
  const next = params.get('next')?.startsWith('/') ? params.get('next')! : DEFAULT_NEXT;
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    session.verify(token);
  }, [session, token]);

  useEffect(() => {
    if (sent.current && session.status === 'authenticated' && session.user && !session.user.is_guest) navigate(next, { replace: true });
  }, [session.status, session.user, navigate, next]);

  if (token && (session.status === 'loading' || session.status === 'idle' || session.status === 'authenticated')) {
    return <PageStatus>Signing you in…</PageStatus>;
  }
  return <Expired />;
}

function Expired() {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        This sign-in link no longer works
      </h1>
      <p>Links work once and expire after 15 minutes.</p>
      <p>
        <Link className="button-link" to="/signin">
          Send me a new link
        </Link>
      </p>
    </div>
  );
}
