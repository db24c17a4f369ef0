/**
 * The consultation answers the feedback flows read (spec 002 §3.6): an order keeps them as they were when it was placed
 * (its formulaset.survey; GET /v1/surveys/{id}), and the feedback pages read them for the flows' rules. No zod here:
 * the browser takes it from '#api/shared'.
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
