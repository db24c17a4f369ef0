import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FeedbackCategory } from '../db/schema';
import { FEEDBACK_ORDER_STATUSES, SUPPLEMENT_PRODUCTS } from './feedback-order';

/** The user's profile flags about feedback (spec 002 §3.7; what each means: server/feedback/README.md). */
export interface FeedbackFlags {
  can_see_feedback: boolean;
  has_feedback_from_categories: Record<FeedbackCategory, boolean>;
  feedback_on_order: string | null;
  skincare_feedback_on_order: string | null;
  supplements_feedback_on_order: string | null;
}

/** What the query below reads: per category the newest order holding it (and whether its feedback is completed), and the categories ever completed. */
export interface FeedbackFacts {
  newest: Record<FeedbackCategory, { pubkey: string; completed: boolean } | null>;
  completed: FeedbackCategory[];
}

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** An order line of the category (server/feedback/feedback-order.ts feedbackCategoryOfItem, in SQL). */
function holds(category: FeedbackCategory): SQL {
  const supplements = listed(SUPPLEMENT_PRODUCTS);
  if (category === 'supplements') return sql`i.product in (${supplements})`;
  return sql`i.product_category = ${category} and i.product not in (${supplements})`;
}

function newest(userId: AnyPgColumn, category: FeedbackCategory): SQL {
  return sql`(select jsonb_build_object('pubkey', o.pubkey, 'completed', exists (
      select 1 from order_feedback f where f.order_id = o.id and f.category = ${category} and f.status = 'completed'))
    from orders o
    where o.user_id = ${userId} and o.status in (${listed(FEEDBACK_ORDER_STATUSES)})
      and exists (select 1 from order_items i where i.order_id = o.id and ${holds(category)})
    order by o.created_at desc, o.id desc limit 1)`;
}

/** One SQL expression (a subquery of the user's row, so GET /v1/account/ stays one query) giving the user's FeedbackFacts. */
export function feedbackFactsSql(userId: AnyPgColumn): SQL<FeedbackFacts> {
  return sql<FeedbackFacts>`jsonb_build_object(
    'newest', jsonb_build_object('haircare', ${newest(userId, 'haircare')}, 'skincare', ${newest(userId, 'skincare')},
      'supplements', ${newest(userId, 'supplements')}),
    'completed', (select coalesce(jsonb_agg(distinct f.category), '[]'::jsonb) from order_feedback f
      join orders o on o.id = f.order_id where o.user_id = ${userId} and f.status = 'completed'))`;
}

/**
 * Spec 002 §3.7: feedback can be given (a paid order holding a feedback category); which categories the user has
 * completed a feedback of; and per category the order whose feedback is awaited: the newest paid one holding it,
 * until that feedback is completed.
 */
export function feedbackFlags(facts: FeedbackFacts | null): FeedbackFlags {
  const awaited = (category: FeedbackCategory) => {
    const order = facts?.newest[category];
    return order && !order.completed ? order.pubkey : null;
  };
  const done = new Set(facts?.completed ?? []);
  return {
    can_see_feedback: !!facts && Object.values(facts.newest).some((order) => order !== null),
    has_feedback_from_categories: { haircare: done.has('haircare'), skincare: done.has('skincare'), supplements: done.has('supplements') },
    feedback_on_order: awaited('haircare'),
    skincare_feedback_on_order: awaited('skincare'),
    supplements_feedback_on_order: awaited('supplements'),
  };
}
