import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageStatus } from '../shell/page-status';

const OrdersPage = lazy(() => import('./orders'));
const PaymentMethodsPage = lazy(() => import('./payment-methods'));
const NotFoundPage = lazy(() => import('../shell/not-found-page'));

/**
 * /account/orders, /account/orders/{id} and /account/payments: one route for the account's pages (the router is in
 * every page's first download, so each route there costs every page), each page loading on its own.
 */
export default function AccountRoute() {
  const { section } = useParams();
  const Page = section === 'orders' ? OrdersPage : section === 'payments' ? PaymentMethodsPage : NotFoundPage;
  return (
    <Suspense fallback={<PageStatus>Loading your account…</PageStatus>}>
      <Page />
    </Suspense>
  );
}
