import { beforeAll, expect, it } from 'vitest';
import { aggressors, questionSets } from '#api';
import {
  anonymousEnvironment,
  answersFromSelection,
  createFlowRuntime,
  firstUnansweredIndex,
  offeredOptions,
  type Answers,
  type CompiledStep,
  type Selection,
} from '#engine';
import { loadFlowDirectory } from '#engine/compiler';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, type TestApp } from './support/test-app';

// The same routes as profile.test.ts, with the engine and the shop's own flows/ instead of the small fake catalog.
let flows: ProfileFlows;
beforeAll(() => {
  flows = loadProfileFlows('flows');
});

it('names the step whose landing texts a step page preloads, and its section (its modulepreload)', () => {
  expect(flows.consultationPage!('/consultation/haircare/my-hair/length')).toEqual({ sections: ['hair-scalp'], results: false, landing: 'length' });
  expect(flows.consultationPage!('/consultation/skincare/my-lifestyle/age/')).toEqual({ sections: ['lifestyle'], results: false, landing: 'age' });
  // The welcome's variants share its route: the first of them names the page's texts (which hold every variant's).
  expect(flows.consultationPage!('/consultation/haircare')).toEqual({ sections: ['hair-scalp'], results: false, landing: 'welcome' });
  expect(flows.consultationPage!('/consultation/skincare/nowhere')).toBeUndefined();
  // The results page summarises every answer, so it needs every section's texts.
  expect(flows.consultationPage!('/consultation/haircare/results/get-results')).toEqual({
    sections: ['hair-scalp', 'treatments', 'lifestyle', 'preferences'],
    results: true,
  });
});

/**
 * Answers a consultation to its results as a signed-in shopper would: on each shown step still unanswered, the first
 * option offered (a zip code step: New York), until every shown step has its answers.
 */
function answerEveryStep(category: string): Answers {
  const flow = loadFlowDirectory('flows').flows.find((f) => f.kind === 'consultation' && f.category === category)!;
  const env = anonymousEnvironment({ session: 'authenticated' });
  const runtime = createFlowRuntime(flow, env);
  const answers: Answers = {};
  for (let turns = 0; turns < 100; turns++) {
    const scope = { answers, env, variants: runtime.variants };
    const index = firstUnansweredIndex(runtime, scope);
    if (index === -1) return answers;
    const step: CompiledStep = runtime.steps[index]!;
    const first = offeredOptions(runtime, step, scope)[0]?.value;
    let selection: Selection;
    if (step.kind === 'zipcode') selection = { zipcode: '10001', country: 'US' };
    else if (step.kind === 'matrix') selection = Object.fromEntries(step.rows.map((row) => [row.field, first!]));
    else if (['multi', 'goals', 'routine-products'].includes(step.kind)) selection = [first!];
    else selection = first;
    Object.assign(answers, step.kind === 'zipcode' ? { profile_zipcode: '10001', profile_country: 'US' } : answersFromSelection(step, selection));
  }
  throw new Error(`The ${category} consultation did not reach its results.`);
}

describeEachDatabase('profile routes on the real flows (flows/, engine)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows });
  });

  it('GET /v1/question_sets serves the haircare questions compiled from flows/ (spec 000 §3.1)', async () => {
    const response = await t.call('GET', '/v1/question_sets?category=haircare');
    expect(response.status).toBe(200);
    const sets = questionSets.parse(response.body);
    const length = sets.haircare?.find((q) => q.slug === 'length');
    expect(length).toMatchObject({ url_path: '/consultation/haircare/my-hair/length', answer_type: 'str' });
    expect(length!.answers.map((a) => a.value)).toContain('long');
  });

  it('PATCH checks answers against the flow’s options: a bad one is named and nothing is saved', async () => {
    const { access } = await signUpCustomer(t);
    const bad = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { diag_hair_type: 'oily', diag_hair_length: 'medium' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['diag_hair_length']);
    const before = (await t.call('GET', '/v1/account/hair_profile/', { token: access })).body;
    expect(before.diag_hair_type).toBeUndefined();
    expect(before.consultation_statuses.haircare).toBe('not_started');

    const good = await t.call('PATCH', '/v1/account/hair_profile/', {
      token: access,
      body: { diag_hair_type: 'oily', diag_hair_length: 'long', source: 'website' },
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ diag_hair_type: 'oily', diag_hair_length: 'long', consultation_statuses: { haircare: 'draft' } });
  });

  it('an unknown field is refused with a suggestion', async () => {
    const { access } = await signUpCustomer(t);
    const response = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { diag_hair_lenght: 'long' } });
    expect(response.status).toBe(400);
    expect(response.body.fields.diag_hair_lenght[0]).toContain('diag_hair_length');
  });

  it('the zip code step’s fields feed the aggressors call', async () => {
    const { access } = await signUpCustomer(t);
    const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { profile_zipcode: '10001', profile_country: 'US' } });
    expect(saved.status).toBe(200);
    const place = await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access });
    expect(place.body).toMatchObject({ city: 'New York', region: 'NY' });
    expect(aggressors.parse(place.body).aggressors.map((a) => a.slug)).toContain('pollution');
  });

  it('field names and values named like Object.prototype members are a 400 naming the field, never a 500, and save nothing (issue 10, defect 4)', async () => {
    const { access } = await signUpCustomer(t);
    const before = (await t.call('GET', '/v1/account/hair_profile/', { token: access })).body;
    for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__']) {
      const asField = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { [name]: 'x', diag_hair_length: 'long' } });
      expect(asField.status, name).toBe(400);
      expect(Object.keys(asField.body.fields), name).toEqual([name]);
      const asCountry = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { profile_zipcode: '10001', profile_country: name } });
      expect(asCountry.status, name).toBe(400);
      expect(Object.keys(asCountry.body.fields), name).toEqual(['profile_country']);
    }
    for (const name of ['__proto__', 'constructor']) {
      const refused = await t.call('PATCH', '/v1/account/hair_profile/', {
        token: access,
        rawBody: `{"${name}": {"polluted": true}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status, name).toBe(400);
    }
    expect((await t.call('GET', '/v1/account/hair_profile/', { token: access })).body).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('spec 000 §4.4: a finishing save of only {status: "completed"} completes each consultation answered to its results, no other', async () => {
    for (const category of ['haircare', 'skincare'] as const) {
      const { access } = await signUpCustomer(t);
      const answers = answerEveryStep(category);
      const lastField = Object.keys(answers).at(-1)!;
      const { [lastField]: last, ...allButOne } = answers;
      expect((await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: allButOne })).status).toBe(200);
      // One required answer missing: the profile is completed, the consultation stays a draft.
      const early = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { status: 'completed' } });
      expect(early.status).toBe(200);
      expect(early.body.consultation_statuses[category]).toBe('draft');
      // The last answer and the finishing save together, as the spec's client sends them: completed.
      const finish = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { [lastField]: last, status: 'completed' } });
      expect(finish.status).toBe(200);
      expect(finish.body).toMatchObject({ status: 'completed', consultation_statuses: { [category]: 'completed' } });
      const other = category === 'haircare' ? 'skincare' : 'haircare';
      expect(finish.body.consultation_statuses[other]).not.toBe('completed');
    }
  });
});
