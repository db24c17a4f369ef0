import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { setupServer } from 'msw/node';
import { createMemoryTokenStore, type StoredTokens } from '#api';
import { createSessionApiClient } from '../../api/client/session-client';
import { createMocks, mockError } from '../../api/client/mocks';
import { createSession, SessionProvider, useSession, useSignOut } from '../../app/session';
import { ensureSession } from '../../app/session/ensure-session';
import { baseUrl, sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

// A stored session is read with the small client at once and its machine loads once the page is idle
// (app/session/index.tsx `Session.start`). Idle callbacks are held here, so each test says when the page is idle.
const server = setupServer();
const mocks = createMocks({ baseUrl });
const requests: string[] = [];
let idle: (() => void)[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
});
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** The browser finds idle time: what waited for it runs. */
function becomeIdle() {
  const waiting = idle;
  idle = [];
  act(() => waiting.forEach((work) => work()));
}

const serveAccount = () =>
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.signOut(() => undefined),
  );

function SessionView({ onLogout }: { onLogout: () => void }) {
  const session = useSession();
  useSignOut(onLogout);
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="user">{session.user?.first_name ?? 'nobody'}</p>
      <p data-testid="addresses">{session.addresses.length}</p>
      <p data-testid="reason">{session.reason ?? ''}</p>
      <button onClick={session.signOut}>Sign out</button>
    </div>
  );
}

/** The app's session as main.tsx mounts it, over the session's own client (app/app-services.ts loadSessionServices). */
function renderSession(stored: Partial<StoredTokens>) {
  const tokens = createMemoryTokenStore(stored);
  const api = createSessionApiClient({ baseUrl, tokens, retryDelay: () => 0 });
  const session = createSession(() => Promise.resolve({ api }), tokens);
  const machineLoads = vi.spyOn(session, 'load');
  const onLogout = vi.fn();
  render(
    <StrictMode>
      <SessionProvider session={session}>
        <SessionView onLogout={onLogout} />
      </SessionProvider>
    </StrictMode>,
  );
  return { tokens, session, machineLoads, onLogout };
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('spec 000 §4.6 a stored session before its machine loads', () => {
  it('is authenticated from one read of the user and addresses; the machine loads once the page is idle and reads nothing again', async () => {
    serveAccount();
    const { machineLoads } = renderSession({ user: tokenPairFor('user') });
    expect(text('status')).toBe('loading');
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(text('user')).toBe('Ada');
    expect(text('addresses')).toBe('1');
    expect(machineLoads).not.toHaveBeenCalled();

    becomeIdle();
    await waitFor(() => expect(machineLoads).toHaveBeenCalled());
    const { actor } = await machineLoads.mock.results[0]!.value;
    expect(actor.getSnapshot().context.user).toEqual(sampleUser);
    expect(text('status')).toBe('authenticated');
    expect(text('user')).toBe('Ada');
    expect(requests.filter((r) => r !== 'POST /v1/auth/signout/')).toEqual(['GET /v1/account/', 'GET /v1/account/addresses']);
  });

  it('refreshes an expired access token for its read, once, and the machine keeps the rotated pair', async () => {
    serveAccount();
    // One pair, made once: its expiry is the clock's second, which may turn between two calls on a busy machine.
    const refreshed = tokenPairFor('refreshed');
    server.use(mocks.refresh(() => refreshed));
    const { tokens } = renderSession({ user: tokenPairFor('user', -60) });
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    becomeIdle();
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests).toEqual(['POST /v1/auth/token/refresh/', 'GET /v1/account/', 'GET /v1/account/addresses']);
    expect(tokens.read().user).toEqual(expect.objectContaining({ refresh: refreshed.refresh }));
    expect(text('status')).toBe('authenticated');
  });

  it('signs out before the machine loads: it loads then, the tokens go, not_authenticated, logout listeners told once', async () => {
    serveAccount();
    const { tokens, onLogout } = renderSession({ user: tokenPairFor('user') });
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    act(() => screen.getByText('Sign out').click());
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    expect(text('user')).toBe('nobody');
    expect(text('reason')).toBe('signout');
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r === 'GET /v1/account/')).toHaveLength(1);
  });

  it('notices tokens cleared elsewhere before the machine loads: not_authenticated, reason "expired", logout listeners told once', async () => {
    serveAccount();
    const { tokens, onLogout, machineLoads } = renderSession({ user: tokenPairFor('user') });
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    act(() => tokens.clear());
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    expect(text('reason')).toBe('expired');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(machineLoads).toHaveBeenCalled();
  });

  it('a refused read (token_not_valid) goes to the machine at once, without asking again: not_authenticated, tokens cleared, logout told', async () => {
    server.use(
      mocks.getAccount(() => mockError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' })),
      mocks.getAddresses(() => [sampleAddress]),
      mocks.signOut(() => undefined),
    );
    const { tokens, onLogout } = renderSession({ user: tokenPairFor('user') });
    await waitFor(() => expect(text('status')).toBe('not_authenticated'));
    expect(text('reason')).toBe('signout');
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(requests.filter((r) => r === 'GET /v1/account/')).toHaveLength(1);
    expect(idle.length).toBeGreaterThan(0); // nothing waited for the page to be idle
  });

  it('a failed read (500) goes to the machine at once: error, as the machine decides', async () => {
    server.use(
      mocks.getAccount(() => mockError(500, { code: 'server_error', detail: 'Oops.' })),
      mocks.getAddresses(() => [sampleAddress]),
    );
    renderSession({ user: tokenPairFor('user') });
    await waitFor(() => expect(text('status')).toBe('error'));
    // The read's own four attempts (three retries), and none more.
    expect(requests.filter((r) => r === 'GET /v1/account/')).toHaveLength(4);
  });

  it('a page that needs the machine before the page is idle loads it at once, and the session shows what the machine says', async () => {
    serveAccount();
    const { session } = renderSession({ user: tokenPairFor('user') });
    expect(await ensureSession(session)).toBe(true);
    const { actor } = await session.load();
    act(() => actor.send({ type: 'SET_AUTHENTICATED', user: { ...sampleUser, first_name: 'Grace' } }));
    await waitFor(() => expect(text('user')).toBe('Grace'));
    expect(requests.filter((r) => r === 'GET /v1/account/')).toHaveLength(1);
  });

  it('no stored session: nothing is read, not signed in', () => {
    const { machineLoads } = renderSession({});
    expect(text('status')).toBe('not_authenticated');
    expect(machineLoads).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });
});
