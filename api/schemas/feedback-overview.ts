import { z } from 'zod';
import { productPicture } from './catalogue';
import { orderStatus } from './order';

// GET /v1/account/feedback (issue 26; our design, spec 002 §2.5 leaves the account's feedback page "not shown"): the
// shopper's own orders that await feedback, and those whose feedback is done, per feedback category.

/** One order in one category of the account's feedback. */
export const feedbackOverviewOrder = z.object({
  /** The order's pubkey. */
  order: z.string(),
  serial_no: z.string(),
  status: orderStatus,
  /** The words shown for the status (spec 001 §4 Orders). */
  display_status: z.string(),
  /** When it was paid (ISO time). */
  ordered_at: z.string(),
  /** When it was delivered; null before (a paid order takes feedback already: API.md "Feedback"). */
  delivered_at: z.string().nullable(),
  /** The order's lines of this category, with their pictures. */
  items: z.array(z.object({ type: z.string(), label: z.string(), picture: productPicture.nullable() })),
  /** not_started: no answer saved yet; started: some saved; completed: its results were reached (spec 002 §4.2). */
  feedback_status: z.enum(['not_started', 'started', 'completed']),
  /** When the "How is your formula working?" mail went out; null when it has not (yet). */
  invited_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Where the shopper gives it (/feedback/{category}?order=…&origin=account); null once it is completed. */
  url: z.string().nullable(),
});
export type FeedbackOverviewOrder = z.infer<typeof feedbackOverviewOrder>;

/** A category's orders: those awaiting feedback (newest order first), and those done (latest completed first). */
export const feedbackOverviewCategory = z.object({ awaiting: z.array(feedbackOverviewOrder), completed: z.array(feedbackOverviewOrder) });
export type FeedbackOverviewCategory = z.infer<typeof feedbackOverviewCategory>;

/** GET /v1/account/feedback: per feedback category (spec 002 §1), the caller's paid orders that hold it (a canceled one does not count). */
export const feedbackOverview = z.object({ haircare: feedbackOverviewCategory, skincare: feedbackOverviewCategory, supplements: feedbackOverviewCategory });
export type FeedbackOverview = z.infer<typeof feedbackOverview>;
