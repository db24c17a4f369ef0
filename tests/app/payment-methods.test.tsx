import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PaymentMethod } from '#api';
import { methodPaymentMode } from '#api/shared';
import { createMocks } from '../../api/client/mocks';
import PaymentMethodsPage from '../../app/account/payment-methods';
import { SessionProvider } from '../../app/session';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { savedVisa } from '../../stories/fixtures/checkout';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const card: PaymentMethod = savedVisa;
const wallet: PaymentMethod = {
  ...card,
  id: 'pm_wallet',
  is_default: false,
  service: 'wallet',
  brand: 'wallet',
  last4: '',
  exp_month: null,
  exp_year: null,
  label: 'TestPay wallet',
};
const otherCard: PaymentMethod = { ...card, id: 'pm_card2', is_default: false, last4: '1881', label: 'Visa •••• 1881' };

/** The page for a signed-in customer over these flags; what it sends to select and delete is recorded. */
function renderPage(flags: Record<string, boolean | '0' | '1'>) {
  localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  const sent: unknown[] = [];
  let methods = [card, wallet, otherCard];
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.getFlags(() => flags),
    mocks.listPaymentMethods(() => methods),
    mocks.selectDefaultPaymentMethod(({ body }) => {
      sent.push({ select: body });
      methods = methods.map((m) => ({ ...m, is_default: m.id === body.payment_id }));
      return methods;
    }),
    mocks.deletePaymentMethod(({ params, query }) => {
      sent.push({ delete: params.id, payment_mode: query.get('payment_mode') });
      methods = methods.filter((m) => m.id !== params.id);
      return undefined as never;
    }),
  );
  render(
    <MemoryRouter initialEntries={['/account/payments']}>
      <SessionProvider>
        <Routes>
          <Route path="/account/payments" element={<PaymentMethodsPage />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return sent;
}

describe('/account/payments (spec 001 §7 Payment methods)', () => {
  it('the payment mode of a default method: the wallet mode for the wallet, else the payment-intent flag picks it', () => {
    expect(methodPaymentMode({ service: 'wallet' }, { 'payment-intent': true })).toBe('wallet');
    expect(methodPaymentMode({ service: 'card' }, { 'payment-intent': true })).toBe('payment_intent');
    expect(methodPaymentMode({ service: 'card' }, { 'payment-intent': '1' })).toBe('payment_intent');
    expect(methodPaymentMode({ service: 'card' }, { 'payment-intent': false })).toBe('charge');
    expect(methodPaymentMode({ service: 'card' }, {})).toBe('charge');
  });

  it('with the payment-intent flag on, a card is made the default in the payment-intent mode; the wallet in its own', async () => {
    const sent = renderPage({ 'payment-intent': true });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Visa •••• 1881 the default' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Make TestPay wallet the default' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { select: { payment_id: 'pm_card2', payment_mode: 'payment_intent' } },
      { select: { payment_id: 'pm_wallet', payment_mode: 'wallet' } },
    ]);
  });

  it('with it off, a card is made the default in the charge mode', async () => {
    const sent = renderPage({ 'payment-intent': false });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Visa •••• 1881 the default' }));
    await waitFor(() => expect(sent).toEqual([{ select: { payment_id: 'pm_card2', payment_mode: 'charge' } }]));
  });

  it('deleting the wallet sends its payment mode; deleting a card sends none', async () => {
    const sent = renderPage({});
    await userEvent.click(await screen.findByRole('button', { name: 'Delete TestPay wallet' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete TestPay wallet' })).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 1881' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Visa •••• 1881' })).toBeNull());
    expect(sent).toEqual([
      { delete: 'pm_wallet', payment_mode: 'wallet' },
      { delete: 'pm_card2', payment_mode: null },
    ]);
  });
});
