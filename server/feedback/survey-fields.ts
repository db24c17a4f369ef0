/**
 * The consultation answers the feedback flows read (spec 002 §3.6), which an order keeps as they were when it was
 * placed (its formulaset.survey, besides the cart's own survey fields): GET /v1/surveys/{id} answers them, so the
 * feedback asks about the formulas as they were made even after a new consultation.
 */
export const FEEDBACK_SURVEY_FIELDS = [
  'pref_fragrance',
  'pref_fragrance_free',
  'pref_fragrance_skin',
  'pref_fragrance_free_skin',
  'pref_hair_oil_fragrance',
  'pref_texture_cleanser',
  'pref_texture_moisturizer',
  'goal_curl',
  'diag_hair_texture',
  'diag_other_treatments',
  'diag_hair_length',
  'diag_hair_type',
  'diag_sensitivity_level',
  'diag_dandruff_level',
] as const;

/** The feedback's survey fields among `answers` (those answered). */
export function feedbackSurvey(answers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(FEEDBACK_SURVEY_FIELDS.filter((field) => Object.hasOwn(answers, field)).map((field) => [field, answers[field]]));
}
