import { FEEDBACK_SURVEY_FIELDS } from '#api/shared';

/**
 * The feedback's survey fields (spec 002 §3.6, api/feedback-fields.ts) among `answers` (those answered): an order keeps
 * them as they were when it was placed (its formulaset.survey, besides the cart's own survey fields), and GET
 * /v1/surveys/{id} answers them, so the feedback asks about the formulas as they were made even after a new consultation.
 */
export function feedbackSurvey(answers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(FEEDBACK_SURVEY_FIELDS.filter((field) => Object.hasOwn(answers, field)).map((field) => [field, answers[field]]));
}
