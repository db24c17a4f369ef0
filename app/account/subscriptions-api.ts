import type { SubscriptionsApi } from '../../shop/subscriptions/subscriptions-machine';
import { loadAppServices } from '../app-services';
import { takeEarly, takeEarlyForecast, takeEarlyList } from './early-subscriptions';

/** An answer asked early (./early-subscriptions.ts) when there is one, asked again if it failed; else asked now. */
const earlyOr = <T>(early: Promise<T> | undefined, ask: () => Promise<T>): Promise<T> => (early ? early.catch(ask) : ask());

/** The subscriptions machine's calls through the app's API client (loaded on first use). */
export const subscriptionsApi: SubscriptionsApi = {
  listSubscriptions: () => earlyOr(takeEarlyList(), () => loadAppServices().then(({ api }) => api.listSubscriptions())),
  patchSubscription: (pubkey, patch) => loadAppServices().then(({ api }) => api.patchSubscription(pubkey, patch)),
  skipSubscriptionProduct: (pubkey, product) => loadAppServices().then(({ api }) => api.skipSubscriptionProduct(pubkey, product)),
  unskipSubscriptionProduct: (pubkey, product) => loadAppServices().then(({ api }) => api.unskipSubscriptionProduct(pubkey, product)),
  snoozeSubscription: (pubkey, days) => loadAppServices().then(({ api }) => api.snoozeSubscription(pubkey, days)),
  resubscribeSubscription: (pubkey) => loadAppServices().then(({ api }) => api.resubscribeSubscription(pubkey)),
};

/** Spec 001 §5: a forecast needs a current subscription's pubkey. */
export const NO_SUBSCRIPTION_PUBKEY = 'No subscription pubkey found';

/** A subscription's next charges (POST …/forecast) at its `version`; without a pubkey, the error of spec 001 §5. */
export async function loadForecast(pubkey: string | null | undefined, version?: number) {
  if (!pubkey) throw new Error(NO_SUBSCRIPTION_PUBKEY);
  return earlyOr(takeEarlyForecast(pubkey, version), () => loadAppServices().then(({ api }) => api.forecastSubscription(pubkey)));
}

/** The shopper's addresses, for an editor's "Ship to". */
export const loadAddresses = () => earlyOr(takeEarly('addresses'), () => loadAppServices().then(({ api }) => api.getAddresses()));

/** The shopper's payment methods (all modes), for an editor's "Pay with". */
export const loadPaymentMethods = () => earlyOr(takeEarly('methods'), () => loadAppServices().then(({ api }) => api.listPaymentMethods('all')));
