import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, createApiClient, createMemoryTokenStore, type ApiClientOptions, type TokenStore } from '#api';
import { endpoints } from '../../api/endpoints';
import { fakeJwt, mockEndpoint, mockError } from '../../api/client/mocks';
import { baseUrl, deferred, sampleAddress, sampleHairProfile, sampleUser, tokenPairFor } from './client-fixtures';
import { rosaOrder } from '../../stories/fixtures/orders';

/** How long vi.waitFor may wait for a condition: only a bound on a hang, never a test of speed (the machine may be busy). */
const WAIT = 60_000;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function client(tokens: TokenStore = createMemoryTokenStore(), options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl, tokens, retryDelay: () => 0, contract: endpoints, ...options });
}

/** Serves GET /v1/account/ and records the bearer of each attempt. */
function recordAccountBearers(respond: (attempt: number) => Response | undefined = () => undefined) {
  const bearers: (string | null)[] = [];
  server.use(
    mockEndpoint(
      'getAccount',
      ({ request }) => {
        bearers.push(request.headers.get('Authorization'));
        return respond(bearers.length) ?? sampleUser;
      },
      { baseUrl },
    ),
  );
  return bearers;
}

/** Serves the refresh call with fresh pairs named refreshed-1, refreshed-2, ... and records the refresh tokens sent. */
function serveRefresh(options: { gate?: Promise<void>; respond?: () => Response | undefined } = {}) {
  const received: string[] = [];
  server.use(
    mockEndpoint(
      'refresh',
      async ({ body }) => {
        received.push(body.refresh);
        await options.gate;
        return options.respond?.() ?? tokenPairFor(`refreshed-${received.length}`);
      },
      { baseUrl },
    ),
  );
  return received;
}

describe('spec 000 §4.6 tokens: which bearer', () => {
  it("sends the user's access token and drops the guest tokens when both exist", async () => {
    const user = tokenPairFor('user');
    const tokens = createMemoryTokenStore({ user, guest: tokenPairFor('guest') });
    const bearers = recordAccountBearers();
    await client(tokens).getAccount();
    expect(bearers).toEqual([`Bearer ${user.access}`]);
    expect(tokens.read()).toEqual({ user, guest: null });
  });

  it("sends the guest's access token when no user is signed in", async () => {
    const guest = tokenPairFor('guest');
    const bearers = recordAccountBearers();
    await client(createMemoryTokenStore({ guest })).getAccount();
    expect(bearers).toEqual([`Bearer ${guest.access}`]);
  });

  it('sends no Authorization header when nothing is stored, nor on calls that never authenticate', async () => {
    const bearers = recordAccountBearers();
    await client().getAccount();
    let guestSignUpAuth: string | null = 'unset';
    server.use(
      mockEndpoint(
        'signUpGuest',
        ({ request }) => {
          guestSignUpAuth = request.headers.get('Authorization');
          return tokenPairFor('new-guest');
        },
        { baseUrl },
      ),
    );
    await client(createMemoryTokenStore({ guest: tokenPairFor('guest') })).signUpGuest();
    expect(bearers).toEqual([null]);
    expect(guestSignUpAuth).toBeNull();
  });

  it('sends the guest’s token with a magic link, so only the guest session that asked for it brings its answers (server/identity/README.md)', async () => {
    const guest = tokenPairFor('guest');
    let verifyAuth: string | null = 'unset';
    server.use(
      mockEndpoint(
        'verifyMagicLink',
        ({ request }) => {
          verifyAuth = request.headers.get('Authorization');
          return tokenPairFor('new');
        },
        { baseUrl },
      ),
    );
    await client(createMemoryTokenStore({ guest })).verifyMagicLink('link-token');
    expect(verifyAuth).toBe(`Bearer ${guest.access}`);
  });
});

