import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Subscription, UpsellOffer, User } from '#api';
import { ApiError } from '#api/shared';
import { createMocks, mockError } from '../../api/client/mocks';
import AccountRoute from '../../app/account/account-route';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createSession, SessionProvider, useSession } from '../../app/session';
import AccountMenu from '../../app/shell/account-menu';
import { asksForUpsell, loadUpsell, missingConsultations, UPSELL_FALLBACK_MESSAGE, UPSELL_KINDS } from '../../shop/account/upsells';
import { feedbackEmpty } from '../../stories/fixtures/feedback-overview';
import {
  adaAddresses,
  adaHaircare,
  adaOrders,
  adaSkincareCanceled,
  adaSkincareOnHold,
  skincareOfferUnanswered,
  supplementsOffer,
  supplementsPreview,
} from '../../stories/fixtures/account-pages';
import { savedVisa } from '../../stories/fixtures/checkout';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';
import { axeViolations } from './account-axe';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const notFound = () => mockError(404, { code: 'not_found', detail: 'No offer.' });
const failing = () => mockError(500, { code: 'server_error', detail: 'Something went wrong.' });

type Upsells = { haircare?: UpsellOffer | 'fails'; supplements?: UpsellOffer | 'fails'; skincare?: UpsellOffer | 'fails' };

