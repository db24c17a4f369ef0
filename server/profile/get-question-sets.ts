import { defineOperation } from '../http/operation';

/** GET /v1/question_sets?category=: the question definitions generated from flows/ (spec 000 §3.1). */
export const getQuestionSets = defineOperation(
  'getQuestionSets',
  {
    summary: 'Question definitions by category, from the flows',
    tag: 'profile',
    responses: { 200: 'Questions keyed by category' },
  },
  async ({ c, query, services }) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(services.flows.questionSets(query.category), 200);
  },
);
