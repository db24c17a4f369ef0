import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { FeedbackOverviewList } from '../../shop/orders/feedback-overview';
import { Notice } from '../../ui/notice';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useAccountFeedback } from './use-account-feedback';

/**
 * /account/feedback, "Review & Refine" (spec 002 §2.5, its content ours): which of the shopper's orders await their
 * feedback and which are done, per category. It is also where the feedback flows send a shopper when something goes
 * wrong (§2.8, §8), so it stands on its own: it says what feedback is for, and every order awaiting feedback has its
 * way back in. Only the caller's own orders (the call is theirs); signed out, the way to sign in.
 */
export default function FeedbackPage() {
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  const overview = useAccountFeedback(session.status === 'authenticated');
  useEffect(() => {
    document.title = 'Review & Refine | Formulary';
  }, []);
  const signedOut = session.status === 'not_authenticated' || session.status === 'error';
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Review &amp; Refine
      </h1>
      <p>Tell us how your formulas work for you. We tune your next ones to what you say.</p>
      {signedOut ? (
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> to give feedback on your orders.
        </p>
      ) : overview.status === 'loading' ? (
        <PageStatus>Loading your orders…</PageStatus>
      ) : overview.status === 'error' ? (
        <>
          <Notice tone="error">We couldn’t load your orders’ feedback just now.</Notice>
          <p className="feedback-overview__retry">
            <button type="button" className="button button--secondary" onClick={overview.retry}>
              Try again
            </button>
            <Link to="/account/orders">See your orders</Link>
          </p>
        </>
      ) : (
        <FeedbackOverviewList overview={overview.value} name={session.user?.first_name} />
      )}
    </div>
  );
}
