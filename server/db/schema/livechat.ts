/**
 * @module server/db/schema/livechat: live chat conversations (spec 001 §2 "Help centre: Live chat"; issue 29 item 5).
 * One row per conversation a shopper (a guest or a customer) starts from the chat panel. The words stay with the
 * provider: with the embedded one (server/livechat/README.md) the first message is a support inquiry and the later
 * ones are mails to support quoting its reference, so this table keeps only whose it is, the provider's reference,
 * how many messages it has and whether it is closed.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';

/** A conversation is open (the shopper may add to it) or closed (ended from the panel). */
export const LIVECHAT_STATUSES = ['open', 'closed'] as const;
export type LiveChatStatus = (typeof LIVECHAT_STATUSES)[number];

export const livechatConversations = pgTable(
  'livechat_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The id the shopper's panel names it by (random, 128 bits). */
    pubkey: text('pubkey').notNull().unique(),
    /** Whose it is (a guest or a customer): only they may add to it or close it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider that holds it ('embedded': a support inquiry answered by mail). */
    provider: text('provider').notNull(),
    /** The provider's reference, the one the shopper quotes (the embedded provider's: the inquiry's reference). */
    reference: text('reference').notNull(),
    /** The e-mail address the team answers at. */
    replyTo: text('reply_to').notNull(),
    messageCount: integer('message_count').notNull().default(1),
    status: text('status').$type<LiveChatStatus>().notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('livechat_conversations_user_idx').on(t.userId, t.createdAt),
    check('livechat_conversations_status_check', sql.raw(`status in (${LIVECHAT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('livechat_conversations_messages_check', sql`${t.messageCount} >= 1`),
  ],
);
