import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMocks } from '../../api/client/mocks';
import { flagsSnapshot, loadFlags } from '../../app/flags';
import { SessionProvider, useSession } from '../../app/session';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function Account() {
  const session = useSession();
  return (
    <>
      <p>{session.status}</p>
      <button type="button" onClick={session.signOut}>
        Sign out
      </button>
    </>
  );
}

// Spec 001 §4 Feature flags: "All request states reset on sign-out or reset."
describe('the app’s flags on sign-out (spec 001 §4 Feature flags)', () => {
  it('signing out puts the flags back to STATIC; the next load asks GET /flags again', async () => {
    let asked = 0;
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.signOut(() => new Response(null, { status: 204 })),
    );
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    const api = { getFlags: async () => ((asked += 1), { 'universal-cart': asked === 1 }) };
    expect(await loadFlags(api)).toEqual({ 'universal-cart': true });
    expect(flagsSnapshot().state).toBe('USER_CONTEXT_SPECIFIC_SUCCESS');
    render(
      <SessionProvider>
        <Account />
      </SessionProvider>,
    );
    await screen.findByText('authenticated');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(flagsSnapshot()).toEqual({ state: 'STATIC', flags: {} }));
    expect(await loadFlags(api)).toEqual({ 'universal-cart': false });
    expect(asked).toBe(2);
  });
});
