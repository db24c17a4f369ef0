import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createApiClient, createMemoryTokenStore } from '#api';
import { routes } from '../../api/routes';
import { endpoints } from '../../api/endpoints';
import { createCallRoute, createSessionApiClient, sessionRoutes } from '../../api/client/session-client';
import { mockEndpoint } from '../../api/client/mocks';
import { baseUrl, sampleAddress, sampleUser, tokenPairFor } from './client-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the session client (a signed-in page calls these without the client of every call)', () => {
  it('has the route of api/routes.ts for each of its calls', () => {
    for (const [name, route] of Object.entries(sessionRoutes)) expect(route, name).toEqual(routes[name as keyof typeof routes]);
  });

  it('has each method of the full client, and the full client keeps every one of them', () => {
    const tokens = createMemoryTokenStore();
    const session = createSessionApiClient({ baseUrl, tokens });
    const full = createApiClient({ baseUrl, tokens });
    expect(Object.keys(session).sort()).toEqual(Object.keys(sessionRoutes).sort());
    for (const name of Object.keys(session)) expect(typeof full[name as keyof typeof full], name).toBe('function');
  });

  it('shares one refresh with the full client made on the same calls (one token keeper: the rotated pair is used once)', async () => {
    const tokens = createMemoryTokenStore();
    tokens.setUser(tokenPairFor('expired', -60));
    const refreshes: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockEndpoint(
        'refresh',
        async ({ body }) => {
          refreshes.push((body as { refresh: string }).refresh);
          await gate;
          return tokenPairFor(`refreshed-${refreshes.length}`);
        },
        { baseUrl },
      ),
      mockEndpoint('getAccount', () => sampleUser, { baseUrl }),
      mockEndpoint('getAddresses', () => [sampleAddress], { baseUrl }),
    );
    const options = { baseUrl, tokens, retryDelay: () => 0, contract: endpoints };
    const callRoute = createCallRoute(options);
    const session = createSessionApiClient(options, callRoute);
    const full = createApiClient(options, callRoute);
    const both = Promise.all([session.getAccount(), full.getAddresses()]);
    release();
    await expect(both).resolves.toEqual([sampleUser, [sampleAddress]]);
    expect(refreshes).toHaveLength(1);
  });
});
