import { defineOperation } from '../http/operation';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/** GET /v1/account/hair_profile/scoring?category=: the profile's needs, haircare unless category=skincare (spec 000 §3.7; server/formulation/scoring). */
export const getScoring = defineOperation(
  'getScoring',
  {
    summary: 'The profile’s needs, 0-100 on named dimensions, each with what moved it',
    tag: 'profile',
    responses: {
      200: 'Every dimension of the category, with its reasons',
      400: 'validation_error: category is not haircare or skincare',
      503: 'formulation_unavailable',
    },
  },
  async ({ c, query, auth, services }) => {
    const chosen = query.category ?? 'haircare';
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json({ category: chosen, scores: derived.scores[chosen] }, 200);
  },
);
