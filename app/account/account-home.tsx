import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { awaitingCount, FeedbackInvitation } from '../../shop/orders/feedback-invitation';
import { useSession } from '../session';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useAccountFeedback } from './use-account-feedback';
import '../styles/account.css';

/**
 * /account: the shopper's home in the shop. A greeting, the feedback invitation when an order awaits it, and the way to
 * their orders, their Review & Refine and their payment methods. Signed out, the way to sign in.
 */
export default function AccountHome() {
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  // The invitation and the count are extras: while they load, or if they cannot, the page is whole without them.
  const feedback = useAccountFeedback(session.status === 'authenticated');
  useEffect(() => {
    document.title = 'Your account | Formulary';
  }, []);
  if (session.status === 'not_authenticated' || session.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Your account
        </h1>
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> to see your orders, give feedback and manage your
          payment methods.
        </p>
      </div>
    );
  const name = session.user?.first_name;
  const waiting = feedback.status === 'success' ? awaitingCount(feedback.value) : 0;
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        {name ? `Hello, ${name}` : 'Your account'}
      </h1>
      {feedback.status === 'success' ? <FeedbackInvitation overview={feedback.value} /> : null}
      <ul className="account-home__links">
        <li className="card account-home__link">
          <Link to="/account/orders">Your orders</Link>
          <span>What you ordered, where it is, and what each formula holds.</span>
        </li>
        <li className="card account-home__link">
          <Link to="/account/feedback">Review &amp; Refine</Link>
          <span>Tell us how your formulas work for you; your next ones learn from it.</span>
          {waiting > 0 ? (
            <span className="badge badge--accent">{waiting === 1 ? '1 order awaits your feedback' : `${waiting} orders await your feedback`}</span>
          ) : null}
        </li>
        <li className="card account-home__link">
          <Link to="/account/payments">Payment methods</Link>
          <span>The cards and wallet you saved at checkout.</span>
        </li>
      </ul>
    </div>
  );
}
