import { describe, expect, it } from 'vitest';
import type { RankedFragrances, SkeletonRecommendations } from '#api';
import { loadRanking, type RankingCache } from '../../app/consultation/rankings';
import { sampleFragrance } from '../../stories/mocks/recommendation-mocks';
import { rankedSkeletons } from '../fixtures/skeleton-recommendations';

/** A client answering the two ranking calls, counting them; `fail` makes the next call fail. */
function rankingApi() {
  const calls: string[] = [];
  let fail = false;
  const api = {
    async getFragrances(category: 'haircare' | 'skincare'): Promise<RankedFragrances> {
      calls.push(`fragrances:${category}`);
      if (fail) throw new Error('offline');
      return {
        fragrances: [
          { ...sampleFragrance('blanca'), rank: 2, reason_why_slug: null },
          { ...sampleFragrance('fragrance_free'), rank: 1, reason_why_slug: 'fragrance_free_recommender_sensitive_skin_v1' },
        ],
      };
    },
    async getSkeletonRecommendations(): Promise<SkeletonRecommendations> {
      calls.push('skeletons');
      // Listed out of rank order, as nothing promises the order: the page sorts by rank.
      const listed = rankedSkeletons({ CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['rich', 'medium', 'light'] });
      for (const product of listed.skeleton_recommendations) product.ranked_skeletons.reverse();
      return listed;
    },
  };
  return { api: api as never, calls, failNext: (v: boolean) => (fail = v) };
}

describe('rankings shown by the skincare fragrance and texture steps (spec 000 §3.5-3.6, §4.3 caching)', () => {
  it('gives each step its items best first, with the fragrance-free reason', async () => {
    const { api } = rankingApi();
    const cache: RankingCache = new Map();
    const versions = { answers: 0, fragrances: 0 };
    expect(await loadRanking(api, cache, versions, { source: 'fragrances' }, 'skincare')).toEqual([
      { slug: 'fragrance_free', rank: 1, name: 'Fragrance-Free', reason_why_slug: 'fragrance_free_recommender_sensitive_skin_v1' },
      { slug: 'blanca', rank: 2, name: 'Blanca', reason_why_slug: null },
    ]);
    expect((await loadRanking(api, cache, versions, { source: 'skeletons', product: 'moisturizer' }, 'skincare')).map((s) => s.slug)).toEqual([
      'rich',
      'medium',
      'light',
    ]);
    expect((await loadRanking(api, cache, versions, { source: 'skeletons', product: 'cleanser' }, 'skincare')).map((s) => s.slug)).toEqual([
      'foaming_gel',
      'cleansing_cream',
    ]);
  });

  it('fetches again only after a save: any save renews the textures, a fragrance-preference save leaves the fragrances', async () => {
    const { api, calls } = rankingApi();
    const cache: RankingCache = new Map();
    const versions = { answers: 0, fragrances: 0 };
    await loadRanking(api, cache, versions, { source: 'fragrances' }, 'skincare');
    await loadRanking(api, cache, versions, { source: 'skeletons', product: 'cleanser' }, 'skincare');
    await loadRanking(api, cache, versions, { source: 'skeletons', product: 'moisturizer' }, 'skincare');
    await loadRanking(api, cache, versions, { source: 'fragrances' }, 'skincare');
    expect(calls).toEqual(['fragrances:skincare', 'skeletons']);
    versions.answers++; // a fragrance preference saved (consultation-actors.ts bumps only `answers`)
    await loadRanking(api, cache, versions, { source: 'fragrances' }, 'skincare');
    await loadRanking(api, cache, versions, { source: 'skeletons', product: 'cleanser' }, 'skincare');
    expect(calls).toEqual(['fragrances:skincare', 'skeletons', 'skeletons']);
    versions.answers++;
    versions.fragrances++; // any other answer saved
    await loadRanking(api, cache, versions, { source: 'fragrances' }, 'skincare');
    expect(calls).toEqual(['fragrances:skincare', 'skeletons', 'skeletons', 'fragrances:skincare']);
  });

  it('a failed call is not kept: the next visit to the step asks again', async () => {
    const { api, calls, failNext } = rankingApi();
    const cache: RankingCache = new Map();
    const versions = { answers: 0, fragrances: 0 };
    failNext(true);
    await expect(loadRanking(api, cache, versions, { source: 'fragrances' }, 'haircare')).rejects.toThrow('offline');
    failNext(false);
    expect(await loadRanking(api, cache, versions, { source: 'fragrances' }, 'haircare')).toHaveLength(2);
    expect(calls).toEqual(['fragrances:haircare', 'fragrances:haircare']);
  });
});
