import { defineOperation } from '../http/operation';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/**
 * GET /v1/account/product_recommendations?category=: the shopper's routine, each product in its section
 * (preselect, main, upsale, featured, optional, inadvisable) with why (spec 000 §3.7, §7; recommendations.yaml).
 * Any category other than skincare is haircare (§7): the query schema maps it (api/schemas/profile.ts).
 */
export const getProductRecommendations = defineOperation(
  'getProductRecommendations',
  {
    summary: 'The routine recommended for the profile, by section, each product with why',
    tag: 'profile',
    responses: {
      200: 'Every product of the category (skincare, else haircare), by section then rank',
      400: 'validation_error: a query parameter other than category',
      503: 'formulation_unavailable',
    },
  },
  async ({ c, query, auth, services }) => {
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json({ category: query.category, recommendations: derived.routine[query.category] }, 200);
  },
);
