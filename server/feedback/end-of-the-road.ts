import { and, eq } from 'drizzle-orm';
import type { EndOfTheRoadMessage } from '#api';
import { orderFeedback, type FeedbackValue } from '../db/schema';
import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { loadFeedbackOrder } from './feedback-order';

/** Where a shopper talks with the shop's hair experts (the help centre and its contact form). */
const TALK_TO_US = { label: 'Talk to a hair expert', url: '/help' };

/**
 * Spec 002 §3.10, §4.5 (its trigger "not shown"; ours): the supplements feedback's end of the road, from the answers
 * saved so far. A shopper who stopped taking them is offered a pause and a talk; one who has taken them six months or
 * more without seeing any improvement yet is told so plainly and offered the same. Otherwise none applies.
 * @example endOfTheRoad({ product_supplements_usage_frequency: 'stopped_use' })?.title // 'Taking a break from your supplements?'
 */
export function endOfTheRoad(answers: Readonly<Record<string, FeedbackValue>>): EndOfTheRoadMessage | null {
  if (answers.product_supplements_usage_frequency === 'stopped_use') {
    return {
      title: 'Taking a break from your supplements?',
      body:
        'You told us you have stopped taking your Custom Hair Supplements. If now is not the right time, you can pause them for a while ' +
        'and pick them up again later. If something did not suit you, talk with one of our hair experts: together we can find what works for you.',
      action: TALK_TO_US,
    };
  }
  if (answers.product_supplements_usage_duration === 'ge_six_months' && answers.product_supplements_overall_improvement === 'not_yet') {
    return {
      title: 'Six months in, and not the change you hoped for',
      body:
        'Most people see their hair change within six months of taking their Custom Hair Supplements every day. As you have not yet, ' +
        'we suggest a pause, and a talk with one of our hair experts about what else may be holding your hair back.',
      action: TALK_TO_US,
    };
  }
  return null;
}

/** GET /v1/supplements_feedback/{id}/end_of_road: the message for the caller's order `id`, or 404 when none applies. */
export const getEndOfTheRoad = defineOperation(
  'getEndOfTheRoad',
  {
    summary: 'The end-of-the-road message of an order’s supplements feedback',
    tag: 'feedback',
    responses: {
      200: 'The message: {title, body, action: {label, url}}',
      404: 'not_found: no such paid order of theirs with supplements, or no message applies to its feedback',
    },
  },
  async ({ c, params, auth, services }) => {
    const { order } = await loadFeedbackOrder(services.db, auth.user.id, params.pubkey ?? '', 'supplements');
    const [record] = await services.db
      .select({ answers: orderFeedback.answers })
      .from(orderFeedback)
      .where(and(eq(orderFeedback.orderId, order.id), eq(orderFeedback.category, 'supplements')))
      .limit(1);
    const message = record ? endOfTheRoad(record.answers) : null;
    if (!message) throw notFound('not_found', 'No end-of-the-road message applies to this feedback.');
    return c.json(message, 200);
  },
);
