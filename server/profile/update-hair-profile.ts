import { eq, sql } from 'drizzle-orm';
import { hairProfiles } from '../db/schema';
import { validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { furtherStatus } from './consultation-status';
import { savesFragrance } from './fragrance-fields';
import { profileView } from './profile-view';

/**
 * PATCH /v1/account/hair_profile/: saves answers checked against the flows, the accepted policies, a category's
 * consultation status and the profile's `status`. One bad value refuses the whole request: nothing of it is saved
 * (spec 000 §4.1, §4.3).
 */
export const updateHairProfile = defineOperation(
  'patchHairProfile',
  {
    summary: 'Save answers, policies and consultation status',
    tag: 'profile',
    responses: {
      200: 'The updated profile',
      400: 'validation_error naming each bad field; nothing was saved',
    },
  },
  async ({ c, body, auth, services }) => {
    const { status, source, privacy_policies, terms_conditions, consultation_status, ...answerFields } = body;
    let answers: Record<string, unknown> = {};
    let categories: string[] = [];
    if (Object.keys(answerFields).length > 0) {
      const check = services.flows.checkAnswers(answerFields);
      if (!check.ok) throw validationError(check.fields, 'Some answers are not valid.');
      ({ answers, categories } = check);
    }
    const now = services.clock.now();
    const userId = auth.user.id;
    const row = await services.db.transaction(async (tx) => {
      // The profile, made on the first save, and locked until the transaction ends (an upsert that changes
      // nothing locks the row it meets, as FOR UPDATE would): one round trip where an insert and a select took two.
      const [current] = await tx
        .insert(hairProfiles)
        .values({ userId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: hairProfiles.userId, set: { userId: sql`excluded.user_id` } })
        .returning();
      if (!current) throw new Error(`Profile of user ${userId} vanished.`);
      const statuses = { ...current.consultationStatuses };
      // The first saved answer of a category's flow starts that consultation.
      for (const category of categories) statuses[category] = furtherStatus(statuses[category], 'draft');
      if (consultation_status) statuses[consultation_status.category] = furtherStatus(statuses[consultation_status.category], consultation_status.status);
      // The profile is completed once a consultation is (spec 000 §3.4, §4.1), or when the finishing save says so.
      const completed = status === 'completed' || Object.values(statuses).includes('completed');
      const [updated] = await tx
        .update(hairProfiles)
        .set({
          answers: { ...current.answers, ...answers },
          consultationStatuses: statuses,
          status: completed ? 'completed' : current.status,
          source: source ?? current.source,
          privacyPolicies: privacy_policies ?? current.privacyPolicies,
          termsConditions: terms_conditions ?? current.termsConditions,
          // Choosing a fragrance again answers the "sold out" notice (spec 000 §4.3).
          isFragranceSoldout: savesFragrance(answers) ? false : current.isFragranceSoldout,
          updatedAt: now,
        })
        .where(eq(hairProfiles.userId, userId))
        .returning();
      return updated;
    });
    return c.json(profileView(row), 200);
  },
);
