import { errorBody, productRecommendations } from '#api';
import { z } from 'zod';
import { category } from '../../api/schemas/common';
import { defineOperation } from '../http/operation';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/**
 * GET /v1/account/product_recommendations?category=: the shopper's routine, each product in its section
 * (preselect, main, upsale, featured, optional, inadvisable) with why (spec 000 §3.7, §7; recommendations.yaml).
 */
export const getProductRecommendations = defineOperation(
  {
    method: 'get',
    path: '/v1/account/product_recommendations',
    summary: 'The routine recommended for the profile, by section, each product with why',
    tag: 'profile',
    auth: 'required',
    query: z.object({ category }).strict(),
    responses: {
      200: { description: 'Every product of the category, by section then rank', schema: productRecommendations },
      400: { description: 'validation_error: category is not haircare or skincare', schema: errorBody },
      503: { description: 'formulation_unavailable', schema: errorBody },
    },
  },
  async ({ c, query, auth, services }) => {
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json({ category: query.category, recommendations: derived.routine[query.category] }, 200);
  },
);
