import type { Address, PaymentMethod, Subscription, SubscriptionForecast } from '#api';
import { appTokens, loadAppServices, type AppServices } from '../app-services';
import { appSession } from '../session';

type Asked = {
  list: Promise<Subscription[]>;
  /** Each current subscription's forecast, by `${pubkey}:${version}` (a change the server took moves it). */
  forecasts: Map<string, Promise<SubscriptionForecast>>;
  addresses?: Promise<Address[]>;
  methods?: Promise<PaymentMethod[]>;
};

let asked: Asked | undefined;

/** The page a subscription address opens: the home, or a subscription's editor (its category), else none. */
export function subscriptionPageOf(pathname: string): { page: 'home' } | { page: 'editor'; slug: string } | undefined {
  const match = /^\/account\/subscription(?:\/(home|haircare|skincare|supplements))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return !match[1] || match[1] === 'home' ? { page: 'home' } : { page: 'editor', slug: match[1] };
}

const isCurrent = (s: Subscription) => s.status === 'active' || s.status === 'onhold';
const slugOf = (s: Subscription) => (s.sub_category === 'supplements' ? 'supplements' : s.category);
const quiet = <T>(call: Promise<T>) => (call.catch(() => undefined), call);

/**
 * A device holding a signed-in shopper's tokens that opens a subscription page asks for what the page draws first as
 * the account's code loads, alongside the session's own calls, instead of after the session, the page's code and its
 * first render: the subscriptions, then the forecasts the page shows (the home: every current one's; an editor: its
 * subscription's, with the addresses and payment methods it offers). Each answer serves the page's first load once;
 * any later load asks afresh, and a sign-out, or the tokens leaving the device, drops them (spec 001 §4 Account).
 */
export function askSubscriptionsEarly(pathname: string, services: () => Promise<AppServices> = loadAppServices): void {
  const opened = subscriptionPageOf(pathname);
  if (!opened || !appTokens.read().user) return;
  const client = services();
  const list = quiet(client.then(({ api }) => api.listSubscriptions()));
  const forecasts = new Map<string, Promise<SubscriptionForecast>>();
  asked = { list, forecasts };
  if (opened.page === 'editor') {
    asked.addresses = quiet(client.then(({ api }) => api.getAddresses()));
    asked.methods = quiet(client.then(({ api }) => api.listPaymentMethods('all')));
  }
  const mine = asked;
  void list.then(
    async (subscriptions) => {
      const { api } = await client;
      for (const s of subscriptions.filter(isCurrent)) {
        if (asked !== mine || (opened.page === 'editor' && slugOf(s) !== opened.slug)) continue;
        forecasts.set(`${s.pubkey}:${s.version}`, quiet(api.forecastSubscription(s.pubkey)));
      }
    },
    () => undefined,
  );
}

/** The subscriptions asked early, once; undefined when none were (the page then asks). */
export function takeEarlyList(): Promise<Subscription[]> | undefined {
  const list = asked?.list;
  if (asked) delete (asked as Partial<Asked>).list;
  return list;
}

/** A forecast asked early for this version of the subscription, once. */
export function takeEarlyForecast(pubkey: string, version: number | undefined): Promise<SubscriptionForecast> | undefined {
  const key = `${pubkey}:${version}`;
  const forecast = asked?.forecasts.get(key);
  asked?.forecasts.delete(key);
  return forecast;
}

/** The addresses or payment methods asked early for an editor, once. */
export function takeEarly<K extends 'addresses' | 'methods'>(name: K): Asked[K] | undefined {
  const answer = asked?.[name];
  if (asked) delete asked[name];
  return answer;
}

/** Drops what was asked early and not taken (a sign-out; tests). */
export function forgetEarlySubscriptions(): void {
  asked = undefined;
}

appSession.onSignOut(forgetEarlySubscriptions);
// Tokens gone (signed out in another tab, expired): what was asked with them is no one's to show.
appTokens.subscribe((stored) => {
  if (!stored.user) forgetEarlySubscriptions();
});
