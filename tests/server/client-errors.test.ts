import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { defaultRateLimits } from '../../server/config';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, type TestApp } from './support/test-app';

const reportsIn = (log: CapturedLog) => log.lines().filter((line) => line.clientError);

/** POST /v1/client_errors/: the web app's error reports (spec 000 §8 "reported to an error-reporting service"; app/report-error.ts). */
describeEachDatabase('spec 000 §8 client error reports', (database) => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(() => {
    log = capturedLog();
    t = createTestApp(database().db, { config: { logger: log.logger } });
  });

  it('a report is written to the log as a warning with the request id, and answered 204', async () => {
    const report = {
      where: 'loading the stylist',
      name: 'TypeError',
      message: 'Failed to fetch',
      code: 'network_error',
      status: 0,
      path: '/stylist/jane-salon',
    };
    const response = await t.call('POST', '/v1/client_errors/', { body: report });
    expect(response.status).toBe(204);
    const [line] = reportsIn(log).slice(-1);
    expect(line).toMatchObject({ level: 40, clientError: report, msg: 'The web app reported an error' });
    expect(line!.reqId).toBe(response.headers.get('x-request-id'));
  });

  it('a token or an e-mail in a report never reaches the log, whatever the sender did', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMTIzNDU2In0.c2lnbmF0dXJlX3NpZ25hdHVyZV94eXo';
    const response = await t.call('POST', '/v1/client_errors/', {
      body: { where: 'verify ada@example.com', name: 'Error', message: `refused ${token} for ada@example.com`, path: `/signin/${token}` },
    });
    expect(response.status).toBe(204);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain('ada@example.com');
    expect(reportsIn(log).at(-1)!.clientError).toMatchObject({ where: 'verify [email]', message: 'refused [token] for [email]', path: '/signin/[token]' });
  });

  it.each([
    ['no where', { name: 'Error', message: 'x', path: '/' }],
    ['a path with its query (sign-in links carry tokens there)', { where: 'x', name: 'Error', message: 'x', path: '/signin/verify?token=abc' }],
    ['a message too long', { where: 'x', name: 'Error', message: 'x'.repeat(501), path: '/' }],
    ['an unknown field', { where: 'x', name: 'Error', message: 'x', path: '/', answers: { diag_hair_length: 'long' } }],
    ['not an object', ['x']],
  ])('%s: 400 validation_error, and nothing logged as a report', async (_, body) => {
    const before = reportsIn(log).length;
    const response = await t.call('POST', '/v1/client_errors/', { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_error' });
    expect(reportsIn(log)).toHaveLength(before);
  });

  it('a page failing in a loop is held back: 429 past the limit per address', async () => {
    const limited = createTestApp(database().db, {
      config: {
        logger: log.logger,
        trustProxy: true,
        rateLimits: { ...defaultRateLimits, clientErrorsPerIp: { limit: 3, windowSeconds: 60 } },
      },
    });
    // An address of its own (a documentation IPv6 address): the database's counters outlive one run.
    const headers = {
      'x-forwarded-for': `2001:db8::${randomBytes(4)
        .toString('hex')
        .replace(/(....)(....)/, '$1:$2')}`,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await limited.call('POST', '/v1/client_errors/', { headers, body: { where: 'loop', name: 'Error', message: `n${i}`, path: '/' } })).status,
      );
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
  });
});
