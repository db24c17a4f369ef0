import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { renderAccountRoute } from './render-account';
import { createMocks, mockError } from '../../api/client/mocks';
import { askSubscriptionsEarly, forgetEarlySubscriptions, subscriptionPageOf, takeEarlyList } from '../../app/account/early-subscriptions';
import { appTokens } from '../../app/app-services';
import { adaAddresses, adaCards, adaSubscriptions, haircareForecast, onHoldForecast } from '../../stories/fixtures/subscriptions';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  forgetEarlySubscriptions();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** The server's answers, counting each call by name (and forecasts by subscription). */
function answer(options: { failListOnce?: boolean } = {}) {
  const calls: Record<string, number> = {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  let failures = options.failListOnce ? 1 : 0;
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => (count('addresses'), adaAddresses)),
    mocks.listPaymentMethods(() => (count('methods'), adaCards)),
    mocks.listSubscriptions(() => {
      count('list');
      return failures-- > 0 ? mockError(503, { code: 'unavailable', detail: 'Try again.' }) : adaSubscriptions;
    }),
    mocks.forecastSubscription(({ params }) => (count(`forecast ${params.pubkey}`), params.pubkey === 'sub_hair' ? haircareForecast : onHoldForecast)),
    mocks.getAccountFeedback(() => mockError(404, { code: 'not_found', detail: 'None.' })),
  );
  return calls;
}

/** The calls of the subscriptions and their forecasts alone (the session reads the account and addresses). */
const subscriptionCalls = (calls: Record<string, number>) => Object.fromEntries(Object.entries(calls).filter(([name]) => /^(list|forecast)/.test(name)));

function renderAccount(path: string) {
  renderAccountRoute(path);
}

const signedIn = () => localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));

describe('issue 27: a subscription page asks for what it draws first as the account’s code loads', () => {
  it('knows the subscription pages by their address', () => {
    expect(subscriptionPageOf('/account/subscription/home')).toEqual({ page: 'home' });
    expect(subscriptionPageOf('/account/subscription')).toEqual({ page: 'home' });
    expect(subscriptionPageOf('/account/subscription/supplements')).toEqual({ page: 'editor', slug: 'supplements' });
    expect(subscriptionPageOf('/account/subscription/haircare/cancel')).toBeUndefined();
    expect(subscriptionPageOf('/account/orders')).toBeUndefined();
  });

  it('spec 001 §4 Subscriptions: the home’s list and each current subscription’s forecast, asked early, serve its first load once', async () => {
    const calls = answer();
    signedIn();
    askSubscriptionsEarly('/account/subscription/home');
    // The forecasts follow the list, before any page is drawn; the canceled one has none.
    await waitFor(() => expect(calls).toEqual({ list: 1, 'forecast sub_hair': 1, 'forecast sub_supp': 1 }));
    renderAccount('/account/subscription/home');
    const haircare = (await screen.findByRole('heading', { level: 2, name: 'Haircare' })).closest('li')!;
    expect(await within(haircare).findByText(/Next charge December 10, 2026/)).toBeTruthy();
    expect(await screen.findByText('No charge is planned while this subscription is on hold.')).toBeTruthy();
    expect(subscriptionCalls(calls)).toEqual({ list: 1, 'forecast sub_hair': 1, 'forecast sub_supp': 1 });

    // Another visit asks afresh (each visit loads the server's list, shop/subscriptions/README.md).
    cleanup();
    renderAccount('/account/subscription/home');
    await screen.findByRole('heading', { level: 2, name: 'Haircare' });
    await waitFor(() => expect(subscriptionCalls(calls)).toEqual({ list: 2, 'forecast sub_hair': 2, 'forecast sub_supp': 2 }));
  });

  it('spec 001 §4: an editor’s subscription, its forecast, addresses and payment methods are asked early; only its own forecast', async () => {
    const calls = answer();
    signedIn();
    askSubscriptionsEarly('/account/subscription/haircare');
    await waitFor(() => expect(calls).toEqual({ list: 1, addresses: 1, methods: 1, 'forecast sub_hair': 1 }));
    renderAccount('/account/subscription/haircare');
    expect(await screen.findByRole('combobox', { name: 'Ship to' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Pay with' })).toBeTruthy();
    expect(await screen.findByText(/Charged December 10, 2026/)).toBeTruthy();
    // The session reads the addresses too (spec 000 §4.6); the page took the early ones.
    await waitFor(() => expect(calls).toEqual({ list: 1, addresses: 2, methods: 1, 'forecast sub_hair': 1 }));
  });

  it('spec 001 §8: a list that failed early is asked again by the page, which then shows it', async () => {
    const calls = answer({ failListOnce: true });
    signedIn();
    askSubscriptionsEarly('/account/subscription/home');
    await waitFor(() => expect(calls.list).toBe(1));
    renderAccount('/account/subscription/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Haircare' })).toBeTruthy();
    expect(calls.list).toBe(2);
  });

  it('spec 001 §4 Account: answers asked early are dropped when the shopper’s tokens leave the device (signed out, expired)', async () => {
    const calls = answer();
    signedIn();
    askSubscriptionsEarly('/account/subscription/home');
    await waitFor(() => expect(calls.list).toBe(1));
    appTokens.setUser(null);
    expect(takeEarlyList()).toBeUndefined();
  });

  it('asks nothing for a visitor without a signed-in shopper’s tokens (a guest’s included), nor on other account pages', () => {
    localStorage.setItem('shop.tokens.guest', JSON.stringify(tokenPairFor('guest')));
    askSubscriptionsEarly('/account/subscription/home');
    expect(takeEarlyList()).toBeUndefined();
    signedIn();
    askSubscriptionsEarly('/account/orders');
    expect(takeEarlyList()).toBeUndefined();
  });
});