/** /account for Ada in a page load of its own; each part's answer given (or failing). Records the upsell calls and what add-products got. */
function renderOverview(options: { user?: User; orders?: 'fails'; subscriptions?: Subscription[] | 'fails'; upsells?: Upsells; methods?: boolean } = {}) {
  const calls = { upsell: [] as string[], added: [] as unknown[] };
  localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  const answer = (offer: UpsellOffer | 'fails' | undefined) => (offer === 'fails' ? failing() : (offer ?? notFound()));
  server.use(
    mocks.getAccount(() => options.user ?? sampleUser),
    mocks.getAddresses(() => adaAddresses),
    mocks.getAccountFeedback(() => feedbackEmpty),
    mocks.listOrders(() => (options.orders === 'fails' ? failing() : { results: adaOrders })),
    mocks.listSubscriptions(() => (options.subscriptions === 'fails' ? failing() : (options.subscriptions ?? [adaHaircare, adaSkincareOnHold]))),
    mocks.getUpsell(({ params, query }) => {
      const key = query.get('sub_category') === 'supplements' ? 'supplements' : (params.category as 'haircare' | 'skincare');
      calls.upsell.push(key);
      return answer(options.upsells?.[key]);
    }),
    mocks.previewUpsell(() => supplementsPreview),
    mocks.listPaymentMethods(() => (options.methods === false ? [] : [savedVisa])),
    mocks.addProductsToSubscription(({ body }) => {
      calls.added.push(body);
      return { ...adaHaircare, pubkey: 'sub_ada_supp', sub_category: 'supplements' };
    }),
  );
  let signOut: () => void = () => undefined;
  let fetchSession: () => void = () => undefined;
  function Handle() {
    const session = useSession();
    signOut = session.signOut;
    fetchSession = session.fetch;
    return null;
  }
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
  }
  render(
    <MemoryRouter initialEntries={['/account']}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <Handle />
        <Where />
        <Routes>
          {/* The subscription pages are tested on their own: here only where the overview leads. */}
          <Route path="/account/subscription/*" element={<p>Your subscriptions</p>} />
          <Route path="/account/:section?/:pubkey?" element={<AccountRoute />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return { calls, signOut: () => signOut(), fetchSession: () => fetchSession() };
}

const section = (name: string) => screen.findByRole('region', { name });

describe('/account: the overview (spec 001 §2 "Account and subscriptions")', () => {
  it('greets Ada and shows her latest three orders with their status in words (spec 001 §4 Orders: paid reads "processing")', async () => {
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeTruthy();
    const orders = await section('Recent orders');
    await waitFor(() => expect(within(orders).getAllByRole('listitem')).toHaveLength(3));
    const [latest] = within(orders).getAllByRole('listitem');
    expect(within(latest!).getByRole('link', { name: 'Order 100044' }).getAttribute('href')).toBe('/account/orders/ord_ada_4');
    expect(latest!.textContent).toContain('November 20, 2026');
    expect(within(latest!).getByText('Processing')).toBeTruthy();
    expect(within(orders).queryByText('Order 100041')).toBeNull();
    expect(within(orders).getByRole('link', { name: 'All 4 orders' }).getAttribute('href')).toBe('/account/orders');
  });

  it('spec 001 §2, §4 Subscriptions: each current subscription with its next delivery (or why it is paused) and the way to manage it; the way to all of them', async () => {
    renderOverview({ subscriptions: [adaHaircare, adaSkincareOnHold, adaSkincareCanceled] });
    const subscriptions = await section('Subscriptions');
    await waitFor(() => expect(within(subscriptions).getAllByRole('listitem')).toHaveLength(2));
    const hair = within(subscriptions).getByRole('link', { name: 'Manage your haircare subscription' });
    expect(hair.getAttribute('href')).toBe('/account/subscription/haircare');
    expect(hair.closest('li')!.textContent).toContain('Next delivery December 18, 2026');
    const skin = within(subscriptions).getByRole('link', { name: 'Manage your skincare subscription' });
    expect(skin.closest('li')!.textContent).toContain('Paused: your payment did not go through');
    expect(within(skin.closest('li')!).getByText('On hold')).toBeTruthy();
    expect(within(subscriptions).getByRole('link', { name: 'All your subscriptions' }).getAttribute('href')).toBe('/account/subscription/home');
    await within(await section('Recent orders')).findByRole('link', { name: 'Order 100044' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a guest sees their orders, without subscriptions, offers, profile or addresses (they have no account to keep them yet)', async () => {
    const { calls } = renderOverview({ user: { ...sampleUser, pubkey: 'usr_guest', is_guest: true, first_name: '' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(await within(await section('Recent orders')).findByRole('link', { name: 'Order 100044' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Addresses' })).toBeNull();
    expect(calls.upsell).toEqual([]);
  });

  it('leads to the profile, the addresses and the payment methods', async () => {
    renderOverview();
    const parts = await screen.findByRole('list', { name: 'Your account' });
    expect(within(parts).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/account/profile');
    expect(within(parts).getByRole('link', { name: 'Addresses' }).getAttribute('href')).toBe('/account/addresses');
    expect(within(parts).getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/account/payments');
  });

  it('each part loads on its own: failed orders and subscriptions say so with Try again, the offers still show', async () => {
    const user = userEvent.setup();
    renderOverview({ orders: 'fails', subscriptions: 'fails', upsells: { supplements: supplementsOffer } });
    const orders = await section('Recent orders');
    expect(await within(orders).findByText('We couldn’t load your orders just now.', {}, { timeout: 10_000 })).toBeTruthy();
    const subscriptions = await section('Subscriptions');
    expect(await within(subscriptions).findByText('We couldn’t load your subscriptions just now.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await section('Add to your subscription')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeTruthy();
    server.use(mocks.listOrders(() => ({ results: adaOrders })));
    await user.click(within(orders).getByRole('button', { name: 'Try again' }));
    expect(await within(orders).findByRole('link', { name: 'Order 100044' })).toBeTruthy();
  }, 30_000);
});

describe('/account: the upsell offers (spec 001 §2 "Account overview shows the haircare and skincare upsell offers", §4 Upsells, §5, §8)', () => {
  it('asks for haircare, its supplements and skincare; not_found is no offer, and with none the part is not shown', async () => {
    const { calls } = renderOverview();
    await section('Recent orders');
    await waitFor(() => expect([...calls.upsell].sort()).toEqual(['haircare', 'skincare', 'supplements']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add to your subscription' })).toBeNull());
  });

  it('spec 001 §4: an offer without its consultation answered leads to the consultation and records the category as missing one', async () => {
    const user = userEvent.setup();
    renderOverview({ upsells: { skincare: skincareOfferUnanswered } });
    const offers = await section('Add to your subscription');
    const offer = within(offers).getByRole('listitem', { name: 'Custom skincare' });
    expect(offer.textContent).toContain('Cleanser');
    expect(offer.textContent).toContain('$25.50 every 4 weeks');
    expect(within(offer).queryByRole('button', { name: 'Add to my subscription' })).toBeNull();
    const take = within(offer).getByRole('link', { name: 'Take the skincare consultation' });
    expect(take.getAttribute('href')).toBe('/consultation/skincare');
    await user.click(take);
    expect(missingConsultations()).toEqual(['skincare']);
    expect(await axeViolations()).toEqual([]);
  });

  it('an answered offer: "Add to my subscription" previews the first charge, Confirm adds the products with the card and address of the current subscription, then the subscriptions home says it is active', async () => {
    const user = userEvent.setup();
    const { calls } = renderOverview({ upsells: { supplements: supplementsOffer } });
    const offers = await section('Add to your subscription');
    const offer = within(offers).getByRole('listitem', { name: 'Hair supplements' });
    expect(offer.textContent).toContain('$46.75 every 25 days');
    await user.click(within(offer).getByRole('button', { name: 'Add to my subscription' }));
    expect((await within(offer).findByRole('status')).textContent).toBe(
      'First delivery charged December 1, 2026: $46.75, shipping free. Nothing is charged today.',
    );
    // The current subscriptions must be known before Confirm picks their card and address.
    await within(await section('Subscriptions')).findByRole('link', { name: 'Manage your haircare subscription' });
    await user.click(within(offer).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/subscription/home?status=created&category=haircare'));
    expect(calls.added).toEqual([
      {
        transaction_id: 'ups_supp_1',
        regular_products: [{ type: 'supplement_core', quantity: 1, frequency: 4 }],
        payment_source: 'pm_visa',
        next_start: '2026-12-01',
        shipping_address: 'adr_brooklyn',
      },
    ]);
  });

  it('with no current subscription, Confirm takes the default card and the primary address', async () => {
    const user = userEvent.setup();
    const { calls } = renderOverview({ subscriptions: [], upsells: { supplements: supplementsOffer } });
    const offer = within(await section('Add to your subscription')).getByRole('listitem', { name: 'Hair supplements' });
    await user.click(within(offer).getByRole('button', { name: 'Add to my subscription' }));
    await user.click(await within(offer).findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.added).toHaveLength(1));
    expect(calls.added[0]).toMatchObject({ payment_source: savedVisa.id, shipping_address: 'adr_brooklyn' });
  });

  it('without a saved card, Confirm says what is missing and adds nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderOverview({ subscriptions: [], methods: false, upsells: { supplements: supplementsOffer } });
    const offer = within(await section('Add to your subscription')).getByRole('listitem', { name: 'Hair supplements' });
    await user.click(within(offer).getByRole('button', { name: 'Add to my subscription' }));
    await user.click(await within(offer).findByRole('button', { name: 'Confirm' }));
    expect((await within(offer).findByRole('alert')).textContent).toContain('To subscribe, save a card and an address first');
    expect(calls.added).toEqual([]);
  });

  it('spec 001 §8: an upsell that fails otherwise says so in its own words, with Try again; the others show', async () => {
    renderOverview({ upsells: { haircare: 'fails', supplements: supplementsOffer } });
    const offers = await section('Add to your subscription');
    expect(await within(offers).findByText('Something went wrong.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(offers).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await within(offers).findByRole('listitem', { name: 'Hair supplements' })).toBeTruthy();
  }, 20_000);

  it('spec 001 §6 "Upsell fetches run only when a condition holds" (ours): not for a kind the shopper has a subscription of in any state', async () => {
    const subscriber: User = {
      ...sampleUser,
      profile: { ...sampleUser.profile, customer_segment: { haircare: 'subscriber', skincare: 'churnedSubscriber', supplements: 'prospect' } },
    };
    const { calls } = renderOverview({ user: subscriber });
    await section('Recent orders');
    await waitFor(() => expect(calls.upsell).toEqual(['supplements']));
    expect(UPSELL_KINDS.map((kind) => asksForUpsell(subscriber, kind))).toEqual([false, true, false]);
    expect(UPSELL_KINDS.map((kind) => asksForUpsell({ ...sampleUser, is_guest: true }, kind))).toEqual([false, false, false]);
  });

  it('spec 001 §5 "Upsell response counts only if it has transaction_id"; §8 not_found is no offer, other errors reject with their message or "An unexpected error occurred."', async () => {
    const [haircare] = UPSELL_KINDS;
    const answering = (offer: UpsellOffer) => ({ getUpsell: () => Promise.resolve(offer) });
    const refusing = (error: unknown) => ({ getUpsell: () => Promise.reject(error) });
    await expect(loadUpsell(answering(supplementsOffer), haircare)).resolves.toBe(supplementsOffer);
    await expect(loadUpsell(answering({ ...supplementsOffer, transaction_id: '' }), haircare)).resolves.toBeNull();
    await expect(loadUpsell(refusing(new ApiError({ status: 404, code: 'not_found', detail: 'None.' })), haircare)).resolves.toBeNull();
    await expect(loadUpsell(refusing(new ApiError({ status: 500, code: 'server_error', detail: 'Boom.' })), haircare)).rejects.toThrow('Boom.');
    await expect(loadUpsell(refusing(new ApiError({ status: 500, code: 'server_error', detail: '' })), haircare)).rejects.toThrow(UPSELL_FALLBACK_MESSAGE);
    await expect(loadUpsell(refusing('weird'), haircare)).rejects.toThrow('An unexpected error occurred.');
  });
});

describe('the account menu and sign-out (spec 001 §4 Account)', () => {
  it('the header’s account menu leads to the subscriptions, the profile and the addresses', async () => {
    render(
      <MemoryRouter>
        <AccountMenu name="Ada" onSignOut={() => undefined} />
      </MemoryRouter>,
    );
    // The menu's items (the header draws its button: tests/app/site-chrome.test.tsx opens it).
    expect(screen.getByRole('link', { name: 'Subscriptions' }).getAttribute('href')).toBe('/account/subscription/home');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/account/profile');
    expect(screen.getByRole('link', { name: 'Addresses' }).getAttribute('href')).toBe('/account/addresses');
  });

  it('"Logout resets user and subscription state": signing out drops the orders, subscriptions and offers from the page', async () => {
    const { signOut } = renderOverview({ upsells: { supplements: supplementsOffer } });
    await within(await section('Subscriptions')).findByRole('link', { name: 'Manage your haircare subscription' });
    await section('Add to your subscription');
    server.use(mocks.signOut(() => undefined as never));
    act(() => signOut());
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(/Hello, Ada|Order 100044|Haircare|Hair supplements/)).toBeNull();
  });

  it('another customer signing in on the same page never sees the first one’s orders or subscriptions', async () => {
    const { signOut, fetchSession } = renderOverview();
    await within(await section('Recent orders')).findByRole('link', { name: 'Order 100044' });
    server.use(mocks.signOut(() => undefined as never));
    act(() => signOut());
    await screen.findByRole('link', { name: 'Sign in' });
    // Bob signs in: from now on, nothing of Ada's may be drawn, not even for one render.
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      if (/Order 1000|Manage your haircare subscription|Hello, Ada/.test(document.body.textContent ?? '')) seen.push(document.body.textContent ?? '');
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    const bob: User = { ...sampleUser, pubkey: 'usr_bob', first_name: 'Bob', email: 'bob@example.com', username: 'bob@example.com' };
    server.use(
      mocks.getAccount(() => bob),
      mocks.listOrders(() => ({ results: [] })),
      mocks.listSubscriptions(() => []),
    );
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('bob')));
    act(() => fetchSession());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Bob' })).toBeTruthy();
    expect(await within(await section('Recent orders')).findByText(/No orders yet/)).toBeTruthy();
    expect(await within(await section('Subscriptions')).findByText(/No subscription yet/)).toBeTruthy();
    watch.disconnect();
    expect(seen).toEqual([]);
  });
});
