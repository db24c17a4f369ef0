import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/log/logger';
import { requestLog, requestLogger } from '../../server/log/request-log';

/** A logger whose lines are kept, and an app with the request log in front of a route that logs and one that does not. */
function appWithLog(accessLog: boolean) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ stream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  const child = vi.spyOn(logger, 'child');
  const app = new Hono();
  app.use(requestLog(logger, { accessLog }));
  app.get('/quiet', (c) => c.text('ok'));
  app.get('/chatty', (c) => {
    requestLogger(c, logger).warn('first');
    requestLogger(c, logger).warn('second');
    return c.text('ok');
  });
  return { app, lines, child };
}

describe('the request log', () => {
  it('makes the request’s logger only when something is logged, once, and every line carries the id the reply names', async () => {
    const { app, lines, child } = appWithLog(false);
    const quiet = await app.request('/quiet');
    expect(quiet.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);

    const chatty = await app.request('/chatty');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['first', chatty.headers.get('x-request-id')],
      ['second', chatty.headers.get('x-request-id')],
    ]);
  });

  it('with the access log on, the request’s line carries its id too', async () => {
    const { app, lines } = appWithLog(true);
    const quiet = await app.request('/quiet?term=secret');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', path: '/quiet', query: 'term=[redacted]', status: 200, reqId: quiet.headers.get('x-request-id') }),
    ]);
  });

  it('outside a request the logger given is used: the server’s', async () => {
    const server = createLogger({ stream: { write: () => undefined } });
    const app = new Hono();
    let found: unknown = 'not called';
    app.get('/', (c) => {
      found = requestLogger(c, server);
      return c.text('ok');
    });
    await app.request('/');
    expect(found).toBe(server);
  });
});
