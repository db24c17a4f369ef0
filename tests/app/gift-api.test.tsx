import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GiftRequest } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createAppGiftApi } from '../../app/gift/gift-api';
import GiftRoute, { forgetGiftOnSignOut } from '../../app/gift/gift-route';
import { createSession } from '../../app/session';
import { giftPurchase, resetGiftPurchase } from '../../shop/gifts/gift-purchase';
import { guestUser, sampleUser, tokenPairFor } from '../api/client-fixtures';

/** The page through the app's real API client and session, against the contract's mocks (api/client/mocks.ts). */
const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  resetGiftPurchase();
});
afterAll(() => server.close());

const now = () => new Date('2026-11-27T15:00:00Z');

function renderGift() {
  const session = createSession(loadAppServices, appTokens);
  const giftApi = createAppGiftApi(session);
  render(
    <MemoryRouter initialEntries={['/gift']}>
      <Routes>
        <Route path="/gift" element={<GiftRoute giftApi={giftApi} now={now} />} />
        <Route path="/checkout/gift" element={<h1>Gifter checkout</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return session;
}

function fillAndSend() {
  const form = screen.getByRole('form', { name: 'Your gift card' });
  fireEvent.click(within(form).getByRole('radio', { name: '$75' }));
  fireEvent.click(within(form).getByRole('radio', { name: 'Just because' }));
  fireEvent.change(within(form).getByLabelText("Recipient's name"), { target: { value: 'Sam' } });
  fireEvent.change(within(form).getByLabelText("Recipient's e-mail"), { target: { value: 'sam@example.com' } });
  fireEvent.change(within(form).getByLabelText('Your name'), { target: { value: 'Alex' } });
  fireEvent.change(within(form).getByLabelText('Send on'), { target: { value: '2026-12-24' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
}

describe('POST /v1/gifts/ from /gift (spec 001 §3, §4, §7 "Gifts, promotions, referrals", §8)', () => {
  it("§7: a first-time visitor gets a guest session, the gift is created with the contract's body, its pubkey kept (§4), and the gifter goes to pay", async () => {
    const sent: { body: GiftRequest; bearer: string | null }[] = [];
    const guest = tokenPairFor('guest');
    server.use(
      mocks.signUpGuest(() => guest),
      mocks.getAccount(() => guestUser),
      mocks.getAddresses(() => []),
      mocks.createGift(({ body, request }) => {
        sent.push({ body, bearer: request.headers.get('authorization') });
        return { pubkey: 'gift_abc' };
      }),
    );
    renderGift();
    fillAndSend();
    await screen.findByRole('heading', { name: 'Gifter checkout' });
    expect(sent).toEqual([
      {
        body: {
          amount: 75,
          occasion: 'just_because',
          message: "No reason needed. I thought you'd love products made just for you.",
          recipient_name: 'Sam',
          recipient_email: 'sam@example.com',
          sender_name: 'Alex',
          send_on: '2026-12-24',
        },
        bearer: `Bearer ${guest.access}`,
      },
    ]);
    expect(giftPurchase()).toBe('gift_abc');
  });

  it('§4 Account: a sign-out forgets the gift being bought', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.createGift(() => ({ pubkey: 'gift_xyz' })),
      mocks.signOut(() => undefined),
    );
    const session = renderGift();
    forgetGiftOnSignOut(session);
    fillAndSend();
    await screen.findByRole('heading', { name: 'Gifter checkout' });
    expect(giftPurchase()).toBe('gift_xyz');
    (await session.load()).actor.send({ type: 'SIGN_OUT' });
    await waitFor(() => expect(giftPurchase()).toBeNull());
  });

  it("§8: the server's 400 field errors show on their fields for a signed-in customer, and nothing is kept", async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.createGift(() =>
        mockError(400, { code: 'validation_error', detail: 'Invalid input.', fields: { send_on: ['Choose a day from today to a year from today.'] } }),
      ),
    );
    renderGift();
    fillAndSend();
    const date = screen.getByLabelText('Send on');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(date.getAttribute('aria-describedby')!)!.textContent).toBe('Choose a day from today to a year from today.');
    expect(giftPurchase()).toBeNull();
  });
});
