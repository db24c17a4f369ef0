import { beforeAll, describe, expect, it } from 'vitest';
import { rankedFragrances } from '#api';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { compileFragrancesSource } from '../../server/formulation/fragrances/rank-fragrances';
import { skeletonRecommendationsOf } from '../../server/formulation/textures/rank-textures';
import { sampleSkeletonRecommendations, sampleSkincareFragrances } from '../../stories/mocks/recommendation-mocks';

let formulation: Formulation;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
});

const ranked = (category: 'haircare' | 'skincare', answers: Record<string, unknown>) => formulation.derive(answers, []).fragrances[category];

describe('fragrance ranking (spec 000 §3.5; issue 4 point 5)', () => {
  it('every category ranks its whole catalogue 1..n in the contract’s shape, at most one reason', () => {
    for (const category of ['haircare', 'skincare'] as const) {
      for (const answers of [{}, { profile_hormones: ['pregnant'] }, { diag_concerns: ['sensitivity'] }, { diag_sensitivity_level: 3 }]) {
        const list = ranked(category, answers);
        expect(rankedFragrances.parse({ fragrances: list }).fragrances).toHaveLength(category === 'haircare' ? 22 : 3);
        expect(list.map((f) => f.rank)).toEqual(list.map((_, i) => i + 1));
        expect(list.filter((f) => f.reason_why_slug !== null).length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('each fragrance is the entity of spec 002 §3.8 / spec 000 §3.5: name, slug, description, ingredients, image url, label, group, limited', () => {
    const bySlug = (category: 'haircare' | 'skincare', slug: string) => ranked(category, {}).find((f) => f.slug === slug);
    for (const category of ['haircare', 'skincare'] as const) {
      for (const f of ranked(category, {})) {
        expect(f.description, f.slug).not.toBe('');
        expect(f.label, f.slug).not.toBe('');
        expect(f.fragrance_group).toBe(category);
        expect(f).not.toHaveProperty('intensity');
      }
    }
    expect(bySlug('haircare', 'solstice')).toMatchObject({
      name: 'Solstice',
      description: 'Warm + Gourmand',
      ingredients: ['vanilla', 'caramel', 'musk'],
      limited: false,
    });
    expect(bySlug('haircare', 'paradiso')).toMatchObject({ limited: true });
    expect(bySlug('haircare', 'glacia')).toMatchObject({ limited: true });
    expect(bySlug('haircare', 'arcadia')).toMatchObject({ description: 'Citrusy + Woody', image_url: null });
    expect(bySlug('skincare', 'pacifica')).toMatchObject({ description: 'Woody + Aromatic', ingredients: ['lavender', 'lemongrass', 'cypress'] });
    expect(bySlug('skincare', 'blanca')).toMatchObject({ ingredients: ['crisp linen', 'ambrette', 'rose'] });
    expect(bySlug('skincare', 'frag_free')).toMatchObject({
      label: 'Fragrance-Free',
      description: 'You may notice a light scent due to your custom ingredient blend',
      ingredients: [],
    });
  });

  it.each([
    ['skincare', { diag_concerns: ['sensitivity'] }, 'fragrance_free_recommender_sensitive_skin_v1'],
    ['skincare', { profile_backgrounds: ['warm_flush'] }, 'fragrance_free_recommender_sensitive_skin_v1'],
    ['skincare', { profile_hormones_skin: ['pregnancy'] }, 'fragrance_free_recommender_pregnant_v2'],
    ['haircare', { profile_hormones: ['breastfeeding'] }, 'fragrance_free_recommender_pregnant_v2'],
    ['haircare', { profile_stress_cause: ['diagnosed_scalp_disorder'] }, 'fragrance_free_recommender_skin_condition_v1'],
    ['skincare', { diag_routine_products: ['medical_topicals'] }, 'fragrance_free_recommender_medical_treatment_v1'],
    ['haircare', { profile_stress_cause: ['medical_treatment'] }, 'fragrance_free_recommender_medical_treatment_v1'],
  ] as const)('%s %j: fragrance-free first, with %s', (category, answers, reason) => {
    const [first] = ranked(category, answers);
    expect(first).toMatchObject({ slug: category === 'haircare' ? 'fragrance_free' : 'frag_free', rank: 1, reason_why_slug: reason });
  });

  it('reasons take the order of §3.5; sensitive skin is a skincare reason only', () => {
    expect(ranked('skincare', { diag_concerns: ['sensitivity'], profile_hormones_skin: ['pregnancy'] })[0]!.reason_why_slug).toBe(
      'fragrance_free_recommender_sensitive_skin_v1',
    );
    expect(ranked('haircare', { diag_concerns: ['sensitivity'], profile_backgrounds: ['itching'] }).every((f) => f.reason_why_slug === null)).toBe(true);
    expect(ranked('haircare', {}).at(-1)!.slug).toBe('fragrance_free');
  });

  it('a sensitive scalp gets the scented fragrances softest first; otherwise the catalogue order', () => {
    expect(
      ranked('haircare', {})
        .slice(0, 3)
        .map((f) => f.slug),
    ).toEqual(['arcadia', 'aura', 'botanica']);
    expect(
      ranked('haircare', { diag_sensitivity_level: 3 })
        .slice(0, 3)
        .map((f) => f.slug),
    ).toEqual(['perle', 'prelude', 'corsica']);
  });

  it('a broken table is refused with file:line:column', () => {
    const text = [
      'haircare: { fragranceFree: none, gentle: { score.scalp_sensitivty: { gte: 30 } }, catalogue: [ { slug: a, name: A, intensity: 10, description: d, ingredients: [] }, { slug: b, name: B, intensity: 200, description: d, ingredients: [] } ] }',
      'skincare: { fragranceFree: b, gentle: { diag_concerns: { includesAny: [sensitivity] } }, catalogue: [ { slug: a, name: A, intensity: 10, description: d, ingredients: [] }, { slug: b, name: B, intensity: 0, description: d, ingredients: [] } ] }',
      'reasons: [ { reason: fragrance_free_because, when: { diag_concerns: { includesAny: [sensitivity] } } } ]',
    ].join('\n');
    expect(compileFragrancesSource(text, 'fragrances.yaml', formulation.known).problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "fragrances.yaml:1:197  intensity goes from 0 to 100",
        "fragrances.yaml:3:22  Invalid option: expected one of "fragrance_free_recommender_sensitive_skin_v1"|"fragrance_free_recommender_pregnant_v2"|"fragrance_free_recommender_skin_condition_v1"|"fragrance_free_recommender_medical_treatment_v1"",
      ]
    `);
    // Once the shape is right, the rules and the fragrance-free slug are checked.
    const shaped = text.replace('intensity: 200', 'intensity: 20').replace('fragrance_free_because', 'fragrance_free_recommender_sensitive_skin_v1');
    expect(compileFragrancesSource(shaped, 'fragrances.yaml', formulation.known).problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "fragrances.yaml:1:28  "none" is not in the haircare catalogue.",
        "fragrances.yaml:1:44  The rule tests "score.scalp_sensitivty", which is no answer field or fact this table knows. Did you mean "score.scalp_sensitivity"?",
      ]
    `);
  });
});

describe('the story mocks agree with the server', () => {
  it('skincare fragrances, with and without a reason', () => {
    expect(sampleSkincareFragrances()).toEqual({ fragrances: ranked('skincare', {}) });
    expect(sampleSkincareFragrances('fragrance_free_recommender_sensitive_skin_v1')).toEqual({
      fragrances: ranked('skincare', { diag_concerns: ['sensitivity'] }),
    });
  });

  it('textures for oily, dry and balanced skin', () => {
    const rank = (answers: Record<string, unknown>) => skeletonRecommendationsOf(formulation.derive(answers, []).textures);
    expect(sampleSkeletonRecommendations('oily')).toEqual(rank({ diag_concerns: ['oiliness'] }));
    expect(sampleSkeletonRecommendations('dry')).toEqual(rank({ diag_concerns: ['dryness'] }));
    expect(sampleSkeletonRecommendations('balanced')).toEqual(rank({}));
  });
});
