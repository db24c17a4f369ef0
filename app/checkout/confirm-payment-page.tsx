import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '#api/shared';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import '../../shop/checkout/checkout.css';

/** Where the shopper goes back after answering: a checkout page of this site only, else their orders. */
export function returnPath(value: string | null): string {
  return value && /^\/checkout\/[a-z-]+\/[a-z0-9/-]*(\?[\w=&%.-]*)?$/.test(value) ? value : '/account/orders';
}

/**
 * /checkout/confirm-payment/{charge}: the embedded test provider's stand-in for a bank's 3-D Secure page (spec 001 §2
 * wait-payment-confirmation, issue 14). The shopper approves or refuses the payment, then goes back to the checkout,
 * which reads the order again (so does an answer to a payment no longer waiting). With Stripe, the bank's own page
 * takes its place.
 */
export default function ConfirmPaymentPage({ charge }: { charge: string }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const heading = usePageHeadingFocus();
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const answer = async (approved: boolean) => {
    setStatus('sending');
    try {
      const { api } = await loadAppServices();
      await api.authenticateTestCharge(charge, approved);
      void navigate(returnPath(search.get('return')), { replace: true });
    } catch (error) {
      // Answered already (a reload of this page, another tab) or replaced by a newer payment: the checkout's step
      // shows the order as it now is.
      if (isApiError(error) && error.status === 409) return void navigate(returnPath(search.get('return')), { replace: true });
      reportError('answering the test bank', error);
      setStatus('failed');
    }
  };
  return (
    <div className="page confirm-payment">
      <p className="step__eyebrow">Test bank</p>
      <h1 ref={heading} tabIndex={-1}>
        Confirm your payment
      </h1>
      <p>Your bank asks you to confirm this payment. This is the test payment provider: no real bank is asked and no money moves.</p>
      <div className="confirm-payment__actions">
        <button type="button" className="button button--primary" disabled={status === 'sending'} onClick={() => void answer(true)}>
          Confirm payment
        </button>
        <button type="button" className="button button--secondary" disabled={status === 'sending'} onClick={() => void answer(false)}>
          Refuse
        </button>
      </div>
      {status === 'failed' ? (
        <p role="alert" className="form-message form-message--error">
          Oops, something went wrong... Let’s try again.
        </p>
      ) : null}
    </div>
  );
}