describe('spec 000 §4.6 tokens: refresh', () => {
  it('refreshes an expired access token before the request and stores the rotated pair', async () => {
    const user = tokenPairFor('user', -10);
    const tokens = createMemoryTokenStore({ user });
    const refreshes = serveRefresh();
    const bearers = recordAccountBearers();
    await client(tokens).getAccount();
    expect(refreshes).toEqual([user.refresh]);
    const rotated = tokens.read().user!;
    expect(rotated.refresh).not.toBe(user.refresh);
    expect(bearers).toEqual([`Bearer ${rotated.access}`]);
  });

  it('refreshes a token within 30 s of expiry, and leaves one with longer to live', async () => {
    const refreshes = serveRefresh();
    recordAccountBearers();
    await client(createMemoryTokenStore({ user: tokenPairFor('soon', 20) })).getAccount();
    await client(createMemoryTokenStore({ user: tokenPairFor('later', 120) })).getAccount();
    expect(refreshes).toHaveLength(1);
  });

  it('refreshes the guest pair in the guest slot', async () => {
    const guest = tokenPairFor('guest', -1);
    const tokens = createMemoryTokenStore({ guest });
    serveRefresh();
    recordAccountBearers();
    await client(tokens).getAccount();
    expect(tokens.read().user).toBeNull();
    expect(tokens.read().guest?.refresh).not.toBe(guest.refresh);
  });

  it('refreshes again before a retry when the token expired meanwhile', async () => {
    let clock = Date.now();
    const tokens = createMemoryTokenStore({ user: tokenPairFor('user', 45) });
    const refreshes = serveRefresh();
    const bearers = recordAccountBearers((attempt) => {
      if (attempt > 1) return undefined;
      clock += 60_000; // the first attempt fails slowly: by the retry the access token has expired
      return mockError(503, { code: 'unavailable', detail: 'Try again.' });
    });
    await client(tokens, { now: () => clock }).getAccount();
    expect(refreshes).toHaveLength(1);
    expect(bearers).toHaveLength(2);
    expect(bearers[1]).toBe(`Bearer ${tokens.read().user!.access}`);
    expect(bearers[0]).not.toBe(bearers[1]);
  });

  it('shares one refresh between concurrent requests', async () => {
    const tokens = createMemoryTokenStore({ user: tokenPairFor('user', -10) });
    const gate = deferred();
    const refreshes = serveRefresh({ gate: gate.promise });
    const bearers = recordAccountBearers();
    server.use(
      mockEndpoint('getAddresses', () => [sampleAddress], { baseUrl }),
      mockEndpoint('getHairProfile', () => sampleHairProfile, { baseUrl }),
    );
    const api = client(tokens);
    const all = Promise.all([api.getAccount(), api.getAddresses(), api.getHairProfile()]);
    await vi.waitFor(() => expect(refreshes).toHaveLength(1), { timeout: WAIT });
    gate.resolve();
    await all;
    expect(refreshes).toHaveLength(1);
    expect(bearers).toEqual([`Bearer ${tokens.read().user!.access}`]);
  });

  it('does not overwrite a session that changed while the refresh was in flight', async () => {
    const tokens = createMemoryTokenStore({ user: tokenPairFor('old', -10) });
    const gate = deferred();
    const refreshes = serveRefresh({ gate: gate.promise });
    recordAccountBearers();
    const request = client(tokens).getAccount();
    await vi.waitFor(() => expect(refreshes).toHaveLength(1), { timeout: WAIT });
    const signedIn = tokenPairFor('someone-else');
    tokens.setUser(signedIn);
    gate.resolve();
    await request;
    expect(tokens.read().user).toEqual(signedIn);
  });

  it('retries a refresh that failed on the network and keeps the tokens', async () => {
    const tokens = createMemoryTokenStore({ user: tokenPairFor('user', -10) });
    let failures = 0;
    serveRefresh({ respond: () => (failures++ === 0 ? HttpResponse.error() : undefined) });
    recordAccountBearers();
    await expect(client(tokens).getAccount()).resolves.toEqual(sampleUser);
    expect(tokens.read().user).not.toBeNull();
  });
});

