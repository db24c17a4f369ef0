import type { CheckoutStepKind } from '#engine';
import type { FlowKind } from '../flow/flow-kind';
import { checkoutStepComponents, preloadCheckoutSteps } from '../../shop/checkout/checkout-steps';
import { refusalOf, type CheckoutFacts } from '../../shop/checkout/checkout-facts';
import { checkoutFlows } from './checkout-data';

/**
 * The checkout (spec 001 §2, §4): flows/checkout/*.yaml, drawn with the checkout family's components and facts. A
 * form's refused save is shown by the form, so nothing more shows under the step.
 */
export const checkoutKind: FlowKind<CheckoutFacts, CheckoutStepKind> = {
  name: 'checkout',
  flows: checkoutFlows,
  components: checkoutStepComponents,
  preload: preloadCheckoutSteps,
  words: {
    loadingStep: 'Loading your checkout…',
    loadingResults: 'Loading your order…',
    loadFailed: 'We couldn’t load this step of your checkout. Please check your connection and try again.',
  },
  problemText: (problem, standard) => (problem.code === 'save_failed' && refusalOf(problem.cause) ? undefined : standard),
};
