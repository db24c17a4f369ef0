import { outboxQuery } from '#api';
import { defineServerOnlyOperation } from '../http/operation';
import { listOutbox } from './list-outbox';
import { renderOutboxPage } from './render-outbox-page';

/** GET /dev/outbox: the mail the shop sent as a page with clickable links (off in production). */
export const getOutboxPage = defineServerOnlyOperation(
  // An HTML page, not JSON: no response schema.
  { method: 'GET', path: '/dev/outbox', auth: 'none', query: outboxQuery, response: null },
  { summary: 'Sent mail as a page (not in production)', tag: 'dev', responses: { 200: 'An HTML page' } },
  async ({ c, query, services }) => c.html(renderOutboxPage(await listOutbox(services.db, query.to, query.limit ?? 100), c.var.cspNonce)),
);