describe('spec 000 §4.6, §8 cannot refresh: the user must sign in again', () => {
  it('raises cannot_refresh and clears the tokens when the refresh is refused', async () => {
    const tokens = createMemoryTokenStore({ user: tokenPairFor('user', -10), guest: tokenPairFor('guest') });
    serveRefresh({ respond: () => mockError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' }) });
    const bearers = recordAccountBearers();
    const error = await client(tokens)
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'cannot_refresh', detail: 'Cannot refresh token, must signin', status: 0 });
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(bearers).toEqual([]);
  });

  it('does not call the server when the refresh token has expired too', async () => {
    const tokens = createMemoryTokenStore({ user: tokenPairFor('user', -10, -5) });
    const refreshes = serveRefresh();
    await expect(client(tokens).getAccount()).rejects.toMatchObject({ code: 'cannot_refresh' });
    expect(refreshes).toEqual([]);
    expect(tokens.read().user).toBeNull();
  });

  it('raises cannot_refresh when there is no refresh token', async () => {
    const tokens = createMemoryTokenStore({ user: { access: fakeJwt(1), refresh: '' } });
    await expect(client(tokens).getAccount()).rejects.toMatchObject({ code: 'cannot_refresh' });
  });

  it('lets sign-up go ahead without a bearer when the stored session cannot be refreshed', async () => {
    const tokens = createMemoryTokenStore({ guest: tokenPairFor('guest', -10, -5) });
    let auth: string | null = 'unset';
    server.use(
      mockEndpoint(
        'signUp',
        ({ request }) => {
          auth = request.headers.get('Authorization');
          return tokenPairFor('new-user');
        },
        { baseUrl },
      ),
    );
    await client(tokens).signUp({ email: 'ada@example.com', has_accepted_terms: true });
    expect(auth).toBeNull();
  });
});

describe('spec 000 §4.6, §8 token_not_valid', () => {
  it('clears every stored token and is not retried', async () => {
    const tokens = createMemoryTokenStore({ guest: tokenPairFor('guest') });
    const bearers = recordAccountBearers(() => mockError(401, { code: 'token_not_valid', detail: 'Token is invalid or expired' }));
    const error = await client(tokens)
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'token_not_valid', detail: 'Token is invalid or expired' });
    expect(tokens.read()).toEqual({ user: null, guest: null });
    expect(bearers).toHaveLength(1);
  });

  it('keeps the session when the rejected token was not a stored one (an expired magic link)', async () => {
    const guest = tokenPairFor('guest');
    const tokens = createMemoryTokenStore({ guest });
    server.use(mockEndpoint('verifyMagicLink', () => mockError(401, { code: 'token_not_valid', detail: 'The link has expired.' }), { baseUrl }));
    await expect(client(tokens).verifyMagicLink('used-link')).rejects.toMatchObject({ code: 'token_not_valid' });
    expect(tokens.read().guest).toEqual(guest);
  });
});

