import { eq, sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared-once';
import type { User } from '#api';
import type { Database } from '../db/database';
import { emailChanges, hairProfiles, orders, stylists, users } from '../db/schema';
import { asStatus } from '../profile/consultation-status';
import { stylistView } from './stylist-view';
import { feedbackFactsSql, feedbackFlags } from '../feedback/feedback-flags';
import { subscriptionFactsSql, subscriptionFlags } from '../subscriptions/profile-flags';

/**
 * The user with their stylist, profile and the newest e-mail change waiting for confirmation at `now`: read on every
 * page a shopper opens, so one query, built once (db/prepared-once.ts).
 */
const userRow = preparedOnce((db) =>
  db
    .select({
      user: users,
      stylist: stylists,
      profile: hairProfiles,
      pendingEmail: sql<string | null>`(select ${emailChanges.newEmail} from ${emailChanges}
        where ${emailChanges.userId} = ${users.id} and ${emailChanges.usedAt} is null and ${emailChanges.expiresAt} > ${sql.placeholder('now')}
        order by ${emailChanges.id} desc limit 1)`,
      // Spec 001 §4: paid orders count (an attempt whose payment failed is no order of theirs).
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id} and ${orders.paidAt} is not null)`,
      // Orders with formulas: a custom category (an order of accessories alone is ["accessories"], spec 001 §3).
      formulaOrderCount: sql<number>`(select count(*)::int from ${orders}
        where ${orders.userId} = ${users.id} and ${orders.paidAt} is not null and jsonb_array_length(${orders.categories}) > 0
          and ${orders.categories} <> '["accessories"]'::jsonb)`,
      // Spec 002 §3.7: the feedback flags' facts (server/feedback/feedback-flags.ts).
      feedback: feedbackFactsSql(users.id),
      // Spec 001 §3 User profile, §4: the subscription flags' facts (server/subscriptions/profile-flags.ts).
      subscriptionFacts: subscriptionFactsSql(users.id),
    })
    .from(users)
    .leftJoin(stylists, eq(stylists.id, users.stylistId))
    .leftJoin(hairProfiles, eq(hairProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('load_user'),
);

/** The user as GET /v1/account/ shows it (spec 000 §3.9): identity, stylist, consultation statuses, profile summary, and an e-mail change waiting at `now`. */
export async function loadUser(db: Database, userId: number, now: Date): Promise<User> {
  const [row] = await userRow(db).execute({ userId, now });
  if (!row) throw new Error(`User ${userId} vanished.`);
  const { user, stylist, profile, pendingEmail, orderCount, formulaOrderCount, feedback, subscriptionFacts } = row;
  const answers = profile?.answers ?? {};
  const statuses = profile?.consultationStatuses ?? {};
  return {
    pubkey: user.pubkey,
    email: user.email ?? '',
    username: user.username ?? '',
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    text_optin: user.textOptin,
    text_marketing_optin: user.textMarketingOptin,
    is_guest: user.isGuest,
    is_returning_customer: orderCount > 0,
    has_accepted_terms: user.hasAcceptedTerms,
    customer_origin: user.customerOrigin,
    stylist: stylist ? stylistView(stylist) : null,
    consultation_statuses: { haircare: asStatus(statuses.haircare), skincare: asStatus(statuses.skincare) },
    profile: {
      hair_profile_status: profile?.status ?? null,
      has_answered_supplements_questions: answers.has_answered_supplements_questions === true,
      has_answered_styling_gel_questions: answers.has_answered_styling_gel_questions === true,
      has_answered_haircare_questions: answers.has_answered_haircare_questions === true,
      fragrance: profileFragrance(answers),
      fragrance_skin: stringOrNull(answers.pref_fragrance_free_skin === true ? 'FREE' : answers.pref_fragrance_skin),
      fragrance_hairoil: stringOrNull(answers.pref_hair_oil_fragrance),
      is_fragrance_soldout: profile?.isFragranceSoldout ?? false,
      diag_hair_type: stringOrNull(answers.diag_hair_type),
      // Spec 001 §4: after a paid order, has_order and has_order_with_formulas are true and order_count goes up by one.
      order_count: orderCount,
      has_order: orderCount > 0,
      has_order_with_formulas: formulaOrderCount > 0,
      ...feedbackFlags(feedback),
      ...subscriptionFlags(subscriptionFacts, {
        isGuest: user.isGuest,
        orderCount,
        consultationDone: {
          haircare: asStatus(statuses.haircare) === 'completed',
          skincare: asStatus(statuses.skincare) === 'completed',
          supplements: answers.has_answered_supplements_questions === true,
        },
      }),
    },
    pending_email: pendingEmail ?? null,
  };
}

/** profile.fragrance: "FREE" when fragrance-free, else the chosen code (spec 000 §3.9, §4.3). */
function profileFragrance(answers: Record<string, unknown>): string | null {
  if (answers.pref_fragrance_free === true) return 'FREE';
  return stringOrNull(answers.pref_fragrance);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
