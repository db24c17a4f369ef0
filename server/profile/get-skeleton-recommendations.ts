import { errorBody, skeletonRecommendations, skeletonRecommendationsQuery } from '#api';
import { defineOperation } from '../http/operation';
import { skeletonRecommendationsOf } from '../formulation/textures/rank-textures';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/**
 * GET /v1/account/hair_profile/skeleton_recommendations?category=skincare: cleanser and moisturizer textures ranked
 * for the stored answers and the season at the shopper's place (spec 000 §3.6; server/formulation/textures).
 */
export const getSkeletonRecommendations = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/skeleton_recommendations',
    summary: 'Skincare textures (skeletons) ranked for the profile',
    tag: 'profile',
    auth: 'required',
    query: skeletonRecommendationsQuery,
    responses: {
      200: { description: 'Each product’s skeletons, rank 1 first', schema: skeletonRecommendations },
      400: { description: 'validation_error: category is not skincare', schema: errorBody },
      503: { description: 'formulation_unavailable', schema: errorBody },
    },
  },
  async ({ c, auth, services }) => {
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json(skeletonRecommendationsOf(derived.textures), 200);
  },
);
