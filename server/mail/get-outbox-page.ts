import { outboxQuery } from '#api';
import { defineOperation } from '../http/operation';
import { listOutbox } from './list-outbox';
import { renderOutboxPage } from './render-outbox-page';

/** GET /dev/outbox: the mail the shop sent as a page with clickable links (off in production). */
export const getOutboxPage = defineOperation(
  {
    method: 'get',
    path: '/dev/outbox',
    summary: 'Sent mail as a page (not in production)',
    tag: 'dev',
    auth: 'none',
    query: outboxQuery,
    responses: { 200: { description: 'An HTML page' } },
  },
  async ({ c, query, services }) => c.html(renderOutboxPage(await listOutbox(services.db, query.to, query.limit ?? 100), c.var.cspNonce)),
);
