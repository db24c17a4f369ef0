import { sql } from 'drizzle-orm';
import { health } from '#api';
import { ApiError } from '../http/api-error';
import { defineServerOnlyOperation } from '../http/operation';
import { requestLogger } from '../log/request-log';

/** GET /healthz: 200 when the process is up and the database answers `select 1`, else 503. */
export const getHealth = defineServerOnlyOperation(
  { method: 'GET', path: '/healthz', auth: 'none', response: health },
  { summary: 'Liveness and database reachability', tag: 'system', responses: { 200: 'Up', 503: 'database_unavailable' } },
  async ({ c, services }) => {
    try {
      await services.db.execute(sql`select 1`);
    } catch (error) {
      requestLogger(c, services.config.logger).error({ err: error }, 'Health check: the database does not answer');
      throw new ApiError(503, 'database_unavailable', 'The database does not answer.');
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  },
);
