import { mockEndpoint, mockError } from '../../api/client/mocks';
import type { Fragrance, FragranceFreeReason, ResponseBody } from '#api';

/** The fragrances the stories show, as server/formulation/fragrances/fragrances.yaml describes them (spec 002 §3.8). */
const fragranceEntities: Record<string, Fragrance> = Object.fromEntries(
  (
    [
      ['pacifica', 'Pacifica', 'skincare', 'Woody + Aromatic', ['lavender', 'lemongrass', 'cypress']],
      ['blanca', 'Blanca', 'skincare', 'Clean + Floral', ['crisp linen', 'ambrette', 'rose']],
      ['frag_free', 'Fragrance-Free', 'skincare', 'You may notice a light scent due to your custom ingredient blend', []],
      ['arcadia', 'Arcadia', 'haircare', 'Citrusy + Woody', ['bergamot', 'grapefruit', 'cedarwood']],
      ['aura', 'Aura', 'haircare', 'Breezy + Mineral', ['sea salt', 'white tea', 'ambrette']],
      ['botanica', 'Botanica', 'haircare', 'Herbal + Aromatic', ['basil', 'rosemary', 'eucalyptus']],
      ['signature', 'Signature', 'haircare', 'Floral + Powdery', ['rose', 'violet', 'vanilla']],
      ['fragrance_free', 'Fragrance-Free', 'haircare', 'No added fragrance', []],
    ] as const
  ).map(([slug, name, group, description, ingredients]) => [
    slug,
    { slug, name, label: name, description, ingredients: [...ingredients], image_url: null, fragrance_group: group, limited: false },
  ]),
);

/** One fragrance of the stories by its slug. */
export function sampleFragrance(slug: string): Fragrance {
  const entity = fragranceEntities[slug];
  if (!entity) throw new Error(`No sample fragrance "${slug}".`);
  return entity;
}

/** What GET /v1/account/hair_profile/fragrances answers in a story (spec 000 §3.5). */
export type FragrancesOutcome = { reason: FragranceFreeReason | null } | 'unavailable';

/**
 * Skincare fragrances as the server ranks them (server/formulation/fragrances): catalogue order, fragrance-free first with
 * its reason when one applies; sensitive skin also gets the softer scent (Blanca) before the stronger one.
 */
export function sampleSkincareFragrances(reason: FragranceFreeReason | null = null): ResponseBody<'getFragrances'> {
  const catalogue = ['pacifica', 'blanca', 'frag_free'].map(sampleFragrance);
  const order = reason === 'fragrance_free_recommender_sensitive_skin_v1' ? [2, 1, 0] : reason ? [2, 0, 1] : [0, 1, 2];
  const ordered = order.map((i) => catalogue[i]!);
  return {
    fragrances: ordered.map((f, i) => ({ ...f, rank: i + 1, reason_why_slug: reason && f.slug === 'frag_free' ? reason : null })),
  };
}

/** An msw handler for the fragrance ranking, typed and checked by the api/ contract. */
export function fragrancesHandler(outcome: FragrancesOutcome = { reason: null }) {
  return mockEndpoint('getFragrances', ({ query }): ResponseBody<'getFragrances'> | Response => {
    if (outcome === 'unavailable') return mockError(503, { code: 'unavailable', detail: 'Try again in a moment.' });
    if (query.get('category') === 'haircare') {
      // The haircare list in short: enough for a story; the server sends every fragrance of spec 000 §3.5.
      const shown = ['arcadia', 'aura', 'botanica', 'signature', 'fragrance_free'].map(sampleFragrance);
      const order = outcome.reason ? [4, 0, 1, 2, 3] : [0, 1, 2, 3, 4];
      return {
        fragrances: order.map((n, i) => ({ ...shown[n]!, rank: i + 1, reason_why_slug: outcome.reason && n === 4 ? outcome.reason : null })),
      };
    }
    return sampleSkincareFragrances(outcome.reason);
  });
}

/** Which skin the texture ranking is for in a story (server/formulation/textures, spec 000 §3.6). */
export type SkeletonsOutcome = 'oily' | 'dry' | 'balanced' | 'unavailable';

const skeletonOrders = {
  oily: { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['light', 'medium', 'rich'] },
  dry: { CLEANSER: ['cleansing_cream', 'foaming_gel'], MOISTURIZER: ['rich', 'medium', 'light'] },
  balanced: { CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['medium', 'light', 'rich'] },
} as const;

/** Cleanser and moisturizer textures ranked as the server ranks them for that skin. */
export function sampleSkeletonRecommendations(skin: Exclude<SkeletonsOutcome, 'unavailable'> = 'balanced'): ResponseBody<'getSkeletonRecommendations'> {
  const order = skeletonOrders[skin];
  return {
    skeleton_recommendations: (['CLEANSER', 'MOISTURIZER'] as const).map((product) => ({
      product_slug: product,
      ranked_skeletons: order[product].map((slug, i) => ({ skeleton_slug: slug, rank: i + 1 })),
    })),
  };
}

/** An msw handler for the skincare texture ranking, typed and checked by the api/ contract. */
export function skeletonRecommendationsHandler(outcome: SkeletonsOutcome = 'balanced') {
  return mockEndpoint('getSkeletonRecommendations', (): ResponseBody<'getSkeletonRecommendations'> | Response =>
    outcome === 'unavailable' ? mockError(503, { code: 'unavailable', detail: 'Try again in a moment.' }) : sampleSkeletonRecommendations(outcome),
  );
}
