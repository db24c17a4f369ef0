import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Subscription } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import AccountRoute from '../../app/account/account-route';
import { forgetFlags } from '../../app/flags';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createSession, SessionProvider, useSession } from '../../app/session';
import { bannerFor } from '../../shop/subscriptions/subscription-words';
import { bindGiftList, shopGiftList } from '../../shop/promotions/gift-list';
import {
  adaAddresses,
  adaCards,
  adaSubscriptions,
  haircareForecast,
  haircareSubscription,
  onHoldForecast,
  skincareCanceled,
  supplementsOnHold,
} from '../../stories/fixtures/subscriptions';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** Where the app is: the path and query, for the redirects of spec 001 §2. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function SignOut() {
  const session = useSession();
  return (
    <button type="button" onClick={session.signOut}>
      Sign out
    </button>
  );
}

const where = () => screen.getByTestId('where').textContent;

/** Ada signed in on the account's pages at `path`, the server answering her subscriptions; returns what was sent. */
function renderAccount(path: string, subscriptions: Subscription[] = adaSubscriptions) {
  const sent: { name: string; body?: unknown; pubkey?: string }[] = [];
  localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => adaAddresses),
    mocks.listPaymentMethods(() => adaCards),
    mocks.listSubscriptions(() => subscriptions),
    mocks.forecastSubscription(({ params }) => (params.pubkey === 'sub_hair' ? haircareForecast : onHoldForecast)),
    mocks.previewSubscription(({ body, params }) => {
      sent.push({ name: 'preview', body, pubkey: params.pubkey });
      return { ticket: null, gwps: [], forecast: haircareForecast, subscribed_products: [] };
    }),
    mocks.signOut(() => new Response(null, { status: 204 })),
    // The order page ship now leads to.
    mocks.getOrder(() => mockError(404, { code: 'not_found', detail: 'No such order.' })),
    mocks.getAccountFeedback(() => mockError(404, { code: 'not_found', detail: 'None.' })),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <SignOut />
        <Routes>
          <Route path="/account/:section?/:pubkey?" element={<AccountRoute />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </SessionProvider>
    </MemoryRouter>,
  );
  return sent;
}

const card = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('li')!;

