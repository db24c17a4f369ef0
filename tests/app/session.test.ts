import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { createActor, waitFor } from 'xstate';
import { ApiError, createApiClient, createMemoryTokenStore, type StoredTokens } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import {
  buildSignUpRequest,
  createSessionMachine,
  isAuthStatus,
  mapSignUpFieldErrors,
  selectAuthStatus,
  signUpAndWait,
  type SessionActorRef,
  type SessionApi,
} from '../../app/session/session-core';
import { baseUrl, deferred, guestUser, sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl });
const requests: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function startSession(stored: Partial<StoredTokens> = {}, api?: SessionApi) {
  const tokens = createMemoryTokenStore(stored);
  const client = api ?? createApiClient({ baseUrl, tokens, retryDelay: () => 0 });
  const reportError = vi.fn();
  const session = createActor(createSessionMachine({ api: client, tokens, reportError })).start();
  const logouts = vi.fn();
  session.on('logout', logouts);
  return { tokens, session, reportError, logouts, status: () => selectAuthStatus(session.getSnapshot()), context: () => session.getSnapshot().context };
}

/** Waits until nothing is in flight: no auth load, no sign-up, no magic-link request. */
function settled(session: SessionActorRef) {
  return waitFor(session, (s) => selectAuthStatus(s) !== 'loading' && s.matches({ signUp: 'idle' }) && s.matches({ magicLink: 'idle' }));
}

const serveAccount = () =>
  server.use(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => [sampleAddress]),
  );

