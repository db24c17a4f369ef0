import { Link } from 'react-router';
import type { FeedbackOverview, FeedbackOverviewOrder } from '#api';
import './feedback-invitation.css';

/** The feedback categories (spec 002 §1), in the order the account shows them. */
export type FeedbackCategory = keyof FeedbackOverview;
export const FEEDBACK_CATEGORIES: readonly FeedbackCategory[] = ['haircare', 'skincare', 'supplements'];

/** A category's heading. */
export const CATEGORY_TITLES: Record<FeedbackCategory, string> = { haircare: 'Haircare', skincare: 'Skincare', supplements: 'Hair supplements' };

/** How many orders await feedback in any category (an order awaiting two categories counts once). */
export const awaitingCount = (overview: FeedbackOverview): number =>
  new Set(FEEDBACK_CATEGORIES.flatMap((category) => overview[category].awaiting.map((entry) => entry.order))).size;

/** One order's feedback in one category, as the invitation offers it. */
export interface InvitedFeedback {
  category: FeedbackCategory;
  entry: FeedbackOverviewOrder;
}

/**
 * Whether the shop asks about this awaiting feedback now. Any paid order takes feedback (the account's feedback page
 * lists them all), but "How is your formula working?" is asked only once the shopper can answer it: the order has
 * arrived, or its invitation mail went out, or they began and can pick up where they left off. Our choice: spec 002
 * §2.5 leaves the account's side "not shown".
 */
export const asksForFeedback = (entry: FeedbackOverviewOrder): boolean =>
  entry.url !== null && (entry.delivered_at !== null || entry.invited_at !== null || entry.feedback_status === 'started');

/**
 * The order the invitation is about: the newest order whose feedback the shop asks for (of `order` only, when given),
 * with each of its categories still awaiting; null when none is asked for.
 */
export function invitedFeedback(overview: FeedbackOverview, order?: string): InvitedFeedback[] | null {
  const asked = FEEDBACK_CATEGORIES.flatMap((category) =>
    overview[category].awaiting
      .filter((entry) => asksForFeedback(entry) && (order === undefined || entry.order === order))
      .map((entry) => ({ category, entry })),
  );
  if (asked.length === 0) return null;
  const newest = asked.reduce((a, b) => (b.entry.ordered_at > a.entry.ordered_at ? b : a));
  return asked.filter((item) => item.entry.order === newest.entry.order);
}

/**
 * "How is your formula working?": the invitation to give feedback on the newest order that awaits it (or on `order`),
 * a link per category it awaits ("Continue" for one begun). Shown on the account's home, above the orders and on the
 * order's page; nothing when no feedback is asked for.
 */
export function FeedbackInvitation({ overview, order }: { overview: FeedbackOverview; order?: string }) {
  const invited = invitedFeedback(overview, order);
  if (!invited) return null;
  const { serial_no: serialNo } = invited[0]!.entry;
  const several = invited.length > 1;
  return (
    <section className="notice notice--info feedback-invitation" aria-labelledby="feedback-invitation-title">
      <h2 id="feedback-invitation-title" className="feedback-invitation__title">
        How is your formula working?
      </h2>
      <p className="feedback-invitation__text">Tell us about order #{serialNo} — your next formula will learn from it.</p>
      <p className="feedback-invitation__actions">
        {invited.map(({ category, entry }, index) => {
          const started = entry.feedback_status === 'started';
          const words = several ? `${started ? 'Continue' : 'Give'} ${category} feedback` : started ? 'Continue your feedback' : 'Give feedback';
          return (
            <Link key={category} to={entry.url!} className={`button button--small ${index === 0 ? 'button--primary' : 'button--secondary'}`}>
              {words}
              {several ? null : (
                <>
                  {' '}
                  <span className="visually-hidden">on your {category}</span>
                </>
              )}
            </Link>
          );
        })}
      </p>
    </section>
  );
}
