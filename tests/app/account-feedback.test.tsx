import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import type { FeedbackOverview, Order } from '#api';
import { renderAccountRoute } from './render-account';
import { createMocks, mockError } from '../../api/client/mocks';
import AccountMenu from '../../app/shell/account-menu';
import { asksForFeedback, awaitingCount, FeedbackInvitation, invitedFeedback } from '../../shop/orders/feedback-invitation';
import { feedbackAwaiting, feedbackDone, feedbackEmpty, feedbackStarted } from '../../stories/fixtures/feedback-overview';
import { rosaOrder } from '../../stories/fixtures/orders';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { errorReports } from '../setup-dom';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** Ada's orders as GET /v2/orders/ gives them: 100042 (awaiting feedback) and 100001 (done). */
const adaOrders: Order[] = [
  { ...rosaOrder, pubkey: 'ord_ada_42', serial_no: '100042', status: 'delivered', display_status: 'delivered' },
  { ...rosaOrder, pubkey: 'ord_ada_1', serial_no: '100001' },
];

/** How many times the client sends a GET whose answer is a 500 before it gives up. */
const CLIENT_ATTEMPTS = 4;

/**
 * The account's pages at `path` in a page load of their own (a new session), for Ada signed in (or signed out), the
 * server answering `overview` (or failing). Counts the feedback calls.
 */
function renderAccount(path: string, overview: FeedbackOverview | 'fails' | 'fails, then answers', options: { signedIn?: boolean } = {}) {
  const calls = { feedback: 0 };
  if (options.signedIn !== false) localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.getAccountFeedback(() => {
      calls.feedback += 1;
      // The client tries a GET that fails with a 500 four times in all (api/client/call-endpoint.ts retries).
      const failing = overview === 'fails' || (overview === 'fails, then answers' && calls.feedback <= CLIENT_ATTEMPTS);
      if (failing) return mockError(500, { code: 'server_error', detail: 'Something went wrong.' });
      return overview === 'fails, then answers' ? feedbackAwaiting : overview;
    }),
    mocks.listOrders(() => ({ results: adaOrders })),
    mocks.getOrder(
      ({ params }) => adaOrders.find((order) => order.pubkey === params.pubkey) ?? mockError(404, { code: 'not_found', detail: 'No such order.' }),
    ),
  );
  renderAccountRoute(path);
  return calls;
}

/** The card of an order within a category's section of /account/feedback. */
async function cardOf(category: string, serialNo: string) {
  const section = await screen.findByRole('region', { name: category });
  return within(section)
    .getByRole('heading', { level: 3, name: `Order ${serialNo}` })
    .closest('li')!;
}

