import type { CheckoutStepKind } from '#engine';
import { lazyComponent, type StepComponentTable } from '../../renderer/index';

/** Each checkout step kind is its own chunk: a step page downloads the form it draws, the others follow in the background. */
const later = {
  'account-details': lazyComponent(() => import('./steps/account-details-step').then((m) => m.AccountDetailsStep)),
  address: lazyComponent(() => import('./steps/address-step').then((m) => m.AddressStep)),
  payment: lazyComponent(() => import('./steps/payment-step').then((m) => m.PaymentStep)),
  review: lazyComponent(() => import('./steps/review-step').then((m) => m.ReviewStep)),
  'wait-payment': lazyComponent(() => import('./steps/wait-payment-step').then((m) => m.WaitPaymentStep)),
};

/**
 * The components of the checkout's step kinds (flows/fragments/checkout.yaml), handed to the flow runner by the
 * checkout page: a new checkout kind in the engine's schema fails to compile until it has one here.
 */
export const checkoutStepComponents = {
  'account-details': later['account-details'].component,
  address: later.address.component,
  payment: later.payment.component,
  review: later.review.component,
  'wait-payment': later['wait-payment'].component,
} satisfies Required<Pick<StepComponentTable, CheckoutStepKind>>;

let preloading: Promise<unknown> | undefined;

/** Loads the checkout's other step kinds (once the shopper starts filling a step in); resolves when they are ready. */
export function preloadCheckoutSteps(): Promise<unknown> {
  preloading ??= Promise.all(Object.values(later).map((l) => l.preload())).catch((error: unknown) => {
    preloading = undefined;
    throw error;
  });
  return preloading;
}
