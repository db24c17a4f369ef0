import type { RankedFragrance } from '#api';
import { beforeAll, describe, expect, it } from 'vitest';
import { productRecommendations, profileScoring, rankedFragrances, skeletonRecommendations } from '#api';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, startGuest, type TestApp } from './support/test-app';
import { rankedSkeletons } from '../fixtures/skeleton-recommendations';

/** A ranked fragrance's place in the ranking, without the entity's descriptive fields (checked in tests/formulation/fragrances.test.ts). */
const ranking = ({ name, slug, rank, reason_why_slug }: RankedFragrance) => ({ name, slug, rank, reason_why_slug });

// The fragrance and texture rankings (spec 000 §3.5-3.7), read from answers saved through the real flows.
let flows: ProfileFlows;
beforeAll(() => {
  flows = loadProfileFlows('flows');
});

const HAIRCARE_SLUGS = [
  'arcadia',
  'aura',
  'botanica',
  'candela',
  'corsica',
  'elixir',
  'fete',
  'fruitissime',
  'ispahan',
  'meleni',
  'napoli',
  'oasis',
  'palma',
  'perle',
  'prelude',
  'rituel',
  'signature',
  'vitae',
  'paradiso',
  'solstice',
  'glacia',
  'fragrance_free',
];

describeEachDatabase('derived profile data: fragrances, skeleton recommendations and scoring (spec 000 §3.5-3.7)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows });
  });

  const save = async (token: string, body: Record<string, unknown>) => {
    const response = await t.call('PATCH', '/v1/account/hair_profile/', { token, body: { ...body, source: 'website' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const fragrances = async (token: string, category: string) => {
    const response = await t.call('GET', `/v1/account/hair_profile/fragrances?category=${category}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return rankedFragrances.parse(response.body).fragrances;
  };
  const skeletons = async (token: string) => {
    const response = await t.call('GET', '/v1/account/hair_profile/skeleton_recommendations?category=skincare', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = skeletonRecommendations.parse(response.body);
    return Object.fromEntries(body.skeleton_recommendations.map((p) => [p.product_slug, p.ranked_skeletons.map((s) => s.skeleton_slug)]));
  };

  describe('GET /v1/account/hair_profile/fragrances (§3.5)', () => {
    it('skincare: Pacifica, Blanca, Fragrance-Free in catalogue order, ranked 1..3, without a reason', async () => {
      const { access } = await signUpCustomer(t);
      expect((await fragrances(access, 'skincare')).map(ranking)).toEqual([
        { name: 'Pacifica', slug: 'pacifica', rank: 1, reason_why_slug: null },
        { name: 'Blanca', slug: 'blanca', rank: 2, reason_why_slug: null },
        { name: 'Fragrance-Free', slug: 'frag_free', rank: 3, reason_why_slug: null },
      ]);
    });

    it('haircare: every fragrance of §3.5 as a lowercase slug with its name, fragrance-free last', async () => {
      const { access } = await signUpCustomer(t);
      const list = await fragrances(access, 'haircare');
      expect(list.map((f) => f.slug)).toEqual(HAIRCARE_SLUGS);
      expect(list.map((f) => f.rank)).toEqual(HAIRCARE_SLUGS.map((_, i) => i + 1));
      expect(list.find((f) => f.slug === 'fete')?.name).toBe('Fête');
      expect(ranking(list.at(-1)!)).toEqual({ name: 'Fragrance-Free', slug: 'fragrance_free', rank: 22, reason_why_slug: null });
    });

    it('sensitive skin puts fragrance-free first in skincare, with its reason; the softer scent before the stronger', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, { diag_concerns: ['breakouts', 'sensitivity'] });
      expect((await fragrances(access, 'skincare')).map(ranking)).toEqual([
        { name: 'Fragrance-Free', slug: 'frag_free', rank: 1, reason_why_slug: 'fragrance_free_recommender_sensitive_skin_v1' },
        { name: 'Blanca', slug: 'blanca', rank: 2, reason_why_slug: null },
        { name: 'Pacifica', slug: 'pacifica', rank: 3, reason_why_slug: null },
      ]);
      // A skin answer is no reason for the hair fragrance.
      expect((await fragrances(access, 'haircare'))[0]?.slug).toBe('arcadia');
    });

    it('each reason, from each answer that gives it', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ profile_backgrounds: ['warm_flush'] }, 'skincare', 'fragrance_free_recommender_sensitive_skin_v1'],
        [{ profile_backgrounds: ['itching', 'breakouts'] }, 'skincare', 'fragrance_free_recommender_sensitive_skin_v1'],
        [{ profile_hormones_skin: ['pregnancy'] }, 'skincare', 'fragrance_free_recommender_pregnant_v2'],
        [{ profile_hormones: ['pregnant'] }, 'haircare', 'fragrance_free_recommender_pregnant_v2'],
        [{ profile_hormones: ['post_pregnant'] }, 'haircare', 'fragrance_free_recommender_pregnant_v2'],
        [{ profile_hormones: ['breastfeeding', 'menopause'] }, 'haircare', 'fragrance_free_recommender_pregnant_v2'],
        [{ profile_stress_cause: ['diagnosed_scalp_disorder'] }, 'haircare', 'fragrance_free_recommender_skin_condition_v1'],
        [{ profile_stress_cause: ['diagnosed_scalp_disorder'] }, 'skincare', 'fragrance_free_recommender_skin_condition_v1'],
        [{ diag_routine_products: ['toner', 'medical_topicals'] }, 'skincare', 'fragrance_free_recommender_medical_treatment_v1'],
        [{ profile_stress_cause: ['medical_treatment'] }, 'haircare', 'fragrance_free_recommender_medical_treatment_v1'],
      ];
      for (const [answers, category, reason] of cases) {
        const { access } = await signUpCustomer(t);
        await save(access, answers);
        const [first] = await fragrances(access, category);
        expect(first, JSON.stringify(answers)).toMatchObject({
          slug: category === 'skincare' ? 'frag_free' : 'fragrance_free',
          rank: 1,
          reason_why_slug: reason,
        });
      }
    });

    it('the first applicable reason wins, in the order of §3.5', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, { profile_stress_cause: ['medical_treatment', 'diagnosed_scalp_disorder'] });
      expect((await fragrances(access, 'skincare'))[0]?.reason_why_slug).toBe('fragrance_free_recommender_skin_condition_v1');
      await save(access, { profile_hormones_skin: ['pregnancy'] });
      expect((await fragrances(access, 'skincare'))[0]?.reason_why_slug).toBe('fragrance_free_recommender_pregnant_v2');
      await save(access, { diag_concerns: ['sensitivity'] });
      expect((await fragrances(access, 'skincare'))[0]?.reason_why_slug).toBe('fragrance_free_recommender_sensitive_skin_v1');
      expect((await fragrances(access, 'haircare'))[0]?.reason_why_slug).toBe('fragrance_free_recommender_pregnant_v2');
    });

    it('answers that give no reason leave the catalogue order', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, {
        diag_concerns: ['dryness'],
        profile_backgrounds: ['none'],
        profile_hormones_skin: ['menopause'],
        profile_stress_cause: ['none'],
        diag_routine_products: ['serum'],
      });
      expect((await fragrances(access, 'skincare')).map((f) => f.slug)).toEqual(['pacifica', 'blanca', 'frag_free']);
    });
  });

  describe('GET /v1/account/hair_profile/skeleton_recommendations (§3.6)', () => {
    const balanced = { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['medium', 'light', 'rich'] };
    const oily = { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['light', 'medium', 'rich'] };
    const dry = { CLEANSER: ['cleansing_cream', 'foaming_gel'], MOISTURIZER: ['rich', 'medium', 'light'] };

    it('a new profile: cleanser then moisturizer, foaming gel and medium first, ranks 1..n', async () => {
      const { access } = await signUpCustomer(t);
      const response = await t.call('GET', '/v1/account/hair_profile/skeleton_recommendations?category=skincare', { token: access });
      expect(response.body).toEqual(rankedSkeletons({ CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['medium', 'light', 'rich'] }));
    });

    it('oily skin gets the foaming gel and the light moisturizer first; tight or dry skin the cream cleanser and the rich cream', async () => {
      const cases: [Record<string, unknown>, typeof balanced][] = [
        [{ diag_skintype_morning: 'oily', diag_skintype_shower: 'balanced', diag_skintype_afternoon: 'oily' }, oily],
        [{ diag_concerns: ['oiliness'] }, oily],
        [{ diag_concerns: ['breakouts', 'redness'] }, oily],
        [{ diag_skintype_morning: 'tights', diag_skintype_shower: 'tights', diag_skintype_afternoon: 'balanced' }, dry],
        [{ diag_concerns: ['dryness'] }, dry],
        [{ diag_skintype_morning: 'oily', diag_skintype_shower: 'tights', diag_skintype_afternoon: 'depends_on_area' }, balanced],
        // Balanced skin with fine lines: the medium cream, and the rich one before the gel cream.
        [
          { diag_skintype_morning: 'balanced', diag_skintype_shower: 'balanced', diag_skintype_afternoon: 'balanced', diag_concerns: ['fine_lines'] },
          { ...balanced, MOISTURIZER: ['medium', 'rich', 'light'] },
        ],
      ];
      for (const [answers, expected] of cases) {
        const { access } = await signUpCustomer(t);
        await save(access, answers);
        expect(await skeletons(access), JSON.stringify(answers)).toEqual(expected);
      }
    });
  });

  describe('GET /v1/account/hair_profile/scoring (§3.7; issue 4 point 3)', () => {
    const scoring = async (token: string, query = '') => {
      const response = await t.call('GET', `/v1/account/hair_profile/scoring${query}`, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return profileScoring.parse(response.body);
    };

    it('scores the haircare needs by default, each 0-100 with the answers that moved it', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, { diag_hair_type: 'dry', diag_hair_porosity: 'high', goal_moisture: 3 });
      const body = await scoring(access);
      expect(body.category).toBe('haircare');
      const dryness = body.scores.find((s) => s.dimension === 'dryness')!;
      expect(dryness).toMatchObject({ label: 'Dryness', level: 'high', score: 85 });
      expect(dryness.reasons.map((r) => r.because)).toEqual(['your hair feels dry', 'you want more moisture', 'your hair is porous and loses water quickly']);
    });

    it('?category=skincare scores the skin; another shopper’s answers never count', async () => {
      const oily = await signUpCustomer(t);
      await save(oily.access, { diag_concerns: ['oiliness', 'breakouts'] });
      const other = await signUpCustomer(t);
      const mine = await scoring(oily.access, '?category=skincare');
      expect(mine.category).toBe('skincare');
      expect(mine.scores.find((s) => s.dimension === 'oil')!.score).toBe(40);
      expect((await scoring(other.access, '?category=skincare')).scores.find((s) => s.dimension === 'oil')!.score).toBe(10);
    });

    it('a bad category is a 400 naming it; no session is a 401', async () => {
      const { access } = await signUpCustomer(t);
      const bad = await t.call('GET', '/v1/account/hair_profile/scoring?category=nails', { token: access });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('category');
      expect((await t.call('GET', '/v1/account/hair_profile/scoring')).status).toBe(401);
    });
  });

  describe('GET /v1/account/product_recommendations (§3.7, §7; issue 4 point 7)', () => {
    it('the routine for the stored answers, by section, each product with why', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, { diag_scalp_type: 'dry', diag_hair_type: 'dry' });
      const response = await t.call('GET', '/v1/account/product_recommendations?category=haircare', { token: access });
      expect(response.status).toBe(200);
      const body = productRecommendations.parse(response.body);
      expect(body.category).toBe('haircare');
      expect(body.recommendations[0]).toMatchObject({ product: 'shampoo', section: 'preselect', rank: 1 });
      expect(body.recommendations.find((p) => p.product === 'dry_shampoo')).toMatchObject({
        section: 'inadvisable',
        because: 'dry shampoo absorbs oil your dry scalp needs',
      });
      const skin = productRecommendations.parse((await t.call('GET', '/v1/account/product_recommendations?category=skincare', { token: access })).body);
      expect(skin.recommendations.map((p) => p.product).sort()).toEqual(['cleanser', 'moisturizer', 'serum']);
    });

    it('spec 000 §7: any category other than skincare is haircare (a missing one too); another query key is a 400', async () => {
      const { access } = await signUpCustomer(t);
      await save(access, { diag_scalp_type: 'dry', diag_hair_type: 'dry' });
      const get = (query: string) => t.call('GET', `/v1/account/product_recommendations${query}`, { token: access });
      const haircare = productRecommendations.parse((await get('?category=haircare')).body);
      for (const query of ['', '?category=', '?category=nails', '?category=supplements', '?category=Skincare', '?category=skincare%20']) {
        const response = await get(query);
        expect(response.status, query).toBe(200);
        expect(productRecommendations.parse(response.body), query).toEqual(haircare);
      }
      expect(productRecommendations.parse((await get('?category=skincare')).body).category).toBe('skincare');
      const unknownKey = await get('?category=haircare&products=all');
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body).toMatchObject({ code: 'validation_error' });
    });
  });

  describe('privacy (issue 4 point 10)', () => {
    it('health and hormone answers shape the results but are never echoed in a derived response', async () => {
      const { access } = await signUpCustomer(t);
      const health = {
        profile_hormones: ['pregnant', 'menopause'],
        profile_hormones_skin: ['diabetic', 'pregnancy'],
        profile_stress_cause: ['medication_change', 'diagnosed_scalp_disorder', 'medical_treatment'],
        diag_hairloss_other: ['medication_change', 'medical_treatment'],
        diag_routine_products: ['medical_topicals'],
        diag_hairloss_level: 'excessive',
      };
      await save(access, health);
      const words = ['pregnan', 'menopause', 'diabet', 'medication', 'diagnosed', 'medical_t', 'topical', 'breastfeed'];
      for (const path of [
        '/v1/account/hair_profile/scoring',
        '/v1/account/hair_profile/scoring?category=skincare',
        '/v1/account/hair_profile/skeleton_recommendations?category=skincare',
        '/v1/account/product_recommendations?category=haircare',
        '/v1/account/product_recommendations?category=skincare',
      ]) {
        const response = await t.call('GET', path, { token: access });
        expect(response.status).toBe(200);
        const text = JSON.stringify(response.body).toLowerCase();
        for (const word of words) expect(text, `${path} mentions "${word}"`).not.toContain(word);
      }
      // They did count: shedding is scored higher than for the same hair without them.
      const shedding = async (token: string) =>
        (await t.call('GET', '/v1/account/hair_profile/scoring', { token })).body.scores.find((s: { dimension: string }) => s.dimension === 'shedding').score;
      const plain = await signUpCustomer(t);
      await save(plain.access, { diag_hairloss_level: 'excessive' });
      expect(await shedding(access)).toBeGreaterThan(await shedding(plain.access));
    });
  });

  describe('both calls', () => {
    const calls = ['/v1/account/hair_profile/fragrances?category=skincare', '/v1/account/hair_profile/skeleton_recommendations?category=skincare'];

    it('need a session: 401 without one, whatever the query', async () => {
      for (const path of [...calls, '/v1/account/hair_profile/fragrances?category=foo']) {
        const response = await t.call('GET', path);
        expect(response.status, path).toBe(401);
        expect(response.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
      }
    });

    it('work for guests, on the guest’s own answers', async () => {
      const guest = await startGuest(t);
      await save(guest.access, { diag_concerns: ['sensitivity', 'dryness'] });
      expect((await fragrances(guest.access, 'skincare'))[0]?.slug).toBe('frag_free');
      expect((await skeletons(guest.access)).CLEANSER?.[0]).toBe('cleansing_cream');
    });

    it('rank on the caller’s own answers only', async () => {
      const sensitive = await signUpCustomer(t);
      await save(sensitive.access, { diag_concerns: ['sensitivity', 'oiliness'] });
      const other = await signUpCustomer(t);
      expect((await fragrances(other.access, 'skincare'))[0]?.slug).toBe('pacifica');
      expect((await skeletons(other.access)).MOISTURIZER?.[0]).toBe('medium');
      expect((await fragrances(sensitive.access, 'skincare'))[0]?.slug).toBe('frag_free');
    });

    it('a bad or missing category is 400 validation_error naming it, never 500', async () => {
      const { access } = await signUpCustomer(t);
      const bad = [
        '/v1/account/hair_profile/fragrances?category=foo',
        '/v1/account/hair_profile/fragrances',
        '/v1/account/hair_profile/fragrances?category=',
        '/v1/account/hair_profile/fragrances?category=skincare&category=haircare',
        '/v1/account/hair_profile/skeleton_recommendations?category=haircare',
        '/v1/account/hair_profile/skeleton_recommendations',
        '/v1/account/hair_profile/skeleton_recommendations?category=skincare%00',
      ];
      for (const path of bad) {
        const response = await t.call('GET', path, { token: access });
        expect(response.status, path).toBe(400);
        expect(response.body, path).toMatchObject({ code: 'validation_error', detail: expect.any(String), fields: { category: [expect.any(String)] } });
      }
      const extra = await t.call('GET', '/v1/account/hair_profile/fragrances?category=skincare&page=2', { token: access });
      expect(extra.status).toBe(400);
      expect(extra.body.fields).toEqual({ page: ['This field is not allowed.'] });
    });

    it('are served with and without the trailing slash, and never cached by shared caches', async () => {
      const { access } = await signUpCustomer(t);
      const response = await t.call('GET', '/v1/account/hair_profile/fragrances/?category=haircare', { token: access });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect((await t.call('GET', '/v1/account/hair_profile/skeleton_recommendations/?category=skincare', { token: access })).status).toBe(200);
    });
  });
});
