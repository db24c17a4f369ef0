import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createMocks, mockError } from '../../api/client/mocks';
import ConfirmPaymentPage, { returnPath } from '../../app/checkout/confirm-payment-page';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/checkout/confirm-payment/:charge" element={<ConfirmPaymentPage charge="ch_test_1" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

// Spec 001 §2 wait-payment-confirmation: the test bank's page sends the shopper back to the checkout step that waits.
describe('/checkout/confirm-payment (spec 001 §2 wait-payment-confirmation)', () => {
  it('goes back only to a checkout page of this site; anything else falls back to the orders', () => {
    expect(returnPath('/checkout/haircare/wait-payment-confirmation?order=ord_1')).toBe('/checkout/haircare/wait-payment-confirmation?order=ord_1');
    expect(returnPath('/checkout/skincare/confirmation')).toBe('/checkout/skincare/confirmation');
    for (const unsafe of [
      null,
      '',
      'https://evil.example/checkout/haircare/x',
      '//evil.example/checkout/haircare/x',
      '/\\evil.example',
      '/checkout/haircare/../../account',
      '/account/orders/x',
      'javascript:alert(1)',
      '/checkout/haircare/x?next=<script>',
    ]) {
      expect(returnPath(unsafe), String(unsafe)).toBe('/account/orders');
    }
  });

  it('sends the answer to the test bank, then returns to the step that waits', async () => {
    const answers: unknown[] = [];
    server.use(
      mocks.authenticateTestCharge(({ body, params }) => {
        answers.push({ id: params.id, body });
        return { status: 'succeeded' };
      }),
    );
    renderAt('/checkout/confirm-payment/ch_test_1?return=%2Fcheckout%2Fhaircare%2Fwait-payment-confirmation%3Forder%3Dord_1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/checkout/haircare/wait-payment-confirmation?order=ord_1');
    expect(answers).toEqual([{ id: 'ch_test_1', body: { approved: true } }]);
  });

  it('issue 25: a payment answered already (this page reloaded, another tab) goes back to the step, which shows the order as it is', async () => {
    server.use(mocks.authenticateTestCharge(() => mockError(409, { code: 'charge_not_waiting', detail: 'This payment is not waiting for you.' })));
    renderAt('/checkout/confirm-payment/ch_test_1?return=%2Fcheckout%2Fhaircare%2Fwait-payment-confirmation%3Forder%3Dord_1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/checkout/haircare/wait-payment-confirmation?order=ord_1');
  });

  it('a failed call says so and stays, so the shopper can answer again', async () => {
    server.use(mocks.authenticateTestCharge(() => mockError(500, { code: 'server_error', detail: 'Something went wrong.' })));
    renderAt('/checkout/confirm-payment/ch_test_1?return=https%3A%2F%2Fevil.example');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refuse' })).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
