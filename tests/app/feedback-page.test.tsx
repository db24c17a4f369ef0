import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Order } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import FeedbackRoute from '../../app/feedback/feedback-route';
import FeedbackConfirmation from '../../app/feedback/feedback-confirmation';
import { loadFeedback } from '../../app/feedback/feedback-data';
import type { ApiClient } from '#api';
import { SessionProvider } from '../../app/session';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { rosaOrder } from '../../stories/fixtures/orders';
import { orderFacts } from '../../server/feedback/order-facts';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** The order as GET /v2/orders/{id}/ sends it: with the facts the server works out (its survey over the profile's answers). */
function withFacts(order: Order): Order {
  const profile = { diag_hair_length: 'long', diag_hair_texture: 'type_2b', is_fragrance_soldout: false };
  const facts = orderFacts({ order, profile, now: new Date() });
  const { fragranceNames, ...rest } = facts;
  return { ...order, feedback_facts: { ...rest, fragrance_names: fragranceNames } };
}

/** Where the page is (the runner's and the page's navigations show here). */
function Here() {
  const location = useLocation();
  return <output data-testid="here">{location.pathname + location.search}</output>;
}

/** /feedback/... for a signed-in customer whose order is `order`; what the feedback saves send is recorded. */
function renderFeedback(path: string, order: Order | null = rosaOrder) {
  localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  const saved: unknown[] = [];
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.getOrder(({ params }) => {
      if (!order || params.pubkey !== order.pubkey) return mockError(404, { code: 'not_found', detail: 'Not found.' }) as never;
      return withFacts(order);
    }),
    mocks.patchFeedback(({ body }) => {
      saved.push(body);
      return { status: 'started', origin: 'email', answers: {} };
    }),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <Routes>
          <Route path="/feedback/*" element={<FeedbackRoute />} />
          <Route path="/account/feedback" element={<h1>Your feedback</h1>} />
        </Routes>
        <Here />
      </SessionProvider>
    </MemoryRouter>,
  );
  return saved;
}

