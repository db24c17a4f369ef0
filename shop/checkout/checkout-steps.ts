import type { CheckoutStepKind } from '#engine';
import type { StepComponentTable } from '../../renderer/index';
import { lazyComponent } from '../../renderer/lazy-component';
import type { CheckoutFacts } from './checkout-facts';
import { reviewGate } from './steps/review-gate';

/** Each checkout step kind is its own chunk: a step page downloads the form it draws, the others follow in the background. */
const later = {
  'account-details': lazyComponent(() => import('./steps/account-details-step').then((m) => m.AccountDetailsStep)),
  address: lazyComponent(() => import('./steps/address-step').then((m) => m.AddressStep)),
  payment: lazyComponent(() => import('./steps/payment-step').then((m) => m.PaymentStep)),
  review: lazyComponent(() => import('./steps/review-step').then((m) => m.ReviewStep)),
  'wait-payment': lazyComponent(() => import('./steps/wait-payment-step').then((m) => m.WaitPaymentStep)),
};

/**
 * The components of the checkout family's step kinds (engine/schema/steps/checkout.ts), drawn with the checkout's
 * facts: a new checkout kind in the engine's schema fails to compile until it has one here.
 */
export const checkoutStepComponents = {
  'account-details': later['account-details'].component,
  address: later.address.component,
  payment: later.payment.component,
  // A payment not ready goes back to the payment step before the review's code loads.
  review: reviewGate(later.review.component),
  'wait-payment': later['wait-payment'].component,
} satisfies StepComponentTable<CheckoutStepKind, CheckoutFacts>;

/** Loads the review's code ahead (a payment chosen in this tab before a reload: the review is where the shopper goes). */
export const preloadReview = () => later.review.preload();

let preloading: Promise<unknown> | undefined;

/** Loads the checkout's other step kinds (once the shopper starts filling a step in); resolves when they are ready. */
export function preloadCheckoutSteps(): Promise<unknown> {
  preloading ??= Promise.all(Object.values(later).map((l) => l.preload())).catch((error: unknown) => {
    preloading = undefined;
    throw error;
  });
  return preloading;
}
