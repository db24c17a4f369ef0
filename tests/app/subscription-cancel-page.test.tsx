import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { RetentionOffer, Subscription } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import CancelRoute from '../../app/subscription-cancel/cancel-route';
import { AppRoutes } from '../../app/router';
import { SessionProvider, useSession } from '../../app/session';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { cancellingSubscription, couponOffer, frequencyOffer, logReasons, skipResultOf, snoozeOffer } from '../../stories/fixtures/subscription-cancel';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

/** Where the page is, and the browser's back button. */
function Here() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  return (
    <>
      <button type="button" onClick={() => session.signOut()}>
        Sign out
      </button>
      <output data-testid="here">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

interface Server {
  subscriptions?: Subscription[];
  offers?: RetentionOffer[];
  /** The subscription as fetched again after an offer or a cancel. */
  after?: (offer: string | null) => Subscription;
  /** Whether the ticket read again holds the cancellation-flow coupon. */
  coupon?: boolean;
  failCancel?: boolean;
}

/** /account/subscription/... for a signed-in subscriber; what the cancellation sends is recorded. */
function renderCancel(path: string, options: Server = {}) {
  localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  const sent = { retention: [] as string[], accepted: [] as string[], cancel: [] as unknown[] };
  let accepted: string | null = null;
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
    // The site's header (the router's test) reads the cart counts: no cart.
    mocks.getCart(() => mockError(404, { code: 'not_found', detail: 'No cart.' }) as never),
    mocks.listSubscriptions(() => options.subscriptions ?? [cancellingSubscription]),
    mocks.getSubscriptionLogReasons(() => logReasons),
    mocks.getSubscriptionRetention(({ query }) => {
      sent.retention.push(query.get('reason') ?? '');
      return { offers: options.offers ?? [couponOffer, snoozeOffer] };
    }),
    mocks.acceptSubscriptionRetention(({ body }) => {
      sent.accepted.push(body.offer);
      accepted = body.offer;
      return skipResultOf(cancellingSubscription, options.coupon ?? true);
    }),
    mocks.previewSubscription(() => skipResultOf(cancellingSubscription, options.coupon ?? true)),
    mocks.getSubscription(() => options.after?.(accepted) ?? cancellingSubscription),
    mocks.cancelSubscription(({ body }) => {
      sent.cancel.push(body);
      if (options.failCancel) return mockError(500, { code: 'server_error', detail: 'Oops' }) as never;
      return { ...cancellingSubscription, status: 'canceled' };
    }),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <Routes>
          <Route path="/account/subscription/:category/cancel/*" element={<CancelRoute />} />
          <Route path="/account/subscription/home" element={<h1>Your subscriptions</h1>} />
          <Route path="/account/subscription/:category" element={<h1>Your subscription</h1>} />
        </Routes>
        <Here />
      </SessionProvider>
    </MemoryRouter>,
  );
  return sent;
}

const here = () => screen.getByTestId('here').textContent;
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

