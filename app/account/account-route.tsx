import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageStatus } from '../shell/page-status';

const AccountHome = lazy(() => import('./account-home'));
const OrdersPage = lazy(() => import('./orders'));
const PaymentMethodsPage = lazy(() => import('./payment-methods'));
const FeedbackPage = lazy(() => import('./feedback-page'));
const ProfilePage = lazy(() => import('./profile-page'));
const AddressesPage = lazy(() => import('./addresses-page'));
const NotFoundPage = lazy(() => import('../shell/not-found-page'));

/** The account's pages by section; those that take no id answer only without one. */
function pageOf(section: string | undefined, pubkey: string | undefined) {
  if (section === undefined) return AccountHome;
  if (section === 'orders') return OrdersPage;
  if (section === 'payments') return PaymentMethodsPage;
  if (section === 'feedback' && pubkey === undefined) return FeedbackPage;
  if (section === 'profile' && pubkey === undefined) return ProfilePage;
  if (section === 'addresses' && pubkey === undefined) return AddressesPage;
  return NotFoundPage;
}

/**
 * /account, /account/orders, /account/orders/{id}, /account/payments, /account/feedback, /account/profile and
 * /account/addresses: one route for the account's pages (the router is in every page's first download, so each route
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
