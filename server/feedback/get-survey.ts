import { defineOperation } from '../http/operation';
import { notFound } from '../http/api-error';
import { loadFeedbackOrder } from './feedback-order';

/**
 * GET /v1/surveys/{id}?category= (spec 002 §4.3 "Load the consultation survey"): the consultation answers the order's
 * formulas were made from, as the order kept them when it was placed (its formulaset.survey), for the order's owner.
 * `id` is the order's pubkey; `category` one it holds (by default its first: haircare, skincare, supplements).
 */
export const getSurvey = defineOperation(
  'getSurvey',
  {
    summary: 'The consultation answers an order’s formulas were made from',
    tag: 'feedback',
    responses: { 200: 'The survey: {id, category, answers, created_at}', 404: 'not_found: no such paid order of theirs, or it holds nothing of that category' },
  },
  async ({ c, query, params, auth, services }) => {
    const { order, categories } = await loadFeedbackOrder(services.db, auth.user.id, params.pubkey ?? '', query.category);
    const category = query.category ?? categories[0];
    if (!category) throw notFound('not_found', 'This order holds nothing to give feedback on.');
    return c.json({ id: order.pubkey, category, answers: order.survey, created_at: order.createdAt.toISOString() }, 200);
  },
);