describe('spec 000 §4.6 FETCH', () => {
  it('a session it knew whose tokens are gone: FETCH gives not_authenticated and emits logout once; none known, no logout', async () => {
    serveAccount();
    const { session, status, context, tokens, logouts } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('authenticated');
    tokens.clear(); // another tab signed out
    session.send({ type: 'FETCH' });
    expect(status()).toBe('not_authenticated');
    expect(context()).toMatchObject({ user: null, reason: 'signout' });
    expect(logouts).toHaveBeenCalledTimes(1);
    session.send({ type: 'FETCH' });
    expect(logouts).toHaveBeenCalledTimes(1);
  });

  it('with no stored session gives not_authenticated with reason "signout", asking nothing', async () => {
    const { session, status, context } = startSession();
    expect(status()).toBe('idle');
    session.send({ type: 'FETCH' });
    expect(status()).toBe('not_authenticated');
    expect(isAuthStatus(session.getSnapshot(), 'notAuthenticated')).toBe(true);
    expect(context().reason).toBe('signout');
    expect(requests).toEqual([]);
  });

  it('loads the user and the addresses in parallel, then authenticated', async () => {
    const gate = deferred();
    server.use(
      mocks.getAccount(async () => {
        await gate.promise;
        return sampleUser;
      }),
      mocks.getAddresses(() => [sampleAddress]),
    );
    const { session, status, context } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    expect(status()).toBe('loading');
    // the addresses are asked for while the user is still pending
    await vi.waitFor(() => expect(requests).toEqual(['GET /v1/account/', 'GET /v1/account/addresses']));
    gate.resolve();
    await settled(session);
    expect(status()).toBe('authenticated');
    expect(context()).toMatchObject({ user: sampleUser, addresses: [sampleAddress], reason: null, error: null });
  });

  it('ignores a second FETCH while loading', async () => {
    serveAccount();
    const { session } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(requests.filter((r) => r === 'GET /v1/account/')).toHaveLength(1);
  });

  it('reloads the user when fetched again while authenticated', async () => {
    serveAccount();
    const { session, context } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    await settled(session);
    server.use(mocks.getAccount(() => ({ ...sampleUser, first_name: 'Grace' })));
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(context().user?.first_name).toBe('Grace');
  });

  it('signs out an invalid session (token_not_valid): not_authenticated, tokens cleared, logout emitted', async () => {
    server.use(
      mocks.getAccount(() => mockError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' })),
      mocks.getAddresses(() => []),
    );
    const { session, status, context, tokens, logouts } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('not_authenticated');
    expect(context()).toMatchObject({ reason: 'signout', user: null });
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(logouts).toHaveBeenCalledTimes(1);
  });

  it('signs out a session that cannot be refreshed, revoking nothing it no longer holds', async () => {
    server.use(mocks.refresh(() => mockError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' })));
    const { session, status, context } = startSession({ user: tokenPairFor('user', -60) });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('not_authenticated');
    expect(context().reason).toBe('signout');
    expect(requests).toEqual(['POST /v1/auth/token/refresh/']);
  });

  it('goes to error on any other failure and clears the session', async () => {
    server.use(
      mocks.getAccount(() => mockError(500, { code: 'server_error', detail: 'Oops.' })),
      mocks.getAddresses(() => []),
    );
    const { session, status, context, tokens } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('error');
    expect(context().error).toMatchObject({ status: 500, code: 'server_error' });
    expect(tokens.read()).toEqual({ user: null, guest: null });
  });

  it('goes to error but keeps the session when the load was cancelled', async () => {
    const cancelled = new ApiError({ status: 0, code: 'cancelled', detail: 'The request was cancelled.' });
    const api = { getAccount: () => Promise.reject(cancelled), getAddresses: () => Promise.resolve([]) } as unknown as SessionApi;
    const user = tokenPairFor('user');
    const { session, status, context, tokens } = startSession({ user }, api);
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('error');
    expect(context().error?.code).toBe('cancelled');
    expect(tokens.read().user).toEqual(user);
  });

  it('can be fetched again from error', async () => {
    let attempts = 0;
    server.use(
      mocks.getAccount(() => (++attempts <= 4 ? mockError(503, { code: 'unavailable', detail: 'Later.' }) : sampleUser)),
      mocks.getAddresses(() => []),
    );
    const { session, status, tokens } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('error');
    tokens.setUser(tokenPairFor('user-again'));
    session.send({ type: 'FETCH' });
    await settled(session);
    expect(status()).toBe('authenticated');
  });
});

describe('spec 000 §4.6 GUEST', () => {
  it('creates guest tokens, stores them, and is authenticated as the guest', async () => {
    const guest = tokenPairFor('guest');
    let bearer: string | null = null;
    server.use(
      mocks.signUpGuest(() => guest),
      mocks.getAccount(({ request }) => {
        bearer = request.headers.get('Authorization');
        return guestUser;
      }),
      mocks.getAddresses(() => []),
    );
    const { session, status, context, tokens } = startSession();
    session.send({ type: 'GUEST' });
    expect(status()).toBe('loading');
    await settled(session);
    expect(status()).toBe('authenticated');
    expect(context().user?.is_guest).toBe(true);
    expect(tokens.read()).toEqual({ user: null, guest });
    expect(bearer).toBe(`Bearer ${guest.access}`);
  });

  it('gives not_authenticated when the failure means sign-out', async () => {
    server.use(mocks.signUpGuest(() => mockError(401, { code: 'token_not_valid', detail: 'No.' })));
    const { session, status, context } = startSession();
    session.send({ type: 'GUEST' });
    await settled(session);
    expect(status()).toBe('not_authenticated');
    expect(context().reason).toBe('signout');
  });

  it('gives error on any other failure', async () => {
    server.use(mocks.signUpGuest(() => mockError(429, { code: 'rate_limited', detail: 'Slow down.' })));
    const { session, status, context } = startSession();
    session.send({ type: 'GUEST' });
    await settled(session);
    expect(status()).toBe('error');
    expect(context().error?.code).toBe('rate_limited');
  });

  it('reuses a stored session instead of creating another guest', async () => {
    serveAccount();
    const { session, status } = startSession({ guest: tokenPairFor('guest') });
    session.send({ type: 'GUEST' });
    await settled(session);
    expect(status()).toBe('authenticated');
    expect(requests).not.toContain('POST /v1/auth/signup/guest/');
  });
});

describe('spec 000 §4.6 SET_AUTHENTICATED', () => {
  it('sets the authenticated state directly', () => {
    const { session, status, context } = startSession();
    session.send({ type: 'SET_AUTHENTICATED', user: sampleUser });
    expect(status()).toBe('authenticated');
    expect(context()).toMatchObject({ user: sampleUser, addresses: [] });
  });
});

describe('spec 000 §5.6 sign-up payload', () => {
  it('sends username = e-mail, lowercased, terms accepted, text opt-ins false, the origin, with the guest bearer', async () => {
    const guest = tokenPairFor('guest');
    let sent: { body: unknown; bearer: string | null } | undefined;
    server.use(
      mocks.signUp(async ({ request }) => {
        sent = { body: await request.clone().json(), bearer: request.headers.get('Authorization') };
        return { magic_link_sent: true };
      }),
    );
    const { session } = startSession({ guest });
    session.send({
      type: 'SIGN_UP',
      form: { firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.COM ', origin: 'consultation_sign_up_haircare' },
    });
    await settled(session);
    expect(sent?.body).toEqual({
      email: 'ada@example.com',
      username: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      has_accepted_terms: true,
      account_creation_origin: 'consultation_sign_up_haircare',
      text_optin: false,
      text_marketing_optin: false,
    });
    expect(sent?.bearer).toBe(`Bearer ${guest.access}`);
  });

  it('lowercases a given username and keeps chosen opt-ins and a coupon', () => {
    expect(buildSignUpRequest({ email: 'a@b.co', username: ' Other@B.CO ', textOptin: true, coupon: 'WELCOME' })).toEqual({
      email: 'a@b.co',
      username: 'other@b.co',
      has_accepted_terms: true,
      text_optin: true,
      text_marketing_optin: false,
      coupon: 'WELCOME',
    });
    expect(buildSignUpRequest({ email: 'A@B.co', username: '  ' }).username).toBe('a@b.co');
  });
});

describe('spec 000 §4.6, §8 SIGN_UP results', () => {
  it('on success stores the tokens, clears the guest, loads the user: authenticated', async () => {
    const created = tokenPairFor('new-user');
    server.use(mocks.signUp(() => created));
    serveAccount();
    const { session, status, tokens } = startSession({ guest: tokenPairFor('guest') });
    const outcome = await signUpAndWait(session, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(outcome).toEqual({ kind: 'signed-up' });
    expect(status()).toBe('authenticated');
    expect(tokens.read()).toEqual({ user: created, guest: null });
    expect(session.getSnapshot().context.user).toEqual(sampleUser);
  });

  it('with an existing user sets magicLinkSent and leaves the session as it was', async () => {
    const guest = tokenPairFor('guest');
    server.use(mocks.signUp(() => ({ magic_link_sent: true })));
    const { session, status, context, tokens } = startSession({ guest });
    expect(await signUpAndWait(session, { email: 'ada@example.com' })).toEqual({ kind: 'magic-link-sent' });
    expect(context().signUp).toEqual({ magicLinkSent: true, invalidCoupon: false, fieldErrors: {}, error: false });
    expect(status()).toBe('idle');
    expect(tokens.read()).toEqual({ user: null, guest });
  });

  it('with an invalid coupon sets invalidCoupon', async () => {
    server.use(mocks.signUp(() => mockError(422, { code: 'invalid_coupon', detail: 'This coupon is not valid.' })));
    const { session, context, reportError } = startSession();
    expect(await signUpAndWait(session, { email: 'ada@example.com', coupon: 'NOPE' })).toEqual({ kind: 'invalid-coupon' });
    expect(context().signUp.invalidCoupon).toBe(true);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('shows field errors per field (§5.6) without reporting them', async () => {
    server.use(
      mocks.signUp(() =>
        mockError(400, {
          code: 'validation_error',
          detail: 'Check the fields.',
          fields: { first_name: ['Too long.', 'Letters only.'], last_name: ['Required.'], email: ['Enter a valid email address.'], username: ['Taken.'] },
        }),
      ),
    );
    const { session, context, reportError } = startSession();
    const outcome = await signUpAndWait(session, { email: 'ada@example.com', firstName: 'x' });
    const fields = { first_name: 'Too long. Letters only.', last_name: 'Required.', email: 'Enter a valid email address. Taken.' };
    expect(outcome).toEqual({ kind: 'field-errors', fields });
    expect(context().signUp.fieldErrors).toEqual(fields);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('maps e-mail, username and any other key to the e-mail field', () => {
    expect(mapSignUpFieldErrors({ non_field_errors: ['Something is off.'], username: ['Taken.'], coupon: ['Expired.'] })).toEqual({
      email: 'Something is off. Taken. Expired.',
    });
    expect(mapSignUpFieldErrors({ last_name: ['A', 'B', 'C'] })).toEqual({ last_name: 'A B C' });
    expect(mapSignUpFieldErrors({})).toEqual({});
  });

  it('on any other error sets the generic error flag and reports it', async () => {
    server.use(mocks.signUp(() => mockError(403, { code: 'forbidden', detail: 'No.' })));
    const { session, context, reportError } = startSession();
    expect(await signUpAndWait(session, { email: 'ada@example.com' })).toEqual({ kind: 'error' });
    expect(context().signUp).toEqual({ magicLinkSent: false, invalidCoupon: false, fieldErrors: {}, error: true });
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0]).toEqual([expect.objectContaining({ code: 'forbidden' }), { operation: 'signUp' }]);
  });

  it('starts each attempt with clean flags', async () => {
    server.use(mocks.signUp(() => mockError(422, { code: 'invalid_coupon', detail: 'No.' })));
    const { session, context } = startSession();
    await signUpAndWait(session, { email: 'ada@example.com', coupon: 'NOPE' });
    server.use(mocks.signUp(() => ({ magic_link_sent: true })));
    await signUpAndWait(session, { email: 'ada@example.com' });
    expect(context().signUp).toMatchObject({ invalidCoupon: false, magicLinkSent: true });
  });
});

describe('spec 000 §4.6, §5.6 REQUEST_MAGIC_LINK', () => {
  it('gives success, sending the username lowercased', async () => {
    let body: unknown;
    server.use(
      mocks.requestMagicLink(async ({ request }) => {
        body = await request.clone().json();
        return { magic_link_sent: true };
      }),
    );
    const { session, context } = startSession();
    session.send({ type: 'REQUEST_MAGIC_LINK', username: 'Ada@Example.com', next: '/consultation/haircare' });
    expect(context().magicLink.status).toBe('sending');
    await settled(session);
    expect(context().magicLink.status).toBe('success');
    expect(body).toEqual({ username: 'ada@example.com', next: '/consultation/haircare' });
  });

  it('gives unknownUser for an unknown user', async () => {
    server.use(mocks.requestMagicLink(() => mockError(404, { code: 'unknown_user', detail: 'No account for this e-mail.' })));
    const { session, context } = startSession();
    session.send({ type: 'REQUEST_MAGIC_LINK', username: 'nobody@example.com' });
    await settled(session);
    expect(context().magicLink.status).toBe('unknownUser');
  });

  it('gives error for other failures', async () => {
    server.use(mocks.requestMagicLink(() => mockError(429, { code: 'rate_limited', detail: 'Slow down.' })));
    const { session, context } = startSession();
    session.send({ type: 'REQUEST_MAGIC_LINK', username: 'ada@example.com' });
    await settled(session);
    expect(context().magicLink.status).toBe('error');
  });

  it('gives error without a username, sending nothing', () => {
    const { session, context } = startSession();
    session.send({ type: 'REQUEST_MAGIC_LINK', username: '  ' });
    expect(context().magicLink.status).toBe('error');
    session.send({ type: 'REQUEST_MAGIC_LINK' });
    expect(context().magicLink.status).toBe('error');
    expect(requests).toEqual([]);
  });
});

describe('spec 000 §4.6 VERIFY (magic link)', () => {
  it('trades the link token for tokens, drops the guest and loads the user', async () => {
    const signedIn = tokenPairFor('user');
    let token: string | undefined;
    server.use(
      mocks.verifyMagicLink(({ body }) => {
        token = body.token;
        return signedIn;
      }),
    );
    serveAccount();
    const { session, status, tokens } = startSession({ guest: tokenPairFor('guest') });
    session.send({ type: 'VERIFY', token: 'link-token' });
    expect(status()).toBe('loading');
    await settled(session);
    expect(token).toBe('link-token');
    expect(status()).toBe('authenticated');
    expect(tokens.read()).toEqual({ user: signedIn, guest: null });
  });

  it('gives error for a used link and keeps the guest session', async () => {
    const guest = tokenPairFor('guest');
    server.use(mocks.verifyMagicLink(() => mockError(401, { code: 'token_not_valid', detail: 'The link has expired.' })));
    const { session, status, context, tokens } = startSession({ guest });
    session.send({ type: 'VERIFY', token: 'used' });
    await settled(session);
    expect(status()).toBe('error');
    expect(context().error?.code).toBe('token_not_valid');
    expect(tokens.read().guest).toEqual(guest);
  });

  it('wins over a FETCH still loading the old session', async () => {
    const gate = deferred();
    const guest = tokenPairFor('guest');
    server.use(
      mocks.getAccount(async ({ request }) => {
        const isGuest = request.headers.get('Authorization') === `Bearer ${guest.access}`;
        if (isGuest) await gate.promise;
        return isGuest ? guestUser : sampleUser;
      }),
      mocks.getAddresses(() => []),
      mocks.verifyMagicLink(() => tokenPairFor('user')),
    );
    const { session, context } = startSession({ guest });
    session.send({ type: 'FETCH' });
    session.send({ type: 'VERIFY', token: 'link-token' });
    await settled(session);
    gate.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(context().user).toEqual(sampleUser);
  });
});

describe('spec 000 §4.6 SIGN_OUT', () => {
  it('clears the session, revokes the refresh token, gives not_authenticated and emits logout', async () => {
    const user = tokenPairFor('user');
    let revoked: string | undefined;
    serveAccount();
    server.use(
      mocks.signOut(({ body }) => {
        revoked = body.refresh;
        return undefined;
      }),
    );
    const { session, status, context, tokens, logouts } = startSession({ user });
    session.send({ type: 'FETCH' });
    await settled(session);
    session.send({ type: 'SIGN_OUT' });
    expect(status()).toBe('not_authenticated');
    expect(context()).toMatchObject({ user: null, addresses: [], reason: 'signout' });
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(logouts).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(revoked).toBe(user.refresh));
  });

  it('signs out even when the server cannot be reached', async () => {
    server.use(mocks.signOut(() => mockError(503, { code: 'unavailable', detail: 'Down.' })));
    const { session, status } = startSession({ user: tokenPairFor('user') });
    session.send({ type: 'SET_AUTHENTICATED', user: sampleUser });
    session.send({ type: 'SIGN_OUT' });
    expect(status()).toBe('not_authenticated');
    await vi.waitFor(() => expect(requests.filter((r) => r === 'POST /v1/auth/signout/')).toHaveLength(4));
  });

  it('resets the sign-up and magic-link state and abandons a sign-up in flight', async () => {
    const gate = deferred();
    server.use(
      mocks.signUp(async () => {
        await gate.promise;
        return tokenPairFor('late');
      }),
      mocks.signOut(() => undefined),
    );
    const { session, context, tokens } = startSession();
    session.send({ type: 'REQUEST_MAGIC_LINK' });
    session.send({ type: 'SIGN_UP', form: { email: 'ada@example.com' } });
    expect(session.getSnapshot().matches({ signUp: 'submitting' })).toBe(true);
    session.send({ type: 'SIGN_OUT' });
    gate.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.getSnapshot().matches({ signUp: 'idle' })).toBe(true);
    expect(context().magicLink.status).toBe('idle');
    expect(tokens.read().user).toBeNull();
  });
});

describe('spec 000 §4.6 tokens vanishing while signed in', () => {
  it('EXPIRED gives not_authenticated with reason "expired" and emits logout', () => {
    const { session, status, context, logouts } = startSession();
    session.send({ type: 'SET_AUTHENTICATED', user: sampleUser });
    session.send({ type: 'EXPIRED' });
    expect(status()).toBe('not_authenticated');
    expect(context()).toMatchObject({ reason: 'expired', user: null });
    expect(logouts).toHaveBeenCalledTimes(1);
  });
});
