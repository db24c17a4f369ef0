import { useEffect, useRef, type ComponentType } from 'react';
import type { StepProps } from '../../../renderer/index';
import type { CheckoutFacts } from '../checkout-facts';
import { isPlaced } from '../placed-order';

type ReviewProps = StepProps<'review', CheckoutFacts>;

/** Spec 001 §4 isPaymentReady: nothing to pay, a new card's token (or the wallet's nonce) kept, or a saved method chosen. */
export function paymentReady(checkout: Pick<CheckoutFacts, 'paymentNeeded' | 'answers'>): boolean {
  const { answers } = checkout;
  const method = answers.payment_method;
  const savedMethod = typeof method === 'string' && method !== '' && method !== 'newCard' && method !== 'wallet';
  return !checkout.paymentNeeded || savedMethod || (typeof answers.payment_token === 'string' && answers.payment_token !== '');
}

/**
 * The review's way in: a payment that is not ready (a reload forgot the card's token, which is never stored; a first
 * visit of the page) sends the shopper back to the payment step, saying why, before the review's own code loads (the
 * page then downloads the payment step's alone); an order already placed, or a payment ready, draws the review.
 * @example review: reviewGate(later.review.component)
 */
export function reviewGate(Review: ComponentType<ReviewProps>): ComponentType<ReviewProps> {
  return function ReviewGate(props: ReviewProps) {
    const { facts: checkout } = props;
    const { answers, go } = checkout;
    const open = isPlaced(checkout.order) || paymentReady(checkout);
    const paymentRoute = checkout.routeTo('payment');
    const enteredCard = answers.payment_method === 'newCard' || answers.payment_method === 'wallet';
    const sent = useRef(false);
    useEffect(() => {
      if (open || sent.current) return;
      sent.current = true; // once: the page's next render may come before the URL has moved
      go(paymentRoute, { replace: true, ...(enteredCard ? { notice: 'card-again' as const } : {}) });
    }, [open, go, paymentRoute, enteredCard]);
    return open ? <Review {...props} /> : <div className="step step--loading" aria-busy="true" />;
  };
}
