/**
 * @module server/db/schema/feedback: "Review & Refine" (spec 002): one feedback record per category of an order
 * (its answers so far, started then completed once), the shopper's free text per product of the order (§3.3), and
 * one analytics event per answer saved (§3.9), which the later tracking work reads.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { orders } from './orders';

/** The feedback categories (spec 002 §1): skincare covers both the full-size and the Starter Set flows. */
export const FEEDBACK_CATEGORIES = ['haircare', 'skincare', 'supplements'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** A record's status: started at its first save, completed when its results screen is reached (§4.2), final then. */
export const FEEDBACK_STATUSES = ['started', 'completed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** One answer as stored: a rating, an option's value, a boolean, free text, or null once cleared (§4.4). */
export type FeedbackValue = string | number | boolean | null;

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Spec 002 §3.2: the feedback answer record, one per category per order. */
export const orderFeedback = pgTable(
  'order_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    category: text('category').$type<FeedbackCategory>().notNull(),
    /** Answer field -> value, checked against the category's feedback flows before it is saved. */
    answers: jsonb('answers').$type<Record<string, FeedbackValue>>().notNull().default({}),
    status: text('status').$type<FeedbackStatus>().notNull(),
    /** Where it was started (account, email, order...), recorded once when the record is made; null when none was sent (§4.3). */
    origin: text('origin'),
    /** The shop's clock when it was completed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_feedback_order_category_idx').on(t.orderId, t.category),
    check('order_feedback_category_check', sql`${t.category} in (${listed(FEEDBACK_CATEGORIES)})`),
    check('order_feedback_status_check', sql`${t.status} in (${listed(FEEDBACK_STATUSES)})`),
    check('order_feedback_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
);

/** Spec 002 §3.3: the shopper's own words about one product of the order, stored as typed (saved only when not empty, §5.4). */
export const orderOpenTextFeedback = pgTable(
  'order_open_text_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A product type the order holds (shampoo, serum, supplement_core...). */
    product: text('product').notNull(),
    feedbackText: text('feedback_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_open_text_feedback_order_product_idx').on(t.orderId, t.product),
    // A backstop for the API's limit (api/schemas/feedback.ts).
    check('order_open_text_feedback_text_check', sql`char_length(${t.feedbackText}) between 1 and 2000`),
  ],
);

/**
 * Spec 002 §3.9: one event per answer saved (feedback_name, topic, question number, answer), written with the save.
 * Never the shopper's own words: a free-text answer is recorded as "(text)".
 */
export const feedbackEvents = pgTable(
  'feedback_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The flow's id (feedback-haircare, feedback-skincare-starter...). */
    feedbackName: text('feedback_name').notNull(),
    /** The question's name in the flow (its step). */
    topic: text('topic').notNull(),
    /** The answer field saved (a page may write two: a fragrance's satisfaction and intensity). */
    field: text('field').notNull(),
    /** The question's position in the flow, from 1 (the intro). */
    questionNum: integer('question_num').notNull(),
    /** The value as text ("4", "yes", "true"), or "(text)" for free text. */
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_events_name_idx').on(t.feedbackName, t.createdAt), index('feedback_events_order_idx').on(t.orderId)],
);
