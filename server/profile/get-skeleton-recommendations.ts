import { errorBody, skeletonRecommendations, skeletonRecommendationsQuery } from '#api';
import { defineOperation } from '../http/operation';
import { loadAnswers } from './load-answers';
import { rankSkeletons } from './skeleton-ranking';

/** GET /v1/account/hair_profile/skeleton_recommendations?category=skincare: cleanser and moisturizer textures ranked for the stored answers (spec 000 §3.6). */
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
    },
  },
  async ({ c, auth, services }) => c.json(rankSkeletons(await loadAnswers(services.db, auth.user.id)), 200),
);