describe('spec 000 §7 retries', () => {
  it('tries 3 more times after 5xx, waiting longer each time, then fails and reports it', async () => {
    const onUnhandled = vi.fn();
    const retryDelay = vi.fn((attempt: number) => attempt);
    const bearers = recordAccountBearers(() => mockError(503, { code: 'unavailable', detail: 'Down for maintenance.' }));
    const error = await client(undefined, { onUnhandled, retryDelay })
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'unavailable' });
    expect(bearers).toHaveLength(4);
    expect(retryDelay.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2]);
    expect(onUnhandled).toHaveBeenCalledTimes(1);
    expect(onUnhandled.mock.calls[0]?.[1]).toMatchObject({ endpoint: 'getAccount', method: 'GET', url: `${baseUrl}/v1/account/` });
  });

  it('retries network errors and 429 until one succeeds', async () => {
    const bearers = recordAccountBearers((attempt) =>
      attempt === 1 ? HttpResponse.error() : attempt === 2 ? mockError(429, { code: 'rate_limited', detail: 'Slow down.' }) : undefined,
    );
    await expect(client().getAccount()).resolves.toEqual(sampleUser);
    expect(bearers).toHaveLength(3);
  });

  it('issue 14, §7: placing an order after a lost reply is retried with the same Idempotency-Key, so the server finds the first order', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${baseUrl}/v2/orders/`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json(rosaOrder, { status: 201 });
      }),
    );
    const tokens = createMemoryTokenStore({ user: tokenPairFor('u') });
    await expect(client(tokens).placeOrder({ category: 'haircare', payment: { token: 'tok_1' } }, 'attempt-1')).resolves.toMatchObject({
      pubkey: rosaOrder.pubkey,
    });
    expect(keys).toEqual(['attempt-1', 'attempt-1']);
  });

  it('§7: a reply that is not JSON is not_a_json with "Expected a JSON response."', async () => {
    server.use(
      http.get(`${baseUrl}/v2/orders/`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
    );
    const tokens = createMemoryTokenStore({ user: tokenPairFor('u') });
    await expect(client(tokens, { retries: 0 }).listOrders()).rejects.toMatchObject({ code: 'not_a_json', detail: 'Expected a JSON response.' });
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', async (status) => {
    const bearers = recordAccountBearers(() => mockError(status, { code: 'nope', detail: 'No.' }));
    await expect(client().getAccount()).rejects.toMatchObject({ status, code: 'nope' });
    expect(bearers).toHaveLength(1);
  });

  it('waits 300 ms, 600 ms, 1200 ms (plus under 100 ms of jitter) by default', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let attempts = 0;
    const api = createApiClient({
      tokens: createMemoryTokenStore(),
      fetch: async () => {
        attempts++;
        throw new TypeError('fetch failed');
      },
    });
    const result = api.getAccount().catch((e: unknown) => e);
    const attemptsAt = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return attempts;
    };
    expect(await attemptsAt(0)).toBe(1);
    expect(await attemptsAt(349)).toBe(1);
    expect(await attemptsAt(1)).toBe(2); // 350 ms: 300 + 50 of jitter
    expect(await attemptsAt(649)).toBe(2);
    expect(await attemptsAt(1)).toBe(3); // then 650 ms
    expect(await attemptsAt(1249)).toBe(3);
    expect(await attemptsAt(1)).toBe(4); // then 1250 ms
    expect(await result).toMatchObject({ code: 'network_error', status: 0 });
    vi.restoreAllMocks();
  });
});

describe('spec 000 §7 timeout and request shape', () => {
  it('gives up on an attempt after 60 s by default', async () => {
    vi.useFakeTimers();
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const result = createApiClient({ tokens: createMemoryTokenStore(), fetch: hanging, retries: 0 })
      .getAccount()
      .catch((e: unknown) => e);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: 'timeout', status: 0 });
  });

  it('retries timed-out attempts', async () => {
    let attempts = 0;
    server.use(
      http.get(`${baseUrl}/v1/account/`, async () => {
        attempts++;
        // The first two attempts never answer; the third answers at once, however busy the machine.
        if (attempts < 3) await delay('infinite');
        return HttpResponse.json(sampleUser);
      }),
    );
    await expect(client(undefined, { timeoutMs: 200 }).getAccount()).resolves.toEqual(sampleUser);
    expect(attempts).toBe(3);
  });

  it('includes credentials and sends JSON', async () => {
    const fetchSpy = vi.fn<typeof fetch>((input, init) => globalThis.fetch(input, init));
    server.use(mockEndpoint('patchAccount', ({ body }) => ({ ...sampleUser, ...body }), { baseUrl }));
    const updated = await client(createMemoryTokenStore({ user: tokenPairFor('u') }), { fetch: fetchSpy }).patchAccount({ first_name: 'Grace' });
    expect(updated.first_name).toBe('Grace');
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"first_name":"Grace"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('stops at once, without retrying or reporting, when the caller cancels', async () => {
    const onUnhandled = vi.fn();
    let attempts = 0;
    server.use(
      http.get(`${baseUrl}/v1/account/`, async () => {
        attempts++;
        await delay('infinite');
        return HttpResponse.json(sampleUser);
      }),
    );
    const controller = new AbortController();
    const result = client(undefined, { onUnhandled })
      .getAccount({ signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(attempts).toBe(1), { timeout: WAIT });
    controller.abort();
    expect(await result).toMatchObject({ code: 'cancelled' });
    expect(attempts).toBe(1);
    expect(onUnhandled).not.toHaveBeenCalled();
  });
});

describe('spec 000 §7, §8 responses and errors', () => {
  it('turns a non-JSON error response into not_a_json', async () => {
    server.use(
      http.get(`${baseUrl}/v1/account/`, () => new HttpResponse('<html>Bad gateway</html>', { status: 400, headers: { 'Content-Type': 'text/html' } })),
    );
    const error = await client()
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'not_a_json', detail: 'Expected a JSON response.' });
  });

  it('retries a 502 HTML page from a proxy, then reports not_a_json', async () => {
    let attempts = 0;
    server.use(
      http.get(`${baseUrl}/v1/account/`, () => {
        attempts++;
        return new HttpResponse('Bad gateway', { status: 502 });
      }),
    );
    await expect(client().getAccount()).rejects.toMatchObject({ status: 502, code: 'not_a_json' });
    expect(attempts).toBe(4);
  });

  it('keeps the code, detail and field errors of an error response', async () => {
    server.use(
      mockEndpoint(
        'createAddress',
        () => mockError(400, { code: 'validation_error', detail: 'Check the fields.', fields: { zipcode: ['Enter the zip or postal code.'] } }),
        { baseUrl },
      ),
    );
    const error = await client(createMemoryTokenStore({ user: tokenPairFor('u') }))
      .createAddress({ address1: '1 Main St', city: 'Brooklyn', state: 'NY', zipcode: '112', country: 'US' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', detail: 'Check the fields.', fields: { zipcode: ['Enter the zip or postal code.'] } });
  });

  it('gives an error body without a code a code from its status', async () => {
    server.use(http.get(`${baseUrl}/v1/account/`, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await expect(client().getAccount()).rejects.toMatchObject({ status: 404, code: 'http_404', detail: 'Not found.' });
  });

  it('answers undefined for 204', async () => {
    let method = '';
    server.use(
      mockEndpoint(
        'deleteAddress',
        ({ request, params }) => {
          method = `${request.method} ${params.pubkey}`;
          return undefined;
        },
        { baseUrl },
      ),
    );
    await expect(client(createMemoryTokenStore({ user: tokenPairFor('u') })).deleteAddress('adr_1')).resolves.toBeUndefined();
    expect(method).toBe('DELETE adr_1');
  });

  it('rejects a response that breaks the contract with unexpected_response', async () => {
    const onUnhandled = vi.fn();
    server.use(http.get(`${baseUrl}/v1/account/`, () => HttpResponse.json({ pubkey: 'usr_1' })));
    await expect(client(undefined, { onUnhandled }).getAccount()).rejects.toMatchObject({ status: 200, code: 'unexpected_response' });
    expect(onUnhandled).toHaveBeenCalledTimes(1);
    server.use(http.get(`${baseUrl}/v1/account/`, () => HttpResponse.json({ pubkey: 'usr_1' })));
    await expect(client(undefined, { contract: undefined }).getAccount()).resolves.toEqual({ pubkey: 'usr_1' });
  });
});

describe('spec 000 §7 call shapes', () => {
  it('asks for product recommendations of any category other than skincare as haircare', async () => {
    const seen: string[] = [];
    server.use(
      mockEndpoint(
        'getProductRecommendations',
        ({ query }) => {
          seen.push(query.toString());
          return { category: query.get('category') === 'skincare' ? ('skincare' as const) : ('haircare' as const), recommendations: [] };
        },
        { baseUrl },
      ),
    );
    const api = client(createMemoryTokenStore({ user: tokenPairFor('u') }));
    await api.getProductRecommendations('supplements');
    await api.getProductRecommendations('skincare');
    expect(seen).toEqual(['category=haircare', 'category=skincare']);
  });

  it('saves answers with source "website"', async () => {
    let saved: unknown;
    server.use(
      mockEndpoint(
        'patchHairProfile',
        ({ body }) => {
          saved = body;
          return sampleHairProfile;
        },
        { baseUrl },
      ),
    );
    await client(createMemoryTokenStore({ user: tokenPairFor('u') })).patchHairProfile({ diag_hair_type: 'oily' });
    expect(saved).toEqual({ source: 'website', diag_hair_type: 'oily' });
  });

  it('leaves out an absent query and encodes path parameters', async () => {
    const urls: string[] = [];
    server.use(
      http.all(`${baseUrl}/*`, ({ request }) => {
        urls.push(`${request.method} ${request.url}`);
        return HttpResponse.json({});
      }),
    );
    const api = client(createMemoryTokenStore({ user: tokenPairFor('u') }), { contract: undefined });
    await api.getQuestionSets();
    await api.getQuestionSets('skincare');
    await api.getStylist('jane doe/salon');
    expect(urls).toEqual([
      `GET ${baseUrl}/v1/question_sets`,
      `GET ${baseUrl}/v1/question_sets?category=skincare`,
      `GET ${baseUrl}/v1/stylists/jane%20doe%2Fsalon`,
    ]);
  });
});
