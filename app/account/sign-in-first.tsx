import { Link, useLocation } from 'react-router';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';

/** An account page's answer to a visitor who is not signed in as a customer: its title, and the way to sign in and back. */
export function SignInFirst({ title, to }: { title: string; to: string }) {
  const location = useLocation();
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>
        <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> {to}
      </p>
    </div>
  );
}
