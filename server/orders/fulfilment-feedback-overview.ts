import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FeedbackOverview, FeedbackOverviewOrder } from '#api';
import { feedbackInvitations, orderItems, orders } from '../db/schema';
import { defineOperation } from '../http/operation';
import { FEEDBACK_CATEGORIES, FEEDBACK_ORDER_STATUSES, feedbackCategoryOf, feedbackPath, feedbackStates, type FeedbackCategory } from './fulfilment-feedback';
import { cataloguePictures } from './order-pictures';
import { displayStatus } from './order-view';

/** The account lists this many of the latest orders (a shopper's orders over years). */
const ORDER_LIMIT = 100;

/**
 * GET /v1/account/feedback: the caller's own orders per feedback category, those awaiting feedback and those done
 * (api/schemas/feedback-overview.ts). Only orders of the caller are read: another account's never appear.
 */
export const getAccountFeedback = defineOperation(
  'getAccountFeedback',
  { summary: 'The shopper’s orders awaiting feedback and done, per category', tag: 'feedback', responses: { 200: 'Per category: awaiting and completed' } },
  async ({ c, auth, services }) => {
    const rows = await services.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, auth.user.id), inArray(orders.status, [...FEEDBACK_ORDER_STATUSES])))
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(ORDER_LIMIT);
    const overview: FeedbackOverview = {
      haircare: { awaiting: [], completed: [] },
      skincare: { awaiting: [], completed: [] },
      supplements: { awaiting: [], completed: [] },
    };
    if (rows.length === 0) return c.json(overview, 200);
    const ids = rows.map((row) => row.id);
    const [items, invitations, states, pictures] = await Promise.all([
      services.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position)),
      services.db.select().from(feedbackInvitations).where(inArray(feedbackInvitations.orderId, ids)),
      feedbackStates(services.db, ids),
      cataloguePictures(services.catalogue),
    ]);
    for (const order of rows) {
      for (const category of FEEDBACK_CATEGORIES) {
        const lines = items.filter((item) => item.orderId === order.id && feedbackCategoryOf(item) === category);
        if (lines.length === 0) continue;
        const state = states.get(order.id)?.get(category);
        const done = state?.status === 'completed';
        const entry: FeedbackOverviewOrder = {
          order: order.pubkey,
          serial_no: String(order.serialNo),
          status: order.status,
          display_status: displayStatus(order.status),
          ordered_at: (order.paidAt ?? order.createdAt).toISOString(),
          delivered_at: order.deliveredAt?.toISOString() ?? null,
          items: lines.map((item) => ({ type: item.type, label: item.label, picture: pictures(item.type) ?? pictures(item.product) })),
          feedback_status: state?.status ?? 'not_started',
          invited_at: invitations.find((row) => row.orderId === order.id && row.category === category)?.sentAt.toISOString() ?? null,
          completed_at: done ? (state.completedAt?.toISOString() ?? null) : null,
          url: done ? null : feedbackPath(category as FeedbackCategory, order.pubkey, 'account'),
        };
        overview[category][done ? 'completed' : 'awaiting'].push(entry);
      }
    }
    for (const category of FEEDBACK_CATEGORIES) overview[category].completed.sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
    return c.json(overview, 200);
  },
);
