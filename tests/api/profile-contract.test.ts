import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import {
  createApiClient,
  createMemoryTokenStore,
  endpoints,
  questionSets,
  rankedFragrances,
  skeletonRecommendations,
  type RankedFragrances,
  type SkeletonRecommendations,
} from '#api';
import { createMocks } from '../../api/client/mocks';
import { baseUrl, tokenPairFor } from './client-fixtures';
import { sampleFragrance } from '../../stories/mocks/recommendation-mocks';
import { rankedSkeletons } from '../fixtures/skeleton-recommendations';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const mocks = createMocks({ baseUrl });
const api = () => createApiClient({ baseUrl, tokens: createMemoryTokenStore({ user: tokenPairFor('u') }), retries: 0, contract: endpoints });

const skincareFragrances: RankedFragrances = {
  fragrances: [
    { ...sampleFragrance('frag_free'), rank: 1, reason_why_slug: 'fragrance_free_recommender_pregnant_v2' },
    { ...sampleFragrance('pacifica'), rank: 2, reason_why_slug: null },
    { ...sampleFragrance('blanca'), rank: 3, reason_why_slug: null },
  ],
};
const textures: SkeletonRecommendations = rankedSkeletons({ CLEANSER: ['cleansing_cream', 'foaming_gel'], MOISTURIZER: ['rich', 'medium', 'light'] });

describe('the profile contract (spec 000 §3.1, §3.5, §3.6)', () => {
  it('a question set keeps a matrix question’s rows', () => {
    const diet = {
      slug: 'diet',
      title: 'How would you describe your diet?',
      excerpt: null,
      url_path: '/consultation/skincare/my-lifestyle/diet',
      section: 'lifestyle',
      question_type: 'matrix',
      answer_type: 'str',
      answers: [{ value: 'never', title: 'Never', excerpt: null }],
      rows: [{ field: 'profile_diet_meat', title: 'Meat' }],
    };
    expect(questionSets.parse({ skincare: [diet] }).skincare?.[0]?.rows).toEqual([{ field: 'profile_diet_meat', title: 'Meat' }]);
    const { rows: _rows, ...single } = diet;
    expect(questionSets.parse({ skincare: [single] }).skincare?.[0]).not.toHaveProperty('rows');
    expect(questionSets.safeParse({ skincare: [{ ...diet, rows: [{ field: 'profile_diet_meat' }] }] }).success).toBe(false);
  });

  it('fragrances: a slug the client does not know passes (it drops it, §8); an unknown reason or a rank below 1 does not', () => {
    expect(
      rankedFragrances.parse({ fragrances: [{ ...sampleFragrance('pacifica'), name: 'Nouveau', slug: 'nouveau', rank: 1, reason_why_slug: null }] }),
    ).toBeTruthy();
    const item = skincareFragrances.fragrances[0]!;
    expect(rankedFragrances.safeParse({ fragrances: [{ ...item, reason_why_slug: 'because' }] }).success).toBe(false);
    expect(rankedFragrances.safeParse({ fragrances: [{ ...item, rank: 0 }] }).success).toBe(false);
    expect(rankedFragrances.safeParse({ fragrances: [{ ...item, reason_why_slug: undefined }] }).success).toBe(false);
  });

  it('skeleton recommendations name CLEANSER and MOISTURIZER; an unknown skeleton slug passes (§8)', () => {
    expect(skeletonRecommendations.parse(textures)).toEqual(textures);
    const unknownSkeleton = { skeleton_recommendations: [{ product_slug: 'CLEANSER', ranked_skeletons: [{ skeleton_slug: 'balm', rank: 1 }] }] };
    expect(skeletonRecommendations.safeParse(unknownSkeleton).success).toBe(true);
    expect(skeletonRecommendations.safeParse({ skeleton_recommendations: [{ product_slug: 'SERUM', ranked_skeletons: [] }] }).success).toBe(false);
  });

  it('the client asks for a category’s fragrances and gets them typed', async () => {
    let category: string | null = null;
    server.use(
      mocks.getFragrances(({ query }) => {
        category = query.get('category');
        return skincareFragrances;
      }),
    );
    const answer: RankedFragrances = await api().getFragrances('skincare');
    expect(category).toBe('skincare');
    expect(answer.fragrances[0]?.reason_why_slug).toBe('fragrance_free_recommender_pregnant_v2');
  });

  it('the client asks for skincare textures with category=skincare and gets them typed', async () => {
    let category: string | null = null;
    server.use(
      mocks.getSkeletonRecommendations(({ query }) => {
        category = query.get('category');
        return textures;
      }),
    );
    const answer: SkeletonRecommendations = await api().getSkeletonRecommendations();
    expect(category).toBe('skincare');
    expect(answer.skeleton_recommendations.map((p) => p.product_slug)).toEqual(['CLEANSER', 'MOISTURIZER']);
  });

  it('a mock that answers outside the contract is caught', async () => {
    // @ts-expect-error fragrances need a rank and a reason_why_slug
    server.use(mocks.getFragrances(() => ({ fragrances: [{ name: 'Aura', slug: 'aura' }] })));
    await expect(api().getFragrances('haircare')).rejects.toMatchObject({ status: 500, code: 'mock_contract_violation' });
  });
});
