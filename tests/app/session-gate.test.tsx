import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { createMocks } from '../../api/client/mocks';
import { SessionProvider, useSession } from '../../app/session';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

// The app's client calls its own origin; jsdom's is http://localhost:3000.
const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
let accountCalls = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Status() {
  const session = useSession();
  return <p data-testid="status">{`${session.status} ${session.user?.first_name ?? ''}`.trim()}</p>;
}

describe('the app’s session (spec 000 §4.6), loaded only when needed', () => {
  it('a visitor with no stored session is not signed in at once, with no request made', () => {
    localStorage.clear();
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('not_authenticated');
  });

  it('a stored session loads the session code and the user at once', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    server.use(
      mocks.getAccount(() => {
        accountCalls++;
        return sampleUser;
      }),
      mocks.getAddresses(() => [sampleAddress]),
    );
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated Ada'));
    expect(accountCalls).toBe(1);
    await act(async () => localStorage.clear());
  });
});
