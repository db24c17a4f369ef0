import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { anonymousEnvironment } from '#engine';
import { createApiClient, createMemoryTokenStore, endpoints, hairProfile, type HairProfilePatch } from '#api';
import { createMocks } from '../../api/client/mocks';
import { localAnswerBuffer } from '../../app/consultation/answer-buffer.ts';
import { completeConsultation, type ConsultationDeps } from '../../app/consultation/consultation-actors.ts';
import { baseUrl, sampleHairProfile, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signedIn = anonymousEnvironment({ session: 'authenticated', user: { hasNames: true } });

/** The real client against msw: the mock checks each body against the declared PATCH schema (a 400 otherwise). */
function deps(statuses: Record<string, string> = {}): ConsultationDeps {
  const api = createApiClient({ baseUrl, tokens: createMemoryTokenStore({ user: tokenPairFor('u') }), retries: 0, contract: endpoints });
  return { api, buffer: localAnswerBuffer(localStorage), saved: {}, statuses, versions: { answers: 0, fragrances: 0 } };
}

describe('spec 000 §4.1, §4.4 finishing, over HTTP', () => {
  it('spec 000 §4.1: completing a consultation sends status "completed" with the category’s status and the completion fields', async () => {
    const sent: HairProfilePatch[] = [];
    server.use(
      mocks.patchHairProfile(({ body }) => {
        sent.push(body);
        return hairProfile.parse({ ...sampleHairProfile, status: 'completed', consultation_statuses: { haircare: 'completed', skincare: 'not_started' } });
      }),
    );
    const d = deps();
    await completeConsultation(d, { category: 'haircare', values: { has_answered_haircare_questions: true }, env: signedIn });
    expect(sent).toEqual([
      { source: 'website', has_answered_haircare_questions: true, status: 'completed', consultation_status: { category: 'haircare', status: 'completed' } },
    ]);
    expect(d.statuses.haircare).toBe('completed');
  });

  it('spec 000 §4.1: a consultation already completed sends nothing again', async () => {
    let calls = 0;
    server.use(mocks.patchHairProfile(() => (calls++, sampleHairProfile)));
    await completeConsultation(deps({ skincare: 'completed' }), { category: 'skincare', values: {}, env: signedIn });
    expect(calls).toBe(0);
  });
});
