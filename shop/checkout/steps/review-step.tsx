import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import { ActionButton } from '../../../renderer/parts/action-button';
import { formatMoney } from '../../catalog/money';
import { refusalOf, type CheckoutFacts } from '../checkout-facts';
import { isPlaced } from '../placed-order';
import { CartPriceLines, OrderLines, cartLines } from '../order-lines';
import { StepAlert } from '../step-alert';
import { AddressLines } from './address-lines';
import { StepLink } from './step-link';
import { paymentReady } from './review-gate';

/**
 * Review (spec 001 §2 confirmation): the lines, totals and taxes as the server prices them now, where it ships and how
 * it is paid. "Place order" places it. It draws behind its gate (./review-gate.tsx: a payment that is not ready, §4
 * isPaymentReady, sends the shopper back to the payment step, saying why, before this code loads); a refused order
 * (§8) is announced by the button and offers another payment method; an order already placed (the back button,
 * another tab) is never placed again: the step leads to it.
 */
export function ReviewStep({ screen, onNext, busy, saveError, facts: checkout }: StepProps<'review', CheckoutFacts>) {
  const { cart, answers, order } = checkout;
  const placed = isPlaced(order) ? order : null;
  const ready = paymentReady(checkout);

  if (placed) {
    return (
      <div className="step step--checkout">
        <StepHeading title="Your order is placed" />
        <p role="status" className="notice notice--success">
          Order #{placed.serial_no} is placed and paid ({formatMoney(placed.total_amount, placed.currency)}): it can’t be placed again.
        </p>
        <p className="step__actions">
          <a className="button button--primary" href={checkout.routeTo('success', { order: placed.pubkey })}>
            See your order
          </a>
        </p>
      </div>
    );
  }
  if (!cart) return <p className="step step--loading" aria-busy="true" />;
  const label = typeof answers.payment_label === 'string' ? answers.payment_label : null;
  const refusal = refusalOf(saveError);
  const refused = refusal?.kind === 'order-refused' ? refusal : null;
  const message = refused?.message ?? (refusal ? 'Something went wrong. Please try again.' : null);
  return (
    <div className="step step--checkout">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <section aria-labelledby="review-items">
        <h2 id="review-items" className="checkout__section-title">
          Your order
        </h2>
        <OrderLines lines={cartLines(cart)} pictures={false} />
        <CartPriceLines cart={cart} />
      </section>
      {cart.need_address && cart.shipping_address ? (
        <section aria-labelledby="review-ship">
          <h2 id="review-ship" className="checkout__section-title">
            Shipping to
          </h2>
          <p>
            <AddressLines address={cart.shipping_address} />
          </p>
        </section>
      ) : null}
      {checkout.paymentNeeded ? (
        <section aria-labelledby="review-pay">
          <h2 id="review-pay" className="checkout__section-title">
            Payment
          </h2>
          <p>
            {ready && label ? `${label} ` : null}
            <StepLink checkout={checkout} step="payment">
              Change
            </StepLink>
          </p>
        </section>
      ) : null}
      <StepAlert attempt={saveError} hidden={busy}>
        {message ? (
          <>
            <p>{message}</p>
            {refused?.reason === 'already-ordered' ? (
              <p>
                <a href="/account/orders">See your orders</a>
              </p>
            ) : checkout.paymentNeeded ? (
              <p>
                <StepLink checkout={checkout} step="payment">
                  Use another payment method
                </StepLink>
              </p>
            ) : null}
          </>
        ) : null}
      </StepAlert>
      <div className="step__actions">
        <ActionButton busy={busy || !ready} onClick={onNext}>
          {screen.step.button ?? 'Place order'}
        </ActionButton>
      </div>
    </div>
  );
}
