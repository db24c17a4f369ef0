import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Subscription, User } from '#api';
import { OverviewSection, type SectionState } from '../../shop/account/overview-section';
import { RecentOrders } from '../../shop/account/recent-orders';
import { SubscriptionsSummary } from '../../shop/account/subscriptions-summary';
import { UpsellOfferCard } from '../../shop/account/upsell-offer';
import { awaitingCount, FeedbackInvitation } from '../../shop/orders/feedback-invitation';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useLoad, type LoadState } from '../use-load';
import { SignInFirst } from './sign-in-first';
import { useAccountFeedback } from './use-account-feedback';
import { upsellActions, useUpsells, type UpsellState } from './use-upsells';
import '../styles/account.css';

/** A load's state as an overview section takes it. */
const sectionOf = <T,>(load: LoadState<T> & { retry(): void }): SectionState<T> =>
  load.status === 'success'
    ? { status: 'success', value: load.value }
    : load.status === 'error'
      ? { status: 'error', retry: load.retry }
      : { status: 'loading' };

/** Loads with the API client, reporting a failure (the section says so in words; the report says why). */
async function loaded<T>(what: string, call: (api: Awaited<ReturnType<typeof loadAppServices>>['api']) => Promise<T>): Promise<T> {
  const { api } = await loadAppServices();
  try {
    return await call(api);
  } catch (error) {
    reportError(what, error);
    throw error;
  }
}

/**
 * /account: the shopper's home in the shop (spec 001 §2 "Account and subscriptions"). A greeting; the feedback
 * invitation when an order awaits it; the latest orders; the current subscriptions; and the way to every part of the
 * account. Each part loads on its own: one that fails says so with Try again, and the rest of the page stays whole.
 * Signed out, the way to sign in. Drawn per customer (keyed by pubkey), so another sign-in never shows the last one's.
 */
export default function AccountHome() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Your account | Formulary';
  }, []);
  if (session.status === 'not_authenticated' || session.status === 'error')
    return <SignInFirst title="Your account" to="to see your orders, give feedback and manage your payment methods." />;
  if (session.status !== 'authenticated' || !session.user) return <PageStatus>Loading your account…</PageStatus>;
  return <Overview key={session.user.pubkey} user={session.user} />;
}

function Overview({ user }: { user: User }) {
  const heading = usePageHeadingFocus();
  const customer = !user.is_guest;
  // The invitation and the count are extras: while they load, or if they cannot, the page is whole without them.
  const feedback = useAccountFeedback(true);
  const orders = useLoad(() => loaded('account overview: orders', async (api) => (await api.listOrders()).results), []);
  const subscriptions = useLoad(() => loaded('account overview: subscriptions', (api) => api.listSubscriptions()), [], { enabled: customer });
  const upsells = useUpsells(user);
  const navigate = useNavigate();
  const added = (category: string) => void navigate(`/account/subscription/home?${new URLSearchParams({ status: 'created', category }).toString()}`);
  const waiting = feedback.status === 'success' ? awaitingCount(feedback.value) : 0;
  return (
    <div className="page page--narrow account-overview">
      <h1 ref={heading} tabIndex={-1}>
        {user.first_name ? `Hello, ${user.first_name}` : 'Your account'}
      </h1>
      {feedback.status === 'success' ? <FeedbackInvitation overview={feedback.value} /> : null}
      {customer ? (
        <OverviewSection
          id="account-subscriptions"
          title="Subscriptions"
          state={sectionOf(subscriptions)}
          failure="We couldn’t load your subscriptions just now."
        >
          {(list) => <SubscriptionsSummary subscriptions={list} />}
        </OverviewSection>
      ) : null}
      <UpsellOffers upsells={upsells} subscriptions={subscriptions.status === 'success' ? subscriptions.value : null} added={added} />
      <OverviewSection id="account-orders" title="Recent orders" state={sectionOf(orders)} failure="We couldn’t load your orders just now.">
        {(list) => <RecentOrders orders={list} />}
      </OverviewSection>
      <ul className="account-home__links" aria-label="Your account">
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
        {customer ? (
          <>
            <li className="card account-home__link">
              <Link to="/account/profile">Profile</Link>
              <span>Your name, e-mail, phone and text messages.</span>
            </li>
            <li className="card account-home__link">
              <Link to="/account/addresses">Addresses</Link>
              <span>Where your orders and subscriptions go.</span>
            </li>
          </>
        ) : null}
        <li className="card account-home__link">
          <Link to="/account/payments">Payment methods</Link>
          <span>The cards and wallet you saved at checkout.</span>
        </li>
      </ul>
    </div>
  );
}

/**
 * The upsell offers (spec 001 §2 "Account overview shows the haircare and skincare upsell offers"): shown once one is
 * offered, each loading on its own; one that fails says so in its own words (§8) with Try again.
 */
function UpsellOffers({ upsells, subscriptions, added }: { upsells: UpsellState[]; subscriptions: Subscription[] | null; added(category: string): void }) {
  const shown = upsells.filter((u) => (u.status === 'success' && u.offer) || u.status === 'error');
  if (shown.length === 0) return null;
  return (
    <section className="account-overview__section" aria-labelledby="account-upsells-title">
      <h2 id="account-upsells-title">Add to your subscription</h2>
      <ul className="upsell-offers">
        {shown.map((u) =>
          u.status === 'success' && u.offer ? (
            <UpsellOfferCard key={u.kind.key} offer={u.offer} actions={upsellActions(u.offer, u.kind.key, subscriptions, added)} />
          ) : u.status === 'error' ? (
            <li key={u.kind.key} className="card upsell-offer account-overview__failed">
              <p>{u.message}</p>
              <button type="button" className="button button--secondary button--small" onClick={u.retry}>
                Try again
              </button>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}
