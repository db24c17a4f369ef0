import { errorBody, profileScoring } from '#api';
import { z } from 'zod';
import { category } from '../../api/schemas/common';
import { defineOperation } from '../http/operation';
import { loadDerivedProfile } from './derived-profile';
import { placeAggressors } from './place-aggressors';

/** GET /v1/account/hair_profile/scoring?category=: the profile's needs, haircare unless category=skincare (spec 000 §3.7; server/formulation/scoring). */
export const getScoring = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/scoring',
    summary: 'The profile’s needs, 0-100 on named dimensions, each with what moved it',
    tag: 'profile',
    auth: 'required',
    query: z.object({ category: category.optional() }).strict(),
    responses: {
      200: { description: 'Every dimension of the category, with its reasons', schema: profileScoring },
      400: { description: 'validation_error: category is not haircare or skincare', schema: errorBody },
      503: { description: 'formulation_unavailable', schema: errorBody },
    },
  },
  async ({ c, query, auth, services }) => {
    const chosen = query.category ?? 'haircare';
    const { derived } = await loadDerivedProfile(services, auth.user.id, (answers) => placeAggressors(services, answers));
    return c.json({ category: chosen, scores: derived.scores[chosen] }, 200);
  },
);