describe('/account/feedback: Review & Refine (spec 002 §2.5, its content ours)', () => {
  it('spec 002 §2.5: per category, the orders awaiting feedback lead to their flow; those done are thanked, with nothing that reopens them', async () => {
    renderAccount('/account/feedback', feedbackAwaiting);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review & Refine' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Review & Refine | Formulary'));

    const awaiting = await cardOf('Haircare', '100042');
    const give = within(awaiting).getByRole('link', { name: 'Give feedback on your haircare, order 100042' });
    expect(give.getAttribute('href')).toBe('/feedback/haircare?order=ord_ada_42&origin=account');
    expect(give.className).toContain('button--primary');
    expect(within(awaiting).getByText('Awaiting feedback')).toBeTruthy();
    expect(within(awaiting).getByText('Ordered November 10, 2026 · Delivered November 16, 2026')).toBeTruthy();
    expect(within(awaiting).getByText("Ada's Custom Shampoo, Arcadia · Ada's Custom Conditioner, Arcadia · Ada's Custom Hair Mask, Arcadia")).toBeTruthy();
    expect(awaiting.querySelectorAll('img')).toHaveLength(3);

    const done = await cardOf('Haircare', '100001');
    expect(within(done).getByText(/Thank you/)).toBeTruthy();
    expect(within(done).getByText('Ordered July 15, 2026 · Feedback given August 2, 2026')).toBeTruthy();
    expect(within(done).queryAllByRole('link')).toHaveLength(0);
    expect(within(done).queryAllByRole('button')).toHaveLength(0);

    // The same order's supplements await too, in their own section; skincare, which no order holds, is not shown.
    const supplements = await cardOf('Hair supplements', '100042');
    expect(within(supplements).getByRole('link', { name: 'Give feedback on your supplements, order 100042' }).getAttribute('href')).toBe(
      '/feedback/supplements?order=ord_ada_42&origin=account',
    );
    expect(screen.queryByRole('region', { name: 'Skincare' })).toBeNull();
    expect(screen.getByText('One order is waiting for your feedback.')).toBeTruthy();
  });

  it('every feedback link names its order and origin=account (spec 002 §4.3 origin); one is the page’s primary action', async () => {
    renderAccount('/account/feedback', feedbackStarted);
    await screen.findByRole('region', { name: 'Skincare' });
    const links = screen.getAllByRole('link', { name: /^(Give feedback|Continue) on your/ });
    expect(links).toHaveLength(2);
    for (const link of links) {
      const url = new URL(link.getAttribute('href')!, 'https://shop.test');
      expect(url.pathname).toMatch(/^\/feedback\/(haircare|skincare|supplements)$/);
      expect(url.searchParams.get('order')).toMatch(/^ord_ada_5[01]$/);
      expect(url.searchParams.get('origin')).toBe('account');
    }
    // The primary one is the feedback begun (the one the invitation asks for), not the newer order not yet delivered.
    expect(links.filter((link) => link.className.includes('button--primary')).map((link) => link.getAttribute('href'))).toEqual([
      '/feedback/skincare?order=ord_ada_50&origin=account',
    ]);
  });

  it('a feedback begun reads "Continue"; an order not delivered yet says so', async () => {
    renderAccount('/account/feedback', feedbackStarted);
    const started = await cardOf('Skincare', '100050');
    expect(within(started).getByRole('link', { name: 'Continue on your skincare, order 100050' }).getAttribute('href')).toBe(
      '/feedback/skincare?order=ord_ada_50&origin=account',
    );
    expect(within(started).getByText('Started')).toBeTruthy();
    expect(within(started).getByText(/Shipped, not delivered yet/)).toBeTruthy();
    const paid = await cardOf('Haircare', '100051');
    expect(within(paid).getByText(/Processing, not delivered yet/)).toBeTruthy();
    expect(within(paid).getByRole('link', { name: 'Give feedback on your haircare, order 100051' })).toBeTruthy();
  });

  it('with every feedback given, it thanks and offers nothing to reopen', async () => {
    renderAccount('/account/feedback', feedbackDone);
    expect(await screen.findByText(/You’re all caught up/)).toBeTruthy();
    expect(screen.getAllByText(/Thank you/)).toHaveLength(2);
    expect(screen.queryAllByRole('link', { name: /feedback|Continue/i })).toHaveLength(0);
  });

  it('with no order yet: what feedback does, and the way to the shop', async () => {
    renderAccount('/account/feedback', feedbackEmpty);
    expect(await screen.findByRole('heading', { name: 'Nothing to review yet' })).toBeTruthy();
    expect(screen.getByText(/Every answer tunes your next formulas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the consultation' }).getAttribute('href')).toBe('/consultation');
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/collections/haircare');
  });

  it('a failed load says so in an alert, offers to try again and the way to the orders; trying again shows the feedback', async () => {
    const calls = renderAccount('/account/feedback?error=1', 'fails, then answers');
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t load your orders’ feedback');
    expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe('/account/orders');
    // The page explains itself even then: a shopper sent here by a flow's error knows where they are.
    expect(screen.getByText(/We tune your next ones to what you say/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf('Haircare', '100042')).toBeTruthy();
    expect(calls.feedback).toBe(CLIENT_ATTEMPTS + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out: the way to sign in, back here; nothing of anyone’s feedback is asked for', async () => {
    const calls = renderAccount('/account/feedback', feedbackAwaiting, { signedIn: false });
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/signin?next=%2Faccount%2Ffeedback');
    expect(calls.feedback).toBe(0);
  });

  it('/account/feedback/{anything} is not a page', async () => {
    renderAccount('/account/feedback/ord_ada_42', feedbackAwaiting);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeTruthy();
  });
});

describe('the feedback invitation: /account, /account/orders and an order’s page', () => {
  it('is asked once the order arrived, its invitation mail went out, or its feedback began; never for a feedback done', () => {
    const [arrived] = feedbackAwaiting.haircare.awaiting;
    const [done] = feedbackAwaiting.haircare.completed;
    const [begun] = feedbackStarted.skincare.awaiting;
    const [notYet] = feedbackStarted.haircare.awaiting;
    expect(asksForFeedback(arrived!)).toBe(true);
    expect(asksForFeedback({ ...arrived!, delivered_at: null })).toBe(true); // invited by mail
    expect(asksForFeedback({ ...arrived!, delivered_at: null, invited_at: null })).toBe(false);
    expect(asksForFeedback(begun!)).toBe(true);
    expect(asksForFeedback(notYet!)).toBe(false);
    expect(asksForFeedback(done!)).toBe(false);
    expect(invitedFeedback(feedbackDone)).toBeNull();
    expect(invitedFeedback(feedbackEmpty)).toBeNull();
    expect(invitedFeedback(feedbackStarted)?.map((item) => [item.category, item.entry.order])).toEqual([['skincare', 'ord_ada_50']]);
    expect(invitedFeedback(feedbackAwaiting)?.map((item) => item.category)).toEqual(['haircare', 'supplements']);
    expect(invitedFeedback(feedbackAwaiting, 'ord_ada_1')).toBeNull();
    // One order awaiting two categories is one order.
    expect(awaitingCount(feedbackAwaiting)).toBe(1);
    expect(awaitingCount(feedbackStarted)).toBe(2);
  });

  it('/account greets the shopper, leads to the account’s parts, and invites feedback on order 100042, one link per category', async () => {
    renderAccount('/account', feedbackAwaiting);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/account/orders');
    expect(screen.getByRole('link', { name: 'Review & Refine' }).getAttribute('href')).toBe('/account/feedback');
    expect(screen.getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/account/payments');
    const invitation = await screen.findByRole('region', { name: 'How is your formula working?' });
    expect(invitation.textContent).toContain('Tell us about order #100042 — your next formula will learn from it.');
    expect(within(invitation).getByRole('link', { name: 'Give haircare feedback' }).getAttribute('href')).toBe(
      '/feedback/haircare?order=ord_ada_42&origin=account',
    );
    expect(within(invitation).getByRole('link', { name: 'Give supplements feedback' }).getAttribute('href')).toBe(
      '/feedback/supplements?order=ord_ada_42&origin=account',
    );
    expect(screen.getByText('1 order awaits your feedback')).toBeTruthy();
  });

  it('/account: a feedback begun is continued', async () => {
    renderAccount('/account', feedbackStarted);
    const invitation = await screen.findByRole('region', { name: 'How is your formula working?' });
    expect(invitation.textContent).toContain('order #100050');
    expect(within(invitation).getByRole('link', { name: 'Continue your feedback on your skincare' }).getAttribute('href')).toBe(
      '/feedback/skincare?order=ord_ada_50&origin=account',
    );
  });

  it('shows nothing when no feedback is asked for: all given, none yet, an order not arrived, or an order whose feedback is done', () => {
    const [notYet] = feedbackStarted.haircare.awaiting;
    const onlyNotYet: FeedbackOverview = { ...feedbackEmpty, haircare: { awaiting: [notYet!], completed: [] } };
    for (const [overview, order] of [[feedbackDone], [feedbackEmpty], [onlyNotYet], [feedbackAwaiting, 'ord_ada_1']] as const) {
      const { container, unmount } = render(
        <MemoryRouter>
          <FeedbackInvitation overview={overview} order={order} />
        </MemoryRouter>,
      );
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });

  it('/account signed out: the way to sign in', async () => {
    renderAccount('/account', feedbackAwaiting, { signedIn: false });
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/signin?next=%2Faccount');
  });

  it('/account/orders: the invitation above the list when an order awaits feedback', async () => {
    renderAccount('/account/orders', feedbackAwaiting);
    await screen.findByRole('link', { name: 'Order 100042' });
    const invitation = await screen.findByRole('region', { name: 'How is your formula working?' });
    // Above the list: before it in the page.
    expect(invitation.compareDocumentPosition(screen.getByRole('list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('/account/orders: the orders without an invitation when the feedback cannot be loaded', async () => {
    renderAccount('/account/orders', 'fails');
    await screen.findByRole('link', { name: 'Order 100042' });
    // The failure is reported, since the page says nothing of it.
    await waitFor(() => expect(errorReports.map((report) => report.where)).toContain('account feedback: load'));
    expect(screen.queryByRole('region', { name: 'How is your formula working?' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an order’s page invites feedback on that order only while it awaits', async () => {
    renderAccount('/account/orders/ord_ada_42', feedbackAwaiting);
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    const invitation = await screen.findByRole('region', { name: 'How is your formula working?' });
    expect(within(invitation).getByRole('link', { name: 'Give haircare feedback' }).getAttribute('href')).toBe(
      '/feedback/haircare?order=ord_ada_42&origin=account',
    );
  });
});

describe('the account menu', () => {
  it('leads to the account’s home and to its feedback', async () => {
    render(
      <MemoryRouter>
        <AccountMenu name="Ada" onSignOut={() => undefined} />
      </MemoryRouter>,
    );
    // The menu's items (the header draws its button: tests/app/site-chrome.test.tsx opens it).
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/account/feedback');
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/account/orders');
  });
});
