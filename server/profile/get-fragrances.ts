import { errorBody, fragrancesQuery, rankedFragrances } from '#api';
import { defineOperation } from '../http/operation';
import { rankFragrances } from './fragrance-ranking';
import { loadAnswers } from './load-answers';

/** GET /v1/account/hair_profile/fragrances?category=: the category's fragrances ranked for the stored answers (spec 000 §3.5). */
export const getFragrances = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/fragrances',
    summary: 'Fragrances ranked for the profile, fragrance-free first with a reason when one applies',
    tag: 'profile',
    auth: 'required',
    query: fragrancesQuery,
    responses: {
      200: { description: 'Every fragrance of the category, rank 1 first', schema: rankedFragrances },
      400: { description: 'validation_error: category is not haircare or skincare', schema: errorBody },
    },
  },
  async ({ c, query, auth, services }) => {
    const answers = await loadAnswers(services.db, auth.user.id);
    return c.json({ fragrances: rankFragrances(query.category, answers) }, 200);
  },
);
