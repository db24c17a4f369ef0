import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeJwt } from '../../api/client/mocks';
import AccountRoute from '../../app/account/account-route';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createSession, SessionProvider } from '../../app/session';

/** The account's pages at `path`, as a signed-in shopper: the real pages over the API's mocks (each story sets them). */
export function AccountPage({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <main>
          <Routes>
            <Route path="/account/:section?/:pubkey?" element={<AccountRoute />} />
          </Routes>
        </main>
      </SessionProvider>
    </MemoryRouter>
  );
}

/** A story's `beforeEach`: the device holds a signed-in shopper's tokens (an access token valid for an hour), removed after. */
export function signedIn(): () => void {
  localStorage.setItem('shop.tokens.user', JSON.stringify({ access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' }));
  return () => localStorage.removeItem('shop.tokens.user');
}
