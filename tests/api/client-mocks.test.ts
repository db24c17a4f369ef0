import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createApiClient, createMemoryTokenStore, type SignupResponse } from '#api';
import { createMocks, mockEndpoint, mockResponse } from '../../api/client/mocks';
import { baseUrl, sampleUser, tokenPairFor } from './client-fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const mocks = createMocks({ baseUrl });
const api = () => createApiClient({ baseUrl, tokens: createMemoryTokenStore({ user: tokenPairFor('u') }), retries: 0 });

describe('typed msw mocks cannot drift from the contract', () => {
  it('hands the resolver the body as the contract parses it', async () => {
    let received: unknown;
    server.use(
      mocks.signUp(({ body }) => {
        received = body;
        return { magic_link_sent: true };
      }),
    );
    await api().signUp({ email: ' Ada@Example.COM ', has_accepted_terms: true });
    expect(received).toEqual({ email: 'ada@example.com', has_accepted_terms: true, text_optin: false, text_marketing_optin: false });
  });

  it('answers a request the contract refuses as the server does: 400 validation_error with fields', async () => {
    server.use(mocks.signUp(() => ({ magic_link_sent: true })));
    const client = api();
    // @ts-expect-error has_accepted_terms must be true
    const refused = client.signUp({ email: 'ada@', has_accepted_terms: false });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      fields: { email: ['Enter a valid email address.'], has_accepted_terms: ['You need to accept the terms to continue.'] },
    });
  });

  it('answers 500 mock_contract_violation when the mock body breaks the contract', async () => {
    // @ts-expect-error a user has more fields than this
    server.use(mockEndpoint('getAccount', () => ({ pubkey: 'usr_1' }), { baseUrl }));
    await expect(api().getAccount()).rejects.toMatchObject({ status: 500, code: 'mock_contract_violation' });
    // @ts-expect-error the same through the per-call factory
    server.use(mocks.getAccount(() => ({ ...sampleUser, consultation_statuses: { haircare: 'started', skincare: 'draft' } })));
    await expect(api().getAccount()).rejects.toMatchObject({ status: 500, code: 'mock_contract_violation' });
  });

  it('passes a Response through and types mockResponse by the call', async () => {
    server.use(mockEndpoint('signUp', () => mockResponse<'signUp'>({ magic_link_sent: true }, { status: 200 }), { baseUrl }));
    const result: SignupResponse = await api().signUp({ email: 'ada@example.com', has_accepted_terms: true });
    expect(result).toEqual({ magic_link_sent: true });
    server.use(mockEndpoint('getAccount', () => sampleUser, { baseUrl }));
    await expect(api().getAccount()).resolves.toEqual(sampleUser);
  });
});
