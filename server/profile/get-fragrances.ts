import { defineOperation } from '../http/operation';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/**
 * GET /v1/account/hair_profile/fragrances?category=: the category's fragrances ranked for the stored answers
 * (spec 000 §3.5; server/formulation/fragrances/fragrances.yaml).
 */
export const getFragrances = defineOperation(
  'getFragrances',
  {
    summary: 'Fragrances ranked for the profile, fragrance-free first with a reason when one applies',
    tag: 'profile',
    responses: {
      200: 'Every fragrance of the category, rank 1 first',
      400: 'validation_error: category is not haircare or skincare',
      503: 'formulation_unavailable',
    },
  },
  async ({ c, query, auth, services }) => {
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json({ fragrances: derived.fragrances[query.category] }, 200);
  },
);
