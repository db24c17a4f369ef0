import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerErrorBody } from '#api';
import { logger } from '../log/logger';
import { ApiError } from './api-error';
import { requestLogger } from '../log/request-log';

/** Every error leaves as {code, detail[, fields]}; anything unexpected is a bare server_error, with the cause logged here only (redacted: server/log/safe-error.ts). */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(error.toBody(), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode;
    return c.json(
      { code: status === 413 ? 'payload_too_large' : 'bad_request', detail: error.message || 'The request could not be read.' } satisfies ServerErrorBody,
      status,
    );
  }
  requestLogger(c, logger).error({ err: error }, `${c.req.method} ${c.req.path} failed`);
  return c.json({ code: 'server_error', detail: 'Something went wrong on our side. Please try again.' } satisfies ServerErrorBody, 500);
}

/** An unknown path or method. */
export function handleNotFound(c: Context): Response {
  return c.json({ code: 'not_found', detail: 'There is nothing at this address.' } satisfies ServerErrorBody, 404);
}