describe('the haircare feedback page (spec 002 §2.1, §2.8, §4.3)', () => {
  it('spec 002 §2.1: opens at the intro; a rating saves with the origin and moves on by itself', async () => {
    const saved = renderFeedback('/feedback/haircare?order=ord_rosa&origin=email');
    expect(await screen.findByRole('heading', { name: 'Give feedback to make your next order the best one yet' })).toBeTruthy();
    expect(screen.getByText(/reviews may be made public/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /get started/i }));
    await screen.findByRole('heading', { name: 'Overall, how happy are you with your order?' });
    expect(screen.getByTestId('here').textContent).toBe('/feedback/haircare/overall_experience?order=ord_rosa&origin=email');
    await userEvent.click(screen.getByRole('radio', { name: /^Satisfied/ }));
    await waitFor(() => expect(saved).toEqual([{ overall_experience: 4, origin: 'email' }]));
    // Rosa's order holds a shampoo: the scalp section follows (§5.1).
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe('/feedback/haircare/transition_scalp?order=ord_rosa&origin=email'));
  });

  it('spec 002 §2.5: a completed feedback leads to the confirmation of its category', async () => {
    renderFeedback('/feedback/haircare?order=ord_rosa', {
      ...rosaOrder,
      feedback: { status: 'completed', origin: 'email', answers: { overall_experience: 5 } },
    });
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback' })).toBeTruthy();
    expect(screen.getByTestId('here').textContent).toBe('/feedback/confirmation?data-from=haircare');
  });

  it('an order that is not the shopper’s (404) leads to the account’s feedback page', async () => {
    renderFeedback('/feedback/haircare?order=ord_someone_else');
    expect(await screen.findByRole('heading', { name: 'Your feedback' })).toBeTruthy();
    expect(screen.getByTestId('here').textContent).toBe('/account/feedback');
  });

  it('an order without skincare has no skincare feedback: to the account’s feedback page', async () => {
    renderFeedback('/feedback/skincare?order=ord_rosa');
    expect(await screen.findByRole('heading', { name: 'Your feedback' })).toBeTruthy();
  });

  it('spec 002 §2.7: the results screen shows what improved and what we will refine, its summary loaded with the screen', async () => {
    const saved = renderFeedback('/feedback/haircare/results?order=ord_rosa&origin=email', {
      ...rosaOrder,
      feedback: { status: 'started', origin: 'email', answers: { overall_experience: 4, scalp_sensitivity: 'yes', hair_dryness: 'no' } },
    });
    expect(await screen.findByRole('heading', { name: "Here's what we'll refine" })).toBeTruthy();
    const working = await screen.findByRole('region', { name: 'What’s working' });
    expect(working.textContent).toContain('Scalp comfort');
    expect(screen.getByRole('region', { name: 'What we’ll refine' }).textContent).toContain('Dryness');
    // Reaching the results completes the feedback (§2.7).
    await waitFor(() => expect(saved).toContainEqual(expect.objectContaining({ status: 'completed' })));
  });

  it('spec 002 §2.5: /feedback/confirmation?data-from=skincare opened on its own thanks for the skincare feedback', async () => {
    renderFeedback('/feedback/confirmation?data-from=skincare');
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback' })).toBeTruthy();
    expect(screen.getByText(/Your skincare feedback is saved/)).toBeTruthy();
  });

  it('signed out: asked to sign in, coming back to the same feedback', async () => {
    server.use(mocks.getAccount(() => sampleUser));
    render(
      <MemoryRouter initialEntries={['/feedback/haircare?order=ord_rosa']}>
        <SessionProvider>
          <Routes>
            <Route path="/feedback/*" element={<FeedbackRoute />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(`/signin?${new URLSearchParams({ next: '/feedback/haircare?order=ord_rosa' }).toString()}`);
  });

  it('spec 002 §3.10, §4.5: the end of a supplements feedback shows the end-of-the-road message when the shop has one; none on a 404', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    const asked: string[] = [];
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getEndOfTheRoad(({ params }) =>
        asked.push(params.pubkey!) && params.pubkey === 'ord_stopped'
          ? { title: 'Taking a break from your supplements?', body: 'You can pause them.', action: { label: 'Talk to a hair expert', url: '/help' } }
          : (mockError(404, { code: 'not_found', detail: 'None applies.' }) as never),
      ),
    );
    const page = (order: string) => (
      <MemoryRouter>
        <SessionProvider>
          <FeedbackConfirmation category="supplements" order={order} />
        </SessionProvider>
      </MemoryRouter>
    );
    const { unmount } = render(page('ord_stopped'));
    expect(await screen.findByRole('heading', { name: 'Taking a break from your supplements?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Talk to a hair expert' }).getAttribute('href')).toBe('/help');
    unmount();
    render(page('ord_fine'));
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback' })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['ord_stopped', 'ord_fine']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Talk to a hair expert' })).toBeNull();
  });

  it('spec 002 §4.3: the page reads the order’s facts from the server (GET /v2/orders/{id}/ feedback_facts) and asks for nothing else', async () => {
    const asked: string[] = [];
    const api = new Proxy({} as ApiClient, {
      get: (_, name: string) => async () => {
        asked.push(name);
        if (name !== 'getOrder') throw new Error(`unexpected call ${name}`);
        return withFacts(rosaOrder);
      },
    });
    const loaded = await loadFeedback(api, 'feedback-haircare', rosaOrder.pubkey, '/feedback/haircare');
    expect(loaded.kind).toBe('ready');
    expect(loaded.kind === 'ready' && loaded.facts.order.has_shampoo).toBe(true);
    expect(asked).toEqual(['getOrder']);
    // An order without facts (one that takes no feedback) leads to the account's feedback page.
    const bare = { getOrder: async () => rosaOrder } as unknown as ApiClient;
    expect(await loadFeedback(bare, 'feedback-haircare', rosaOrder.pubkey, '/feedback/haircare')).toEqual({ kind: 'elsewhere', to: '/account/feedback' });
  });
});
