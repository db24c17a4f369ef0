import type { HairProfile } from '#api';
import type { hairProfiles } from '../db/schema';
import { asStatus } from './consultation-status';

type ProfileRow = typeof hairProfiles.$inferSelect;

/** The profile as GET /v1/account/hair_profile/ shows it: every answer, then the profile's own fields. */
export function profileView(row: ProfileRow | undefined): HairProfile {
  const answers = row?.answers ?? {};
  // zod's catchall type cannot say "answers, plus these fixed fields", hence the assertion.
  return {
    ...answers,
    status: row?.status ?? null,
    source: row?.source ?? null,
    privacy_policies: row?.privacyPolicies ?? false,
    terms_conditions: row?.termsConditions ?? false,
    consultation_statuses: {
      haircare: asStatus(row?.consultationStatuses.haircare),
      skincare: asStatus(row?.consultationStatuses.skincare),
    },
    has_answered_supplements_questions: answers.has_answered_supplements_questions === true,
    has_answered_styling_gel_questions: answers.has_answered_styling_gel_questions === true,
    has_answered_haircare_questions: answers.has_answered_haircare_questions === true,
  } as HairProfile;
}
