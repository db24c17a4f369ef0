import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createMocks } from '../../api/client/mocks';
import ConfirmEmailPage from '../../app/account/confirm-email-page';
import { SessionProvider } from '../../app/session';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The page draws from the session's first read, and the session's machine loads after it (app/session/index.tsx). On a
// busy machine that load outlived this file's two short tests: its modules were still being imported when the page's
// environment was torn down, an unhandled error that fails the run. They are loaded before the tests instead.
beforeAll(() => import('../../app/session/start-session'));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <Routes>
          <Route path="/account/confirm-email" element={<ConfirmEmailPage />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

// server/identity/README.md: a new e-mail is confirmed from the account that asked for it.
describe('/account/confirm-email', () => {
  it('asks a visitor who is not signed in to sign in first, and to come back to this very link', () => {
    localStorage.clear();
    renderAt('/account/confirm-email?token=abc');
    expect(screen.getByRole('heading', { name: 'Sign in to confirm your new e-mail' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('next')).toBe('/account/confirm-email?token=abc');
  });

  it('a signed-in customer confirms with the token and sees the new address', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    const sent: unknown[] = [];
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => [sampleAddress]),
      http.post(`${window.location.origin}/v1/account/email/confirm/`, async ({ request }) => {
        sent.push({ body: await request.json(), bearer: request.headers.get('authorization') });
        return HttpResponse.json({ ...sampleUser, email: 'new@example.com', username: 'new@example.com' });
      }),
    );
    renderAt('/account/confirm-email?token=abc');
    expect(await screen.findByRole('heading', { name: 'Your e-mail is changed' })).toBeTruthy();
    expect(screen.getByText(/new@example\.com/)).toBeTruthy();
    expect(sent).toEqual([{ body: { token: 'abc' }, bearer: expect.stringMatching(/^Bearer /) }]);
  });
});
