import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageStatus } from '../shell/page-status';
import { askSubscriptionsEarly, subscriptionPageOf } from './early-subscriptions';

const AccountHome = lazy(() => import('./account-home'));
const OrdersPage = lazy(() => import('./orders'));
const PaymentMethodsPage = lazy(() => import('./payment-methods'));
const FeedbackPage = lazy(() => import('./feedback-page'));
const ProfilePage = lazy(() => import('./profile-page'));
const AddressesPage = lazy(() => import('./addresses-page'));
const loadSubscriptionHome = () => import('./subscription-home');
const loadSubscriptionPage = () => import('./subscription-page');
const SubscriptionHome = lazy(loadSubscriptionHome);
const SubscriptionPage = lazy(loadSubscriptionPage);
const NotFoundPage = lazy(() => import('../shell/not-found-page'));

// A subscription page opened from its address: its code and its first reads start as this route loads, not once it
// renders and the session has answered (issue 27: the page draws sooner).
const opened = subscriptionPageOf(location.pathname);
if (opened) {
  (opened.page === 'home' ? loadSubscriptionHome() : loadSubscriptionPage()).catch(() => undefined); // the page's own load says why
  askSubscriptionsEarly(location.pathname);
}

/** The account's pages by section; those that take no id answer only without one. */
function pageOf(section: string | undefined, pubkey: string | undefined) {
  if (section === undefined) return AccountHome;
  if (section === 'orders') return OrdersPage;
  if (section === 'payments') return PaymentMethodsPage;
  if (section === 'feedback' && pubkey === undefined) return FeedbackPage;
  if (section === 'profile' && pubkey === undefined) return ProfilePage;
  if (section === 'addresses' && pubkey === undefined) return AddressesPage;
  if (section === 'subscription' && (pubkey === undefined || pubkey === 'home')) return SubscriptionHome;
  // A subscription's page: haircare, skincare or supplements (shop/subscriptions/subscription-rules.ts).
  if (section === 'subscription' && (pubkey === 'haircare' || pubkey === 'skincare' || pubkey === 'supplements')) return SubscriptionPage;
  return NotFoundPage;
}

/**
 * /account, /account/orders, /account/orders/{id}, /account/payments, /account/feedback, /account/profile and
 * /account/addresses, /account/subscription/home and /account/subscription/{category}: one route for the account's pages (the router is in every page's first download, so each route
 * there costs every page), each page loading on its own.
 */
export default function AccountRoute() {
  const { section, pubkey } = useParams();
  const Page = pageOf(section, pubkey);
  return (
    <Suspense fallback={<PageStatus>Loading your account…</PageStatus>}>
      <Page />
    </Suspense>
  );
}
