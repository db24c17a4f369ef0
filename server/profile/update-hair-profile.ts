import { eq, getTableName, sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared-once';
import { hairProfiles } from '../db/schema';
import { validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { furtherStatus, holdsCompletedSql, mergeStatusesSql } from './consultation-status';
import { savesFragrance } from './fragrance-fields';
import { profileView } from './profile-view';
import { resumeFragranceHold } from '../subscriptions/resume';

const param = (name: string) => sql.placeholder(name);
/** A column of the row as stored, beside `excluded` (the row the save proposes) in the upsert's SET. */
const stored = (column: string) => sql.raw(`${getTableName(hairProfiles)}.${column}`);

/**
 * A save as one statement: the profile is made on the first save, else updated from the row as stored when the
 * statement runs. PostgreSQL applies concurrent upserts of one row one after the other, each reading the row the
 * previous one wrote, so no answer is lost; one round trip where a transaction with a locking read took four
 * (`npm run load` on PostgreSQL spent most of its CPU sending and reading queries). Built once (db/prepared-once.ts).
 *
 * Parameters: userId, answers and statuses (JSON text: the answers and each category's proposed status), completed
 * (the save completes the profile), source, privacyPolicies and termsConditions (null leaves them), fragrance (the
 * save chooses a fragrance, which answers the "sold out" notice, spec 000 §4.3), now.
 */
const saveProfile = preparedOnce((db) =>
  db
    .insert(hairProfiles)
    .values({
      userId: param('userId'),
      answers: sql`${param('answers')}::jsonb`,
      consultationStatuses: sql`${param('statuses')}::jsonb`,
      status: sql`case when ${param('completed')}::boolean then 'completed' end`,
      source: param('source'),
      privacyPolicies: sql`coalesce(${param('privacyPolicies')}::boolean, false)`,
      termsConditions: sql`coalesce(${param('termsConditions')}::boolean, false)`,
      createdAt: param('now'),
      updatedAt: param('now'),
    })
    .onConflictDoUpdate({
      target: hairProfiles.userId,
      set: {
        answers: sql`${stored('answers')} || excluded.answers`,
        consultationStatuses: mergeStatusesSql(stored('consultation_statuses'), sql`excluded.consultation_statuses`),
        // The profile is completed once a consultation is (spec 000 §3.4, §4.1), or when the finishing save says so.
        status: sql`case when ${param('completed')}::boolean or ${holdsCompletedSql(stored('consultation_statuses'))} then 'completed' else ${stored('status')} end`,
        source: sql`coalesce(excluded.source, ${stored('source')})`,
        privacyPolicies: sql`coalesce(${param('privacyPolicies')}::boolean, ${stored('privacy_policies')})`,
        termsConditions: sql`coalesce(${param('termsConditions')}::boolean, ${stored('terms_conditions')})`,
        isFragranceSoldout: sql`${stored('is_fragrance_soldout')} and not ${param('fragrance')}::boolean`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning()
    .prepare('save_hair_profile'),
);

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
    // The first saved answer of a category's flow starts that consultation; the statement keeps the further status.
    const statuses = new Map<string, string>(categories.map((category) => [category, 'draft']));
    if (consultation_status) statuses.set(consultation_status.category, furtherStatus(statuses.get(consultation_status.category), consultation_status.status));
    else if (status === 'completed') {
      // A finishing save that names no category (spec 000 §4.4, as its client sends it) completes each consultation
      // whose answers, saved and sent, reach its results.
      const [saved] = await services.db.select({ answers: hairProfiles.answers }).from(hairProfiles).where(eq(hairProfiles.userId, auth.user.id));
      for (const category of services.flows.completedCategories({ ...saved?.answers, ...answers })) statuses.set(category, 'completed');
    }
    const [row] = await saveProfile(services.db).execute({
      userId: auth.user.id,
      answers: JSON.stringify(answers),
      statuses: JSON.stringify(Object.fromEntries(statuses)),
      completed: status === 'completed' || [...statuses.values()].includes('completed'),
      source: source ?? null,
      privacyPolicies: privacy_policies ?? null,
      termsConditions: terms_conditions ?? null,
      fragrance: savesFragrance(answers),
      now: services.clock.now(),
    });
    if (!row) throw new Error(`Saving the profile of user ${auth.user.id} returned no row.`);
    // A fragrance chosen instead of a sold-out one resumes the subscriptions it held (spec 001 §4 invalid_fragrance).
    if (savesFragrance(answers) && !row.isFragranceSoldout) await resumeFragranceHold(services.db, auth.user.id, services.clock.now());
    return c.json(profileView(row), 200);
  },
);
