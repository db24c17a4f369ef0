import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import type { CheckoutFacts } from '../checkout-facts';
import { StepLink } from './step-link';

/**
 * Order Success, waiting for payment confirmation (spec 001 §2 wait-payment-confirmation): the bank wants the shopper
 * to confirm (3-D Secure). The link goes to where they confirm and brings them back here with the order, which the
 * page then reads again: paid goes on to the success page, refused offers another payment method (§8).
 */
export function WaitPaymentStep({ screen, facts: checkout }: StepProps<'wait-payment', CheckoutFacts>) {
  const order = checkout.order;
  if (order?.status === 'payment_failed') {
    return (
      <div className="step step--checkout">
        <StepHeading title="Your payment was not confirmed" />
        <p role="alert" className="notice notice--error">
          {order.payment_error ?? 'Your bank did not confirm the payment.'} Your cart is as you left it.
        </p>
        <p>
          <StepLink className="button button--primary" checkout={checkout} step="payment">
            Use another payment method
          </StepLink>
        </p>
      </div>
    );
  }
  const url = order?.next_action?.url;
  const back = checkout.routeTo('wait-payment-confirmation', order ? { order: order.pubkey } : {});
  return (
    <div className="step step--checkout">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {url ? (
        <p>
          <a className="button button--primary" href={`${url}${url.includes('?') ? '&' : '?'}return=${encodeURIComponent(back)}`}>
            {screen.step.button ?? 'Confirm with my bank'}
          </a>
        </p>
      ) : (
        <p className="step step--loading" aria-busy="true">
          Checking your payment…
        </p>
      )}
    </div>
  );
}
