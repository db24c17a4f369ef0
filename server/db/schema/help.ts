/**
 * @module server/db/schema/help: the help centre (spec 001 §3 Knowledge base, §5, §7; server/help/README.md).
 * - `kb_categories`, `kb_tags`, `kb_articles`: the knowledge base of shop/help/content/, checked, rendered to sanitised
 *   HTML and written here at every start (the files are the source; these rows are replaced as one). `search` is the
 *   full-text index: the title weighted A, the tags' names B, the body's plain text C (english configuration).
 * - `kb_inquiries`: the contact form's messages (and live-chat conversations sent as one), each with the reference the
 *   shopper quotes; a signed-in shopper's account is attached.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

/** PostgreSQL's text-search document (written with setweight/to_tsvector in SQL, never read as a value). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const kbCategories = pgTable('kb_categories', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
  deleted: boolean('deleted').notNull().default(false),
});

export const kbTags = pgTable('kb_tags', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const kbArticles = pgTable(
  'kb_articles',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: ['published', 'draft'] }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** Tag ids and category ids, in the order the article names them. */
    tags: text('tags').array().notNull(),
    categories: text('categories').array().notNull(),
    /** Where it comes in lists (lower first), then by title. */
    position: integer('position').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The body as plain text: what the search indexes and its passages are cut from. */
    bodyText: text('body_text').notNull(),
    search: tsvector('search').notNull(),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('kb_articles_search_idx').using('gin', t.search), index('kb_articles_position_idx').on(t.position, t.title)],
);

export const INQUIRY_TOPICS = ['order', 'subscription', 'formula', 'shipping', 'account', 'other'] as const;
export const INQUIRY_SOURCES = ['contact_form', 'livechat'] as const;
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const kbInquiries = pgTable(
  'kb_inquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the shopper quotes (HC-XXXXXXXX), in the acknowledgement mail. */
    reference: text('reference').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: INQUIRY_TOPICS }).notNull(),
    message: text('message').notNull(),
    orderRef: text('order_ref'),
    source: text('source', { enum: INQUIRY_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('kb_inquiries_user_idx').on(t.userId),
    check('kb_inquiries_topic_check', sql.raw(`${t.topic.name} in (${list(INQUIRY_TOPICS)})`)),
    check('kb_inquiries_source_check', sql.raw(`${t.source.name} in (${list(INQUIRY_SOURCES)})`)),
  ],
);

export type KbInquiryRow = typeof kbInquiries.$inferSelect;
