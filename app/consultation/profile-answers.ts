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

/**
 * What the consultation starts from: the saved answers, with anything still buffered on the device
 * on top (spec 000 §3.8: buffered data is used in place of saved answers when non-empty).
 */
export function startingAnswers(saved: Answers, buffered: Answers): Answers {
  return Object.keys(buffered).length > 0 ? { ...saved, ...buffered } : saved;
}
