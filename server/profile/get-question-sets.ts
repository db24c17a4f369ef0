import { questionSets, questionSetsQuery } from '#api';
import { defineOperation } from '../http/operation';

/** GET /v1/question_sets?category=: the question definitions generated from flows/ (spec 000 §3.1). */
export const getQuestionSets = defineOperation(
  {
    method: 'get',
    path: '/v1/question_sets',
    summary: 'Question definitions by category, from the flows',
    tag: 'profile',
    auth: 'none',
    query: questionSetsQuery,
    responses: { 200: { description: 'Questions keyed by category', schema: questionSets } },
  },
  async ({ c, query, services }) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(services.flows.questionSets(query.category), 200);
  },
);
