import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import AccountRoute from '../../app/account/account-route';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createSession, SessionProvider } from '../../app/session';

/**
 * Draws the account's route (`/account/:section?/:pubkey?`) at `path` in a new session over the app's own services
 * and tokens, as the account's DOM tests open a page; `beside` is drawn inside the session before the routes (a
 * sign-out handle, the header's name).
 */
export function renderAccountRoute(path: string, beside?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        {beside}
        <Routes>
          <Route path="/account/:section?/:pubkey?" element={<AccountRoute />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}
