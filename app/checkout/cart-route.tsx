import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageStatus } from '../shell/page-status.tsx';

const CartScreen = lazy(() => import('./cart-screen'));
const NotFoundPage = lazy(() => import('../shell/not-found-page.tsx'));
const CheckoutFlowPage = lazy(() => import('./checkout-flow-page'));
const ConfirmPaymentPage = lazy(() => import('./confirm-payment-page'));

/** Where the gifter's checkout starts: the checkout's first step (flows/fragments/checkout.yaml), its gifter variant. */
export const GIFTER_FIRST_STEP = '/checkout/haircare/account-details';

/**
 * Everything under /checkout/: the category's cart at /checkout/haircare and /checkout/skincare (spec 001 §2 Cart and
 * checkout), the checkout's steps under it (/checkout/haircare/account-details, ...), the gifter's checkout at
 * /checkout/gift?gift=gifter (the same steps, ordering the universal cart), and the test bank's page at
 * /checkout/confirm-payment/{charge}. One route keeps the router (in every page) small; each page loads on its own.
 */
export default function CartRoute() {
  const { category, '*': rest = '' } = useParams();
  const { search } = useLocation();
  const page = (node: ReactNode) => <Suspense fallback={<PageStatus>Loading your checkout…</PageStatus>}>{node}</Suspense>;
  if (category === 'confirm-payment' && rest) return page(<ConfirmPaymentPage charge={rest} />);
  // /checkout/gift?gift=gifter (from /gift): the gift card in the universal cart, through the checkout's gifter variant.
  if (category === 'gift') return <Navigate to={`${GIFTER_FIRST_STEP}${search || '?gift=gifter'}`} replace />;
  if (category !== 'haircare' && category !== 'skincare') return page(<NotFoundPage />);
  if (rest.replace(/\/$/, '')) {
    // The checkout's data is asked for as the page's code arrives (the server preloads it with the route's), before the
    // page draws; the cart page does not download it.
    const order = new URLSearchParams(search).get('order');
    void import('./checkout-data').then((m) => m.startCheckoutData(category, order));
    return page(<CheckoutFlowPage key={category} category={category} />);
  }
  return page(<CartScreen key={category} category={category} />);
}
