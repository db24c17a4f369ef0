import { defineOperation } from '../http/operation';
import { skeletonRecommendationsOf } from '../formulation/textures/rank-textures';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/**
 * GET /v1/account/hair_profile/skeleton_recommendations?category=skincare: cleanser and moisturizer textures ranked
 * for the stored answers and the season at the shopper's place (spec 000 §3.6; server/formulation/textures).
 */
export const getSkeletonRecommendations = defineOperation(
  'getSkeletonRecommendations',
  {
    summary: 'Skincare textures (skeletons) ranked for the profile',
    tag: 'profile',
    responses: {
      200: 'Each product’s skeletons, rank 1 first',
      400: 'validation_error: category is not skincare',
      503: 'formulation_unavailable',
    },
  },
  async ({ c, auth, services }) => {
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json(skeletonRecommendationsOf(derived.textures), 200);
  },
);
