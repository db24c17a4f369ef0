import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';
import { loggableQuery } from './loggable-query';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's logger: every line it writes carries the request id. */
    log: Logger;
    requestId: string;
  }
}

const MAX_PATH = 300;

/**
 * The first middleware: gives the request an id (`X-Request-Id` on the reply) and a logger, and, with the access log
 * on, writes one line when it is answered: method, path, query parameter names (`loggableQuery`), status, duration.
 * Never headers or bodies.
 */
export function requestLog(logger: Logger, options: { accessLog: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    if (!options.accessLog) return;
    const url = new URL(c.req.url);
    const path = url.pathname.length > MAX_PATH ? `${url.pathname.slice(0, MAX_PATH)}…` : url.pathname;
    const query = url.search ? loggableQuery(url.search) : undefined;
    log.info({ method: c.req.method, path, query, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
  };
}
