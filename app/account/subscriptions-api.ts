import type { SubscriptionsApi } from '../../shop/subscriptions/subscriptions-machine';
import { loadAppServices } from '../app-services';

/** The subscriptions machine's calls through the app's API client (loaded on first use). */
export const subscriptionsApi: SubscriptionsApi = {
  listSubscriptions: () => loadAppServices().then(({ api }) => api.listSubscriptions()),
  patchSubscription: (pubkey, patch) => loadAppServices().then(({ api }) => api.patchSubscription(pubkey, patch)),
  skipSubscriptionProduct: (pubkey, product) => loadAppServices().then(({ api }) => api.skipSubscriptionProduct(pubkey, product)),
  unskipSubscriptionProduct: (pubkey, product) => loadAppServices().then(({ api }) => api.unskipSubscriptionProduct(pubkey, product)),
  snoozeSubscription: (pubkey, days) => loadAppServices().then(({ api }) => api.snoozeSubscription(pubkey, days)),
  resubscribeSubscription: (pubkey) => loadAppServices().then(({ api }) => api.resubscribeSubscription(pubkey)),
};

/** Spec 001 §5: a forecast needs a current subscription's pubkey. */
export const NO_SUBSCRIPTION_PUBKEY = 'No subscription pubkey found';

/** A subscription's next charges (POST …/forecast); without a pubkey, the error of spec 001 §5. */
export async function loadForecast(pubkey: string | null | undefined) {
  if (!pubkey) throw new Error(NO_SUBSCRIPTION_PUBKEY);
  const { api } = await loadAppServices();
  return api.forecastSubscription(pubkey);
}
