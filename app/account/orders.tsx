import { Link, useLocation, useParams } from 'react-router';
import type { Order } from '#api';
import { isApiError } from '#api/shared';
import { FeedbackInvitation } from '../../shop/orders/feedback-invitation';
import { OrderDetail, OrderList } from '../../shop/orders/order-views';
import { loadAppServices } from '../app-services';
import { useSession } from '../session';
import NotFoundPage from '../shell/not-found-page';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useLoad } from '../use-load';
import { useAccountFeedback } from './use-account-feedback';

type Loaded = { kind: 'one'; order: Order } | { kind: 'all'; orders: Order[] } | { kind: 'missing' };

/** /account/orders and /account/orders/:pubkey: the shopper's own orders (spec 001 §4 Orders). Guests see theirs too. */
export default function OrdersPage() {
  const { pubkey } = useParams();
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  const ready = session.status === 'authenticated';
  const orders = useLoad(
    async (): Promise<Loaded> => {
      const { api } = await loadAppServices();
      if (pubkey) {
        try {
          return { kind: 'one', order: await api.getOrder(pubkey) };
        } catch (error) {
          if (isApiError(error) && error.status === 404) return { kind: 'missing' };
          throw error;
        }
      }
      return { kind: 'all', orders: (await api.listOrders()).results };
    },
    [pubkey],
    { enabled: ready },
  );
  // The feedback invitation: above the list, or on the order's page when this order awaits it. Only an extra: while
  // it loads, or if it cannot, the orders show without it.
  const feedback = useAccountFeedback(ready);
  if (session.status === 'not_authenticated' || session.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Your orders
        </h1>
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> to see your orders.
        </p>
      </div>
    );
  if (orders.status === 'loading') return <PageStatus>Loading your orders…</PageStatus>;
  if (orders.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          We couldn’t load your orders
        </h1>
        <button type="button" onClick={orders.retry}>
          Try again
        </button>
      </div>
    );
  const value = orders.value;
  if (value.kind === 'missing') return <NotFoundPage />;
  const invitation = feedback.status === 'success' ? <FeedbackInvitation overview={feedback.value} order={pubkey} /> : null;
  return (
    <div className="page page--narrow">
      {value.kind === 'one' ? (
        <OrderDetail order={value.order} headingRef={heading} name={session.user?.first_name} invitation={invitation} />
      ) : (
        <OrderList orders={value.orders} headingRef={heading} name={session.user?.first_name} invitation={invitation} />
      )}
    </div>
  );
}