describe('the subscription home (spec 001 §2 "Account and subscriptions", §4)', () => {
  it('spec 001 §2: each status picks its banner, in the spec’s words', () => {
    expect(bannerFor('canceled', 'haircare')).toEqual({ tone: 'success', text: 'Your haircare subscription has been cancelled' });
    expect(bannerFor('created', 'skincare')).toEqual({ tone: 'success', text: 'Your skincare subscription is active!' });
    expect(bannerFor('snoozed', 'supplements')).toEqual({ tone: 'success', text: 'Your supplements subscription has been snoozed' });
    expect(bannerFor('updated', 'haircare')).toEqual({ tone: 'success', text: 'Your changes have been saved' });
    expect(bannerFor('resubscribed', 'haircare')).toEqual({
      tone: 'success',
      text: 'Welcome back! Your subscription is now active. Edit to make any changes.',
    });
    expect(bannerFor('offer-applied', 'haircare')).toEqual({ tone: 'success', text: 'Your offer has been applied.' });
    // "offer-applied (needs a category)".
    expect(bannerFor('offer-applied', null)).toBeNull();
    expect(bannerFor('error', null)).toEqual({ tone: 'error', text: 'Your changes could not be saved' });
    expect(bannerFor('nonsense', 'haircare')).toBeNull();
    expect(bannerFor(null, null)).toBeNull();
  });

  it.each([
    ['canceled', 'Your haircare subscription has been cancelled', 'status'],
    ['snoozed', 'Your haircare subscription has been snoozed', 'status'],
    ['error', 'Your changes could not be saved', 'alert'],
  ])('spec 001 §2: status=%s shows its banner as a notice, focused so it is read first', async (status, text, role) => {
    renderAccount(`/account/subscription/home?status=${status}&category=haircare`);
    const banner = await screen.findByText(text);
    expect(banner.getAttribute('role')).toBe(role);
    await waitFor(() => expect(document.activeElement).toBe(banner));
  });

  it('spec 001 §4: every subscription, current first, with its products’ schedules, status and reason, next charge and Edit', async () => {
    renderAccount('/account/subscription/home', [skincareCanceled, ...adaSubscriptions.filter((s) => s !== skincareCanceled)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your subscriptions' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Your subscriptions | Formulary'));
    // The heading is drawn while the list loads; the cards come with the list.
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Haircare', 'Hair supplements', 'Skincare']);

    const haircare = await card('Haircare');
    expect(within(haircare).getByText('Active')).toBeTruthy();
    expect(within(haircare).getByText('Quantity 1 · every 4 weeks · Next delivery December 10, 2026')).toBeTruthy();
    expect(within(haircare).getByText('Quantity 2 · every 8 weeks · Next delivery December 10, 2026')).toBeTruthy();
    expect(await within(haircare).findByText(/Next charge December 10, 2026/)).toBeTruthy();
    expect(within(haircare).getByText('$88.33')).toBeTruthy();
    expect(within(haircare).getByRole('link', { name: 'Edit your haircare subscription' }).getAttribute('href')).toBe('/account/subscription/haircare');

    // On hold for its payment: why, and the way to update the card; no charge planned (NOT_AVAILABLE with its reason).
    const supplements = await card('Hair supplements');
    expect(within(supplements).getByText('On hold')).toBeTruthy();
    expect(within(supplements).getByText('Quantity 1 · every 25 days · Next delivery November 20, 2026')).toBeTruthy();
    expect(within(supplements).getByRole('link', { name: 'Update your card' }).getAttribute('href')).toBe('/account/payments');
    expect(await within(supplements).findByText('No charge is planned while this subscription is on hold.')).toBeTruthy();
    expect(within(supplements).getByRole('link', { name: 'Edit your supplements subscription' }).getAttribute('href')).toBe(
      '/account/subscription/supplements',
    );

    const skincare = await card('Skincare');
    expect(within(skincare).getByText('Canceled November 1, 2026')).toBeTruthy();
    expect(within(skincare).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(skincare).getByRole('button', { name: 'Resubscribe to skincare' })).toBeTruthy();
  });

  it('spec 001 §4: a sold-out fragrance asks for another; a canceled subscription is not offered again while its category has a current one', async () => {
    const held: Subscription = { ...haircareSubscription, status: 'onhold', status_reason: 'invalid_fragrance' };
    const old: Subscription = { ...haircareSubscription, pubkey: 'sub_hair_old', status: 'canceled', canceled_at: '2026-06-01T00:00:00.000Z' };
    renderAccount('/account/subscription/home', [held, old]);
    const cards = await screen.findAllByRole('heading', { level: 2, name: 'Haircare' });
    const current = cards[0]!.closest('li')!;
    expect(within(current).getByRole('link', { name: 'Choose another fragrance' }).getAttribute('href')).toBe(
      '/consultation/haircare/my-preferences/fragrance',
    );
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Resubscribe/ })).toBeNull();
  });

  it('spec 001 §4: Resubscribe restarts a canceled subscription and the home says "Welcome back!"', async () => {
    let resubscribed = 0;
    server.use(
      mocks.resubscribeSubscription(({ params }) => {
        resubscribed += 1;
        return { ...skincareCanceled, pubkey: params.pubkey, status: 'active', canceled_at: null, version: 8 };
      }),
    );
    renderAccount('/account/subscription/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Resubscribe to skincare' }));
    expect(await screen.findByText('Welcome back! Your subscription is now active. Edit to make any changes.')).toBeTruthy();
    expect(where()).toBe('/account/subscription/home?status=resubscribed&category=skincare');
    expect(resubscribed).toBe(1);
    expect(within(await card('Skincare')).getByText('Active')).toBeTruthy();
  });

  it('spec 001 §4 Account: signing out clears the subscriptions from the page', async () => {
    renderAccount('/account/subscription/home');
    await card('Haircare');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Haircare' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('editing a subscription (spec 001 §2, §4, §5, §8, §9)', () => {
  it('spec 001 §9, §7: quantities 1-4 and the offered frequencies ("(recommended)" on 4 weeks), a preview before saving, then home?status=updated', async () => {
    let patched: unknown;
    server.use(
      mocks.patchSubscription(({ body }) => {
        patched = body;
        return {
          ...haircareSubscription,
          version: 4,
          regular_products: haircareSubscription.regular_products.map((p) => (p.type === 'shampoo' ? { ...p, quantity: 3 } : p)),
        };
      }),
    );
    const sent = renderAccount('/account/subscription/haircare');
    const shampoo = (await screen.findByRole('group', { name: 'Custom Shampoo' })) as HTMLFieldSetElement;
    const quantity = within(shampoo).getByRole('combobox', { name: 'Quantity' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4']);
    const frequency = within(shampoo).getByRole('combobox', { name: 'Deliver' });
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every 4 weeks (recommended)', 'Every 8 weeks', 'Every 12 weeks']);

    await userEvent.selectOptions(quantity, '3');
    await waitFor(() => expect(sent).toContainEqual({ name: 'preview', pubkey: 'sub_hair', body: { regular_products: [{ type: 'shampoo', quantity: 3 }] } }));
    expect(await screen.findByRole('heading', { name: 'Your next charges with these changes' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved')).toBeTruthy();
    expect(where()).toBe('/account/subscription/home?status=updated&category=haircare');
    expect(patched).toEqual({ regular_products: [{ type: 'shampoo', quantity: 3 }], version: 3 });
  });

  it('spec 001 §9: supplements offer only every 25 days, without "(recommended)"', async () => {
    renderAccount('/account/subscription/supplements');
    const product = await screen.findByRole('group', { name: 'Root Source Hair Supplements' });
    const frequency = within(product).getByRole('combobox', { name: 'Deliver' });
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every 25 days']);
  });

  it('spec 001 §4: a subscription on hold for its payment says a card chosen here resumes it, and sends that card', async () => {
    let patched: unknown;
    server.use(
      mocks.patchSubscription(({ body }) => {
        patched = body;
        return { ...supplementsOnHold, status: 'active', status_reason: null, payment_source: 'pm_amex', version: 6 };
      }),
    );
    renderAccount('/account/subscription/supplements');
    const card = await screen.findByRole('combobox', { name: 'Pay with' });
    expect(card.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Choose a card and save: your subscription resumes with it.')).toBeTruthy();
    await userEvent.selectOptions(card, 'pm_amex');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved')).toBeTruthy();
    expect(patched).toEqual({ payment_source: 'pm_amex', version: 5 });
    expect(where()).toBe('/account/subscription/home?status=updated&category=supplements');
  });

  it('spec 001 §2, §8: a failed update lands on /account/subscription/{category}?status=error with "Your changes could not be saved"', async () => {
    server.use(mocks.patchSubscription(() => mockError(409, { code: 'subscription_changed', detail: 'Changed in another tab.' })));
    renderAccount('/account/subscription/haircare');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Pay with' }), 'pm_amex');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const banner = await screen.findByText('Your changes could not be saved');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(where()).toBe('/account/subscription/haircare?status=error');
    await waitFor(() => expect(document.activeElement).toBe(banner));
  });

  it('spec 001 §4 Skip and unskip: a product leaves the next delivery at once and can be put back', async () => {
    const calls: string[] = [];
    const { skipResultFor } = await import('../../stories/fixtures/subscriptions');
    server.use(
      mocks.skipSubscriptionProduct(({ body }) => (calls.push(`skip ${body.product}`), skipResultFor(haircareSubscription, body.product, true))),
      mocks.unskipSubscriptionProduct(({ body }) => (calls.push(`unskip ${body.product}`), skipResultFor(haircareSubscription, body.product, false))),
    );
    renderAccount('/account/subscription/haircare');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip next delivery: Custom Shampoo' }));
    const shampoo = screen.getByRole('group', { name: 'Custom Shampoo' });
    expect(within(shampoo).getByText('Quantity 1 · every 4 weeks · Skipped, next delivery January 7, 2027')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Put back in next delivery: Custom Shampoo' }));
    await waitFor(() => expect(calls).toEqual(['skip shampoo', 'unskip shampoo']));
    expect(await within(shampoo).findByText('Quantity 1 · every 4 weeks · Next delivery December 10, 2026')).toBeTruthy();
  });

  it('spec 001 §9 Feature flags: subscription-snooze-button off hides the snooze form; on (the default) shows it', async () => {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: 'shop-flags' });
    block.textContent = JSON.stringify({ 'subscription-snooze-button': false });
    document.head.append(block);
    forgetFlags();
    try {
      renderAccount('/account/subscription/haircare');
      expect(await screen.findByRole('button', { name: 'Skip next delivery: Custom Shampoo' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
    } finally {
      block.remove();
    }
    cleanup();
    block.textContent = JSON.stringify({ 'subscription-snooze-button': true });
    document.head.append(block);
    forgetFlags();
    try {
      renderAccount('/account/subscription/haircare');
      expect(await screen.findByRole('button', { name: 'Snooze' })).toBeTruthy();
    } finally {
      block.remove();
    }
  });

  it('spec 001 §5 Snooze: "Cannot snooze beyond 90 days" from the server; a date past it is refused before sending; then home?status=snoozed', async () => {
    const snoozes: number[] = [];
    server.use(
      mocks.snoozeSubscription(({ body }) => {
        snoozes.push(body.days);
        if (snoozes.length === 1)
          return mockError(400, { code: 'validation_error', detail: 'Invalid input.', fields: { days: ['Cannot snooze beyond 90 days'] } });
        return { next_start: '2026-12-24', weeks: body.days / 7, subscription: { ...haircareSubscription, next_start: '2026-12-24', version: 4 } };
      }),
    );
    renderAccount('/account/subscription/haircare');
    await userEvent.click(await screen.findByRole('radio', { name: /8 weeks/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Cannot snooze beyond 90 days')).toBeTruthy();
    expect(snoozes).toEqual([56]);

    // A date more than 90 days from today: refused on the device.
    await userEvent.click(screen.getByRole('radio', { name: 'Until a date' }));
    const date = screen.getByLabelText('New next delivery');
    await userEvent.type(date, '2099-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Cannot snooze beyond 90 days')).toBeTruthy();
    expect(snoozes).toEqual([56]);

    await userEvent.click(screen.getByRole('radio', { name: /2 weeks/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Your haircare subscription has been snoozed')).toBeTruthy();
    expect(where()).toBe('/account/subscription/home?status=snoozed&category=haircare');
    expect(snoozes).toEqual([56, 14]);
  });

  it('spec 001 §4, §8: ship now asks first, then leads to the order; a declined card is a payment error with the way to update it; a successful one invalidates promotions', async () => {
    // The gifts with purchase, as the cart page loaded them earlier (shop/promotions/gift-list.ts).
    let giftFetches = 0;
    bindGiftList(async () => (giftFetches++, []));
    shopGiftList.load();
    await waitFor(() => expect(shopGiftList.getSnapshot().status).toBe('loaded'));
    let attempts = 0;
    server.use(
      mocks.shipSubscriptionNow(({ body }) => {
        attempts += 1;
        expect(body).toEqual({ version: 3 });
        return attempts === 1 ? mockError(402, { code: 'card_declined', detail: 'Your card was declined.' }) : { pubkey: 'ord_42' };
      }),
    );
    renderAccount('/account/subscription/haircare');
    await userEvent.click(await screen.findByRole('button', { name: 'Ship now' }));
    expect(await screen.findByText(/It is charged today to Visa •••• 4242/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, ship it now' }));
    const refusal = await screen.findByText(/Your payment did not go through/);
    expect(within(refusal.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Update your card' })).toBeTruthy();
    expect(giftFetches).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, ship it now' }));
    await waitFor(() => expect(where()).toBe('/account/orders/ord_42'));
    expect(attempts).toBe(2);
    await waitFor(() => expect(giftFetches).toBe(2));
  });

  it('a category with no subscription says so, with the way back to the list', async () => {
    renderAccount('/account/subscription/skincare', [haircareSubscription]);
    expect(await screen.findByText('You have no skincare subscription.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all your subscriptions' }).getAttribute('href')).toBe('/account/subscription/home');
  });
});
