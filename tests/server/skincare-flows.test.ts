import { beforeAll, describe, expect, it } from 'vitest';
import { hairProfile, questionSets, type Question } from '#api';
import { loadFlowFile } from '#engine/compiler';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, type TestApp } from './support/test-app';

// The skincare flow (flows/consultation/skincare.yaml) as the server serves it (spec 000 §3.1) and checks its answers (§3.3, §4.3).
let flows: ProfileFlows;
beforeAll(() => {
  flows = loadProfileFlows('flows');
});

function compiled(file: string) {
  const { flow } = loadFlowFile(file);
  if (!flow) throw new Error(`${file} does not compile.`);
  return flow;
}

/** The question of the step that writes `field`, found by the step's route (names of steps may change, fields do not). */
function questionFor(questions: Question[], flow: ReturnType<typeof compiled>, field: string): Question {
  const step = flow.steps.find((s) => 'field' in s && s.field === field);
  if (!step) throw new Error(`No step of ${flow.id} writes ${field}.`);
  const question = questions.find((q) => q.url_path === step.route);
  if (!question) throw new Error(`No question for ${step.route}.`);
  return question;
}

describeEachDatabase('the skincare flow on the server (spec 000 §2.5, §3.1, §3.3)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows });
  });

  describe('GET /v1/question_sets (§3.1)', () => {
    const skincare = () => compiled('flows/consultation/skincare.yaml');
    const get = async (category: string) => {
      const response = await t.call('GET', `/v1/question_sets?category=${category}`);
      expect(response.status).toBe(200);
      const sets = questionSets.parse(response.body);
      expect(Object.keys(sets)).toEqual([category]);
      return sets[category]!;
    };

    it('every skincare step with options is a question, at its route, in its section', async () => {
      const questions = await get('skincare');
      const flow = skincare();
      const withOptions = flow.steps.filter((s) => 'options' in s && s.options.length > 0);
      expect(withOptions.length).toBeGreaterThanOrEqual(25);
      for (const step of withOptions) {
        const question = questions.find((q) => q.url_path === step.route);
        expect(question, step.name).toMatchObject({ slug: step.name, section: step.section });
        expect(question!.url_path.startsWith('/consultation/skincare/'), step.name).toBe(true);
        expect(question!.title, step.name).not.toBe('');
        expect(question!.answers.length, step.name).toBeGreaterThan(0);
      }
      expect(questions.map((q) => q.url_path)).toEqual([...new Set(questions.map((q) => q.url_path))]);
    });

    it('profile_age_range answers are integers 20-70 (answer_type int)', async () => {
      const age = questionFor(await get('skincare'), skincare(), 'profile_age_range');
      expect(age).toMatchObject({ question_type: 'single_choice', answer_type: 'int' });
      expect(age.answers.map((a) => a.value)).toEqual([20, 30, 40, 50, 60, 70]);
      expect(age.answers[0]?.title).toBe('Under 30');
    });

    it('diag_concerns is multi_choice with the fourteen concerns of §3.3', async () => {
      const concerns = questionFor(await get('skincare'), skincare(), 'diag_concerns');
      expect(concerns).toMatchObject({ question_type: 'multi_choice', answer_type: 'str' });
      expect(concerns.answers.map((a) => a.value).sort()).toEqual(
        [
          'breakouts',
          'dryness',
          'oiliness',
          'fine_lines',
          'lack_firmness',
          'under_eye_skin',
          'enlarged_pores',
          'clogged_pores',
          'redness',
          'hyperpigmentation',
          'dullness',
          'uneven_texture',
          'sensitivity',
          'scars',
        ].sort(),
      );
    });

    it('diag_routine_products is routine_products; the multi-select questions of §5.1 are multi_choice', async () => {
      const questions = await get('skincare');
      const flow = skincare();
      expect(questionFor(questions, flow, 'diag_routine_products').question_type).toBe('routine_products');
      const multi = [
        'diag_concerns',
        'diag_oil_location',
        'diag_zits_cause',
        'diag_zits_location',
        'diag_wrinkles',
        'diag_firmnesses',
        'profile_backgrounds',
        'goal_skincare',
        'profile_indoor',
        'profile_hormones_skin',
        'profile_vices',
        'profile_stress_cause',
      ];
      for (const field of multi) expect(questionFor(questions, flow, field).question_type, field).toBe('multi_choice');
      for (const field of ['diag_skintype_morning', 'diag_phototype', 'diag_comfort', 'profile_health_sleep', 'profile_outdoor', 'diag_zits_frequency']) {
        expect(questionFor(questions, flow, field).question_type, field).toBe('single_choice');
      }
    });

    it('the diet is a matrix: one row per diet field, each answered on the frequency scale of §3.3', async () => {
      const diet = (await get('skincare')).find((q) => q.question_type === 'matrix');
      expect(diet?.rows?.map((r) => r.field)).toEqual([
        'profile_diet_meat',
        'profile_diet_dairy',
        'profile_diet_seafood',
        'profile_diet_fruit',
        'profile_diet_carbs',
      ]);
      expect(diet?.rows?.every((r) => r.title !== '')).toBe(true);
      expect(diet?.answers.map((a) => a.value)).toEqual(['never', 'between_never_often', 'often', 'between_often_every_day', 'every_day']);
    });

    it('the fragrance and texture steps open their special screens', async () => {
      const questions = await get('skincare');
      const types = new Set(questions.map((q) => q.question_type));
      for (const type of ['fragrance', 'textures', 'zipcode']) expect(types.has(type), type).toBe(true);
      const flow = skincare();
      expect(questionFor(questions, flow, 'pref_texture_cleanser').answers.map((a) => a.value)).toEqual(['foaming_gel', 'cleansing_cream']);
      expect(questionFor(questions, flow, 'pref_texture_moisturizer').answers.map((a) => a.value)).toEqual(['light', 'medium', 'rich']);
    });

    it('haircare: a yes/no step answers with the strings "True" and "False" (§3.1)', async () => {
      const questions = await get('haircare');
      const booleans = compiled('flows/consultation/haircare.yaml').steps.filter((s) => s.kind === 'boolean');
      expect(booleans.length).toBeGreaterThan(0);
      for (const step of booleans) {
        const question = questions.find((q) => q.url_path === step.route);
        expect(question, step.name).toMatchObject({ question_type: 'single_choice', answer_type: 'str' });
        expect(question!.answers.map((a) => a.value).sort(), step.name).toEqual(['False', 'True']);
      }
    });
  });

  describe('PATCH /v1/account/hair_profile/ with skincare answers (§3.3, §4.3)', () => {
    const patch = (token: string, body: Record<string, unknown>) =>
      t.call('PATCH', '/v1/account/hair_profile/', { token, body: { source: 'website', ...body } });
    const profile = async (token: string) => hairProfile.parse((await t.call('GET', '/v1/account/hair_profile/', { token })).body);

    it('saves skincare answers and starts the skincare consultation only', async () => {
      const { access } = await signUpCustomer(t);
      const response = await patch(access, { diag_concerns: ['breakouts'], profile_diet_meat: 'often', profile_age_range: 30 });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const saved = await profile(access);
      expect(saved).toMatchObject({ diag_concerns: ['breakouts'], profile_diet_meat: 'often', profile_age_range: 30, source: 'website' });
      // profile_age_range is asked in both consultations; diag_concerns only in skincare.
      expect(saved.consultation_statuses.skincare).toBe('draft');
      expect(saved.consultation_statuses.haircare ?? 'not_started').toBe('not_started');
    });

    it('an answer both consultations ask (age, hydration) starts neither (§4.1)', async () => {
      const { access } = await signUpCustomer(t);
      expect((await patch(access, { profile_age_range: 40, profile_hydration: '4_6_glasses' })).status).toBe(200);
      const statuses = (await profile(access)).consultation_statuses;
      expect(statuses.haircare ?? 'not_started').toBe('not_started');
      expect(statuses.skincare ?? 'not_started').toBe('not_started');
    });

    it('saves the preference screens’ answers: skin fragrance and textures', async () => {
      const { access } = await signUpCustomer(t);
      const response = await patch(access, {
        pref_fragrance_skin: 'PACIFICA',
        pref_fragrance_free_skin: false,
        pref_texture_cleanser: 'foaming_gel',
        pref_texture_moisturizer: 'rich',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((await t.call('GET', '/v1/account/', { token: access })).body.profile.fragrance_skin).toBe('PACIFICA');
      expect((await patch(access, { pref_fragrance_skin: null, pref_fragrance_free_skin: true })).status).toBe(200);
      expect((await t.call('GET', '/v1/account/', { token: access })).body.profile.fragrance_skin).toBe('FREE');
    });

    it('a wrong value is 400 naming the field, and nothing of the request is saved', async () => {
      const { access } = await signUpCustomer(t);
      const bad: Record<string, unknown>[] = [
        { diag_concerns: ['breakouts'], profile_diet_meat: 'sometimes' },
        { diag_concerns: ['breakouts'], profile_age_range: '30' },
        { diag_concerns: ['breakouts'], profile_age_range: 35 },
        { diag_concerns: ['breakouts'], diag_skintype_morning: ['oily'] },
        { diag_concerns: ['breakouts'], profile_backgrounds: ['none', 'itching'] },
        { diag_concerns: ['breakouts'], diag_routine_products: 'toner' },
        { diag_concerns: ['breakouts'], pref_texture_cleanser: 'gel' },
      ];
      for (const body of bad) {
        const response = await patch(access, body);
        const field = Object.keys(body)[1]!;
        expect(response.status, field).toBe(400);
        expect(response.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
        expect(Object.keys(response.body.fields), JSON.stringify(body)).toEqual([field]);
      }
      const after = await profile(access);
      expect(after.diag_concerns).toBeUndefined();
      expect(after.consultation_statuses.skincare).toBe('not_started');
    });

    it('the has_answered flags (§2.6) are accepted booleans that start no consultation', async () => {
      const { access } = await signUpCustomer(t);
      for (const value of [true, false, true]) {
        const response = await patch(access, { has_answered_supplements_questions: value, has_answered_styling_gel_questions: value });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body).toMatchObject({ has_answered_supplements_questions: value, has_answered_styling_gel_questions: value });
      }
      const saved = await profile(access);
      expect(saved.consultation_statuses).toEqual({ haircare: 'not_started', skincare: 'not_started' });
      const user = (await t.call('GET', '/v1/account/', { token: access })).body;
      expect(user.profile).toMatchObject({ has_answered_supplements_questions: true, has_answered_styling_gel_questions: true });

      const notBoolean = await patch(access, { has_answered_supplements_questions: 'yes', diag_concerns: ['breakouts'] });
      expect(notBoolean.status).toBe(400);
      expect(Object.keys(notBoolean.body.fields)).toEqual(['has_answered_supplements_questions']);
      expect((await profile(access)).diag_concerns).toBeUndefined();
    });

    it('a flag with a bad answer beside it: both are named', async () => {
      const { access } = await signUpCustomer(t);
      const response = await patch(access, { has_answered_styling_gel_questions: 1, diag_phototype: 'tans' });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields).sort()).toEqual(['diag_phototype', 'has_answered_styling_gel_questions']);
    });
  });
});
