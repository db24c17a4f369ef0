import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { setupServer } from 'msw/node';
import { createApiClient, createMemoryTokenStore, type StoredTokens } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import { createSession, SessionProvider, useSession, useSignOut } from '../../app/session';
import type { SignUpOutcome } from '../../app/session/session-core';
import { baseUrl, sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl });
let accountRequests = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  accountRequests = 0;
});
afterAll(() => server.close());

function serveAccount() {
  server.use(
    mocks.getAccount(() => {
      accountRequests++;
      return sampleUser;
    }),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.signOut(() => undefined),
  );
}

function SessionView({ onLogout }: { onLogout?: () => void }) {
  const session = useSession();
  const [outcome, setOutcome] = useState<SignUpOutcome | null>(null);
  useSignOut(onLogout ?? (() => undefined));
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="user">{session.user?.first_name ?? 'nobody'}</p>
      <p data-testid="reason">{session.reason ?? ''}</p>
      <p data-testid="error">{session.error?.code ?? ''}</p>
      <p data-testid="outcome">{outcome?.kind ?? ''}</p>
      <button onClick={session.signOut}>Sign out</button>
      <button onClick={() => void session.signUp({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }).then(setOutcome)}>Sign up</button>
    </div>
  );
}

function renderSession(stored: Partial<StoredTokens>, onLogout?: () => void) {
  const tokens = createMemoryTokenStore(stored);
  const api = createApiClient({ baseUrl, tokens, retryDelay: () => 0 });
  const session = createSession(() => Promise.resolve({ api }), tokens);
  render(
    <StrictMode>
      <SessionProvider session={session}>
        <SessionView onLogout={onLogout} />
      </SessionProvider>
    </StrictMode>,
  );
  return { tokens, session };
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('spec 000 §4.6 SessionProvider and useSession', () => {
  it("fetches the session on mount, and StrictMode's remount does not leave it cancelled", async () => {
    serveAccount();
    renderSession({ user: tokenPairFor('user') });
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(text('error')).toBe('');
    expect(text('user')).toBe('Ada');
    expect(accountRequests).toBe(1);
  });

  it('signs out: not_authenticated, and logout listeners are told', async () => {
    serveAccount();
    const onLogout = vi.fn();
    const { tokens } = renderSession({ user: tokenPairFor('user') }, onLogout);
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    act(() => screen.getByText('Sign out').click());
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    expect(text('user')).toBe('nobody');
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('notices tokens cleared elsewhere (token_not_valid on another call): not_authenticated, reason "expired"', async () => {
    serveAccount();
    const onLogout = vi.fn();
    const { tokens } = renderSession({ user: tokenPairFor('user') }, onLogout);
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    act(() => tokens.clear());
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    expect(text('reason')).toBe('expired');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('resolves signUp with its outcome once the new user is loaded', async () => {
    serveAccount();
    server.use(mocks.signUp(() => tokenPairFor('new-user')));
    renderSession({});
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    act(() => screen.getByText('Sign up').click());
    await waitFor(() => expect(text('outcome')).toBe('signed-up'));
    expect(text('status')).toBe('authenticated');
    expect(text('user')).toBe('Ada');
  });

  it('resolves signUp with field errors', async () => {
    server.use(mocks.signUp(() => mockError(400, { code: 'validation_error', detail: 'Check.', fields: { username: ['Taken.'] } })));
    renderSession({});
    act(() => screen.getByText('Sign up').click());
    await waitFor(() => expect(text('outcome')).toBe('field-errors'));
  });
});
