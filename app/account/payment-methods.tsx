import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PaymentMethod } from '#api';
import { methodPaymentMode } from '#api/shared';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { useLoad } from '../use-load';
import '../../shop/checkout/checkout.css';
import { loadFlags } from '../flags';

/**
 * /account/payments: the customer's saved payment methods (spec 001 §7 Payment methods): each with its label and
 * expiry, the default marked; another can be made the default, any can be deleted. Cards are saved at checkout.
 */
export default function PaymentMethodsPage() {
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  const customer = session.status === 'authenticated' && session.user?.is_guest === false;
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [flags, setFlags] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const loaded = useLoad(
    async () => {
      const { api } = await loadAppServices();
      // The payment-intent flag picks the mode a card is made the default in; without the flags, the charge mode.
      const [list, read] = await Promise.all([api.listPaymentMethods('all'), loadFlags(api)]);
      setFlags(read);
      setMethods(list);
      return list;
    },
    [],
    { enabled: customer },
  );

  const act = async (id: string, what: 'default' | 'delete') => {
    setBusy(id);
    setFailed(false);
    try {
      const { api } = await loadAppServices();
      const method = methods?.find((m) => m.id === id);
      const mode = methodPaymentMode({ service: method?.service ?? 'card' }, flags);
      if (what === 'default') setMethods(await api.selectDefaultPaymentMethod({ payment_id: id, payment_mode: mode }));
      else {
        // A wallet is deleted in its mode; a card with none (spec 001 §7 Payment methods).
        await api.deletePaymentMethod(id, mode === 'wallet' ? 'wallet' : undefined);
        setMethods(await api.listPaymentMethods('all'));
      }
    } catch (error) {
      reportError(`payment method: ${what}`, error);
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  if (session.status !== 'loading' && !customer)
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Payment methods
        </h1>
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> to see your saved payment methods.
        </p>
      </div>
    );
  if (loaded.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          We couldn’t load your payment methods
        </h1>
        <button type="button" className="button button--secondary" onClick={loaded.retry}>
          Try again
        </button>
      </div>
    );
  if (!methods) return <PageStatus>Loading your payment methods…</PageStatus>;
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Payment methods
      </h1>
      {methods.length === 0 ? <p>No saved payment methods. Cards you choose to save at checkout appear here.</p> : null}
      <ul className="payment-methods">
        {methods.map((m) => (
          <li key={m.id} className="payment-methods__item">
            <p>
              <strong>{m.label}</strong>
              {m.exp_month && m.exp_year ? ` · expires ${String(m.exp_month).padStart(2, '0')}/${String(m.exp_year).slice(-2)}` : ''}
              {m.is_default ? ' · Default' : ''}
            </p>
            <p className="payment-methods__actions">
              {m.is_default ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-label={`Make ${m.label} the default`}
                  onClick={() => void act(m.id, 'default')}
                >
                  Make default
                </button>
              )}
              <button
                type="button"
                className="button button--secondary"
                disabled={busy !== null}
                aria-label={`Delete ${m.label}`}
                onClick={() => void act(m.id, 'delete')}
              >
                Delete
              </button>
            </p>
          </li>
        ))}
      </ul>
      {failed ? (
        <p role="alert" className="form-message form-message--error">
          Your changes could not be saved. Please try again.
        </p>
      ) : null}
    </div>
  );
}
