import type { ApiClient } from '#api/client';
import type { RankedItem } from '../../renderer/index';
import type { ConsultationDeps } from './consultation-actors';
import { categoryOf } from '#api/shared';

/** The server ranking a step shows (its `ranking` setting). */
export interface RankingSource {
  source: 'fragrances' | 'skeletons';
  /** For skeletons: the product whose textures are ranked (cleanser, moisturizer). */
  product?: string;
}

type RankingApi = Pick<ApiClient, 'getFragrances' | 'getSkeletonRecommendations'>;
type Fetched = Awaited<ReturnType<ApiClient['getFragrances']>> | Awaited<ReturnType<ApiClient['getSkeletonRecommendations']>>;

/** Rankings fetched for one shopper, by source: each answer's response, and the answers version it was fetched at. */
export type RankingCache = Map<string, { version: number; response: Promise<Fetched> }>;

const byRank = (a: RankedItem, b: RankedItem) => a.rank - b.rank;

/**
 * A step's ranking (spec 000 §3.5-3.7): fragrances for the flow's category, or the skincare texture
 * skeletons of one product, best first. A ranking fetched before a later save is fetched again (§4.3:
 * every save invalidates the skeletons; fragrances too, unless the save was a fragrance preference,
 * `versions`); one skeleton call serves both products; a failed call is tried again next time.
 */
export async function loadRanking(
  api: RankingApi,
  cache: RankingCache,
  versions: ConsultationDeps['versions'],
  ranking: RankingSource,
  category: string,
): Promise<RankedItem[]> {
  const fragrances = ranking.source === 'fragrances';
  const key = fragrances ? `fragrances:${category}` : 'skeletons';
  const version = fragrances ? versions.fragrances : versions.answers;
  let entry = cache.get(key);
  if (!entry || entry.version !== version) {
    const response: Promise<Fetched> = fragrances ? api.getFragrances(categoryOf(category)) : api.getSkeletonRecommendations();
    const fresh = { version, response };
    entry = fresh;
    cache.set(key, fresh);
    response.catch(() => cache.get(key) === fresh && cache.delete(key));
  }
  const fetched = await entry.response;
  if ('fragrances' in fetched) return fetched.fragrances.map(({ slug, rank, name, reason_why_slug }) => ({ slug, rank, name, reason_why_slug })).sort(byRank);
  const product = ranking.product?.toUpperCase();
  const found = fetched.skeleton_recommendations.find((r) => r.product_slug === product);
  return (found?.ranked_skeletons ?? []).map((s) => ({ slug: s.skeleton_slug, rank: s.rank })).sort(byRank);
}
