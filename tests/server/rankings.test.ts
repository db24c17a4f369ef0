import { describe, expect, it } from 'vitest';
import { rankedFragrances } from '#api';
import { holds } from '../../server/profile/answer-conditions';
import { fragranceCatalogues, fragranceFreeReasonFor, fragranceFreeRules, rankFragrances } from '../../server/profile/fragrance-ranking';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { createFormulation } from '../../server/formulation/formulation';
import { skeletonRecommendationsOf } from '../../server/formulation/textures/rank-textures';
import { sampleSkeletonRecommendations, sampleSkincareFragrances } from '../../stories/mocks/recommendation-mocks';

// The fragrance ranking table (spec 000 §3.5) as a plain function of the answers; the story mocks against the server's rankings.
describe('answer conditions', () => {
  it('includesAny matches a list or a single answer; anything else never matches', () => {
    const condition = { field: 'diag_concerns', includesAny: ['sensitivity'] };
    expect(holds(condition, { diag_concerns: ['dryness', 'sensitivity'] })).toBe(true);
    expect(holds(condition, { diag_concerns: 'sensitivity' })).toBe(true);
    for (const value of [undefined, null, [], ['dryness'], { sensitivity: true }, 3, [['sensitivity']]]) expect(holds(condition, { diag_concerns: value })).toBe(false);
  });

  it('mostly: more than half of the answered fields hold the value', () => {
    const mostlyOily = { mostly: { fields: ['a', 'b', 'c'], value: 'oily' } };
    expect(holds(mostlyOily, { a: 'oily', b: 'oily', c: 'tights' })).toBe(true);
    expect(holds(mostlyOily, { a: 'oily', b: 'balanced', c: 'tights' })).toBe(false);
    expect(holds(mostlyOily, { a: 'oily' })).toBe(true);
    expect(holds(mostlyOily, { a: 'oily', b: 'tights' })).toBe(false);
    expect(holds(mostlyOily, {})).toBe(false);
  });
});

describe('fragrance ranking (§3.5)', () => {
  it('every category ranks its whole catalogue 1..n, valid for the contract', () => {
    for (const category of ['haircare', 'skincare'] as const) {
      for (const answers of [{}, { profile_hormones: ['pregnant'] }, { diag_concerns: ['sensitivity'] }]) {
        const ranked = rankFragrances(category, answers);
        expect(rankedFragrances.parse({ fragrances: ranked }).fragrances).toHaveLength(fragranceCatalogues[category].length);
        expect(ranked.map((f) => f.rank)).toEqual(ranked.map((_, i) => i + 1));
        expect(ranked.filter((f) => f.reason_why_slug !== null).length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('the four reasons, in the order of §3.5; sensitive skin only for skincare', () => {
    expect(fragranceFreeRules.map((r) => r.reason)).toEqual([
      'fragrance_free_recommender_sensitive_skin_v1',
      'fragrance_free_recommender_pregnant_v2',
      'fragrance_free_recommender_skin_condition_v1',
      'fragrance_free_recommender_medical_treatment_v1',
    ]);
    expect(fragranceFreeReasonFor('haircare', { diag_concerns: ['sensitivity'], profile_backgrounds: ['itching'] })).toBeNull();
    expect(fragranceFreeReasonFor('haircare', { diag_routine_products: ['medical_topicals'] })).toBe('fragrance_free_recommender_medical_treatment_v1');
  });
});

describe('the story mocks agree with the server', () => {
  it('skincare fragrances, with and without a reason', () => {
    expect(sampleSkincareFragrances()).toEqual({ fragrances: rankFragrances('skincare', {}) });
    expect(sampleSkincareFragrances('fragrance_free_recommender_sensitive_skin_v1')).toEqual({ fragrances: rankFragrances('skincare', { diag_concerns: ['sensitivity'] }) });
  });

  it('textures for oily, dry and balanced skin (the formulation’s ranking, server/formulation/textures)', () => {
    const formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
    const rank = (answers: Record<string, unknown>) => skeletonRecommendationsOf(formulation.derive(answers, []).textures);
    expect(sampleSkeletonRecommendations('oily')).toEqual(rank({ diag_concerns: ['oiliness'] }));
    expect(sampleSkeletonRecommendations('dry')).toEqual(rank({ diag_concerns: ['dryness'] }));
    expect(sampleSkeletonRecommendations('balanced')).toEqual(rank({}));
  });
});
