import { outboxMessages, outboxQuery } from '#api';
import { defineServerOnlyOperation } from '../http/operation';
import { listOutbox } from './list-outbox';

/** GET /dev/outbox.json: the mail the shop sent, newest first, so a test can follow a magic link (off in production). */
export const getOutboxJson = defineServerOnlyOperation(
  { method: 'GET', path: '/dev/outbox.json', auth: 'none', query: outboxQuery, response: outboxMessages },
  { summary: 'Sent mail as JSON (not in production)', tag: 'dev', responses: { 200: 'Messages, newest first' } },
  async ({ c, query, services }) => c.json(await listOutbox(services.db, query.to, query.limit ?? 100), 200),
);
