import { outboxMessages, outboxQuery } from '#api';
import { defineOperation } from '../http/operation';
import { listOutbox } from './list-outbox';

/** GET /dev/outbox.json: the mail the shop sent, newest first, so a test can follow a magic link (off in production). */
export const getOutboxJson = defineOperation(
  {
    method: 'get',
    path: '/dev/outbox.json',
    summary: 'Sent mail as JSON (not in production)',
    tag: 'dev',
    auth: 'none',
    query: outboxQuery,
    responses: { 200: { description: 'Messages, newest first', schema: outboxMessages } },
  },
  async ({ c, query, services }) => c.json(await listOutbox(services.db, query.to, query.limit ?? 100), 200),
);