async function giveReason(label: string | RegExp) {
  await heading('Why do you want to cancel?');
  await userEvent.click(screen.getByRole('radio', { name: label }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the cancel and retention path (spec 001 §4 Subscriptions, §7 cancel, retention; §2 banners)', () => {
  it('offers only the cancel reasons of GET /v1/subscription_log_reasons, and fetches the offers for the one chosen', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel');
    await heading('Why do you want to cancel?');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'too_expensive',
      'too_much_product',
      'not_working',
      'moving',
      'other',
    ]);
    await giveReason('It costs too much');
    await heading('Before you go');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel/offer'));
    expect(sent.retention).toEqual(['too_expensive']);
    expect(screen.getByRole('heading', { level: 2, name: '20% off your next box' })).toBeTruthy();
  });

  it('spec 001 §4: a coupon accepted succeeds when the refetched ticket has the cancellation-flow coupon → home?status=offer-applied', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel');
    await giveReason('It costs too much');
    await heading('Before you go');
    await userEvent.click(screen.getByRole('button', { name: 'Accept offer: 20% off your next box' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=offer-applied&category=haircare'));
    expect(sent.accepted).toEqual(['coupon_20']);
    expect(sent.cancel).toEqual([]);
  });

  it('spec 001 §4: a coupon the refetched ticket does not show is a failure → the error banner', async () => {
    renderCancel('/account/subscription/haircare/cancel', { coupon: false });
    await giveReason('It costs too much');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept offer: 20% off your next box' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=error&category=haircare'));
  });

  it('spec 001 §4: a snooze succeeds when next_start differs from the old start date → home?status=snoozed', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel', {
      after: (offer) => (offer === 'snooze_30' ? { ...cancellingSubscription, next_start: '2027-01-11' } : cancellingSubscription),
    });
    await giveReason('I’m moving');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept offer: Take a 30-day break' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=snoozed&category=haircare'));
    expect(sent.accepted).toEqual(['snooze_30']);
  });

  it('a frequency offer that took → home?status=updated (our choice: "Your changes have been saved")', async () => {
    renderCancel('/account/subscription/haircare/cancel', {
      offers: [frequencyOffer],
      after: () => ({ ...cancellingSubscription, regular_products: cancellingSubscription.regular_products.map((p) => ({ ...p, frequency: 8 })) }),
    });
    await giveReason('I have too much product');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept offer: A box every 8 weeks' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=updated&category=haircare'));
  });

  it('spec 001 §4: “No thanks, cancel”, then Cancel subscription: canceled when the refetched subscription is → home?status=canceled', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel', { after: () => ({ ...cancellingSubscription, status: 'canceled' }) });
    await giveReason('It costs too much');
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks, cancel' }));
    await heading('Cancel your haircare subscription?');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel/confirm'));
    expect(screen.getByText('Your next delivery, planned for December 12, 2026, will not be sent, and nothing more will be charged.')).toBeTruthy();
    expect(screen.getByText(/You lose your 15% subscriber saving/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=canceled&category=haircare'));
    expect(sent.cancel).toEqual([{ reason: 'too_expensive' }]);
    expect(sessionStorage.getItem(`subscription-cancel:${cancellingSubscription.pubkey}`)).toBeNull();
  });

  it('a reason that needs a comment is not sent without one; the comment goes with the cancel', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel', { offers: [], after: () => ({ ...cancellingSubscription, status: 'canceled' }) });
    await giveReason('Another reason');
    expect((await screen.findByRole('alert')).textContent).toBe('Please tell us a little more about this reason.');
    expect(sent.retention).toEqual([]);
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tell us more' }), 'Moving abroad');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // No offer for this reason: straight to the confirmation.
    await heading('Cancel your haircare subscription?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await heading('Your subscriptions');
    expect(sent.cancel).toEqual([{ reason: 'other', comment: 'Moving abroad' }]);
  });

  it('an optional comment is offered and may stay empty', async () => {
    renderCancel('/account/subscription/haircare/cancel', { offers: [] });
    await heading('Why do you want to cancel?');
    await userEvent.click(screen.getByRole('radio', { name: 'The formulas aren’t working for me' }));
    expect(await screen.findByRole('textbox', { name: /^Tell us more ?\(optional\)$/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Cancel your haircare subscription?');
  });

  it('a cancel that fails → home?status=error (“Your changes could not be saved”)', async () => {
    renderCancel('/account/subscription/haircare/cancel', { offers: [], failCancel: true });
    await giveReason('I’m moving');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await heading('Your subscriptions');
    await waitFor(() => expect(here()).toBe('/account/subscription/home?status=error&category=haircare'));
  });

  it('the back button lands on the previous step with its answer; a reload lands on the same step, its offers fetched again', async () => {
    const sent = renderCancel('/account/subscription/haircare/cancel');
    await giveReason('I’m moving');
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks, cancel' }));
    await heading('Cancel your haircare subscription?');
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await heading('Before you go');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel/offer'));
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await heading('Why do you want to cancel?');
    expect((screen.getByRole('radio', { name: 'I’m moving' }) as HTMLInputElement).checked).toBe(true);
    // A reload on the offer step: a new page, the answers kept on the device.
    cleanup();
    renderCancel('/account/subscription/haircare/cancel/offer');
    await heading('Before you go');
    expect(await screen.findByRole('heading', { level: 2, name: 'Take a 30-day break' })).toBeTruthy();
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel/offer'));
    expect(sent.retention).toEqual(['moving']);
  });

  it('a reload on the confirmation opens it again', async () => {
    renderCancel('/account/subscription/haircare/cancel', { offers: [] });
    await giveReason('I’m moving');
    await heading('Cancel your haircare subscription?');
    cleanup();
    renderCancel('/account/subscription/haircare/cancel/confirm', { offers: [] });
    await heading('Cancel your haircare subscription?');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel/confirm'));
  });

  it('spec 001 §5: no current subscription in the category → “No subscription pubkey found”', async () => {
    renderCancel('/account/subscription/skincare/cancel');
    await heading('Cancel your subscription');
    expect(screen.getByText(/No subscription pubkey found/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('spec 001 §4: log reasons that fail to load leave the page in error with Try again, which loads them', async () => {
    renderCancel('/account/subscription/haircare/cancel');
    let calls = 0;
    server.use(
      mocks.getSubscriptionLogReasons(() => {
        calls += 1;
        // A refusal the client does not retry (a 5xx is retried first).
        return calls === 1 ? (mockError(404, { code: 'not_found', detail: 'Not found.' }) as never) : logReasons;
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t load your subscription.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Why do you want to cancel?');
    expect(calls).toBe(2);
  });

  it('supplements name the haircare subscription of sub-category supplements', async () => {
    renderCancel('/account/subscription/supplements/cancel', { subscriptions: [{ ...cancellingSubscription, sub_category: 'supplements' }] });
    await heading('Why do you want to cancel?');
  });

  it('“Keep my subscription” goes back to the subscription’s page', async () => {
    renderCancel('/account/subscription/haircare/cancel/confirm');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare/cancel'));
    await giveReason('I’m moving');
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks, cancel' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Keep my subscription' }));
    await heading('Your subscription');
    await waitFor(() => expect(here()).toBe('/account/subscription/haircare'));
  });
  it('the app’s router opens the cancel page at /account/subscription/{category}/cancel (not the account’s pages)', async () => {
    renderCancel('/account/subscription/haircare/cancel');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/account/subscription/haircare/cancel']}>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Why do you want to cancel?' }, { timeout: 10_000 })).toBeTruthy();
  });
  // Last: the session is the app's own, and stays signed out.
  it('spec 001 §4 Account: signing out forgets the cancellation kept on the device', async () => {
    server.use(mocks.signOut(() => new Response(null, { status: 204 })));
    renderCancel('/account/subscription/haircare/cancel', { offers: [] });
    await giveReason('I’m moving');
    await heading('Cancel your haircare subscription?');
    const kept = `subscription-cancel:${cancellingSubscription.pubkey}`;
    expect(sessionStorage.getItem(kept)).toContain('moving');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStorage.getItem(kept)).toBeNull());
  });
});
