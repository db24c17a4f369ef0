import type { HairProfile } from '#api';
import type { Answers } from '#engine';

/** Profile fields that are about the profile, not answers. */
const profileOnly = new Set(['status', 'source', 'privacy_policies', 'terms_conditions', 'consultation_statuses']);

/** The answers inside a stored profile. */
export function profileAnswers(profile: HairProfile): Answers {
  const answers: Answers = {};
  for (const [key, value] of Object.entries(profile)) {
    if (!profileOnly.has(key) && value !== undefined) answers[key] = value as Answers[string];
  }
  return answers;
}
