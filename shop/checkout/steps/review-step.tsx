import { frequencyText } from '#api/shared';
import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import { ActionButton } from '../../../renderer/parts/action-button';
import { formatMoney } from '../../catalog/money';
import { CartTotals } from '../../cart/cart-totals';
import type { CheckoutFacts } from '../checkout-facts';
import { AddressLines } from './address-lines';
import { StepLink } from './step-link';

/**
 * Review (spec 001 §2 confirmation): the lines, totals and taxes as the server prices them now, where it ships and how
 * it is paid. "Place order" places it; a payment that is not ready (§4 isPaymentReady) sends the shopper back to
 * the payment step instead, and a refused payment (§8) offers another card.
 */
export function ReviewStep({ screen, onNext, busy, error, facts: checkout }: StepProps<'review', CheckoutFacts>) {
  const { cart, answers } = checkout;
  if (!cart) return <p className="step step--loading" aria-busy="true" />;
  const money = (n: number) => formatMoney(n, cart.currency);
  const lines = cart.items.filter((item) => item.quantity > 0);
  const label = typeof answers.payment_label === 'string' ? answers.payment_label : null;
  // Spec 001 §4 isPaymentReady: a new card's token (or the wallet's nonce) is kept, or a saved method is chosen.
  const method = answers.payment_method;
  const savedMethod = typeof method === 'string' && method !== 'newCard' && method !== 'wallet';
  const ready = !checkout.paymentNeeded || savedMethod || (typeof answers.payment_token === 'string' && answers.payment_token !== '');
  return (
    <div className="step step--checkout">
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      <section aria-labelledby="review-items">
        <h2 id="review-items" className="checkout__section-title">
          Your order
        </h2>
        <ul className="checkout__lines">
          {lines.map((line) => (
            <li key={`${line.category}:${line.type}`}>
              <span>
                {line.label}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                {line.subscription.active && line.subscription.frequency
                  ? ` (${frequencyText(line.subscription.frequency, { supplements: line.property === 'supplements' })})`
                  : ''}
              </span>
              <span>{money(line.total_price)}</span>
            </li>
          ))}
        </ul>
        <CartTotals cart={cart} taxes="final" className="checkout__totals" totalClassName="checkout__total" />
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
            {ready && label ? `${label} ` : 'No payment method yet. '}
            <StepLink checkout={checkout} step="payment">
              {ready ? 'Change' : 'Add a payment method'}
            </StepLink>
          </p>
        </section>
      ) : null}
      {error && checkout.paymentNeeded ? (
        <p>
          <StepLink checkout={checkout} step="payment">
            Use another payment method
          </StepLink>
        </p>
      ) : null}
      <div className="step__actions">
        <ActionButton busy={busy} disabled={!ready} onClick={onNext}>
          {screen.step.button ?? 'Place order'}
        </ActionButton>
      </div>
    </div>
  );
}
