import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableQuery } from '../../server/log/loggable-query';
import { safeError } from '../../server/log/safe-error';
import { enqueueMail } from '../../server/mail/enqueue-mail';
import { createOutboxDispatcher } from '../../server/mail/outbox-dispatcher';
import { redactLogText } from '../../server/mail/redact-secrets';
import { capturedLog, type CapturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';
import { createTestApp, testClock, uniqueEmail, type TestApp } from './support/test-app';

const webRoot = tempDir('shop-web');
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
afterAll(removeTempDirs);

/** A made-up answer no log line could contain by chance (a zip code is a free-text answer). */
const secretAnswer = () => `Z${randomBytes(6).toString('hex')}`;

/** The access log and error log hold no secret (issue 10): a whole identity journey, then every token it was given is looked for. */
describeEachDatabase('logs never hold secrets', (database) => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(() => {
    log = capturedLog();
    t = createTestApp(database().db, { config: { logger: log.logger, accessLog: true, webRoot } });
  });

  it('guest, sign-up, magic link, verify page, refresh, answers, a database failure, sign-out: no token, link, address or answer in the log', async () => {
    const secrets: Record<string, string> = {};
    const keep = (name: string, value: string) => {
      expect(value, name).toBeTruthy();
      secrets[name] = value;
      return value;
    };

    const guest = (await t.call('POST', '/v1/auth/signup/guest/')).body;
    keep('guest access', guest.access);
    keep('guest refresh', guest.refresh);
    const guestAnswer = keep('guest answer', secretAnswer());
    expect(
      (await t.call('PATCH', '/v1/account/hair_profile/', { token: guest.access, body: { profile_zipcode: guestAnswer, hair_length: 'long' } })).status,
    ).toBe(200);

    const email = keep('e-mail', uniqueEmail('secret.shopper'));
    keep('e-mail in a query', encodeURIComponent(email));
    const signedUp = await t.call('POST', '/v1/auth/signup/', {
      token: guest.access,
      body: { email, first_name: 'Ada', last_name: 'Lovelace', has_accepted_terms: true },
    });
    expect(signedUp.status).toBe(201);
    keep('sign-up access', signedUp.body.access);
    keep('sign-up refresh', signedUp.body.refresh);

    const next = keep('next', `/consultation/haircare/${randomBytes(4).toString('hex')}`);
    expect((await t.call('POST', '/v1/auth/signin/', { body: { username: email, next } })).status).toBe(200);
    const outbox = await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const link = keep('magic link', outbox.body[0].links[0]);
    const token = keep('magic-link token', new URL(link).searchParams.get('token')!);
    expect((await t.call('GET', '/dev/outbox')).status).toBe(200);

    const verifyPage = await t.call('GET', `/signin/verify?token=${token}&next=${encodeURIComponent(next)}`);
    expect(verifyPage.status).toBe(200);
    expect(verifyPage.body).toContain('<div id="root">');
    const verified = await t.call('POST', '/v1/auth/signin/verify/', { body: { token } });
    expect(verified.status).toBe(200);
    keep('verified access', verified.body.access);
    keep('verified refresh', verified.body.refresh);
    expect((await t.call('POST', '/v1/auth/signin/verify/', { body: { token } })).status).toBe(401); // used: 401, not logged as an error

    const refreshed = await t.call('POST', '/v1/auth/token/refresh/', { body: { refresh: verified.body.refresh } });
    expect(refreshed.status).toBe(200);
    const access = keep('refreshed access', refreshed.body.access);
    const refresh = keep('refreshed refresh', refreshed.body.refresh);

    const answer = keep('answer', secretAnswer());
    expect((await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { profile_zipcode: answer } })).status).toBe(200);
    expect((await t.call('GET', '/v1/account/', { token: access })).body.email).toBe(email);

    // A write the database refuses (the update that saves the answer): drizzle's error lists the query's values, the driver's detail the row.
    const failedAnswer = keep('answer the database refused', secretAnswer());
    await t.db.execute(sql`alter table hair_profiles add constraint test_refuse_profiles check (answers->>'profile_zipcode' not like 'Z%') not valid`);
    let failed;
    try {
      failed = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { profile_zipcode: failedAnswer } });
    } finally {
      await t.db.execute(sql`alter table hair_profiles drop constraint test_refuse_profiles`);
    }
    expect(failed.status).toBe(500);

    expect((await t.call('POST', '/v1/auth/signout/', { token: access, body: { refresh } })).status).toBe(204);

    const text = log.text();
    for (const [name, secret] of Object.entries(secrets)) expect(text.includes(secret), `the log holds the ${name}`).toBe(false);

    // The log is not empty: one line per request, with what an operator needs.
    const requests = log.lines().filter((line) => line.msg === 'request');
    const seen = requests.map((line) => `${line.method} ${line.path}${line.query ? `?${line.query}` : ''} ${line.status}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /v1/auth/signup/guest/ 201',
        'PATCH /v1/account/hair_profile/ 200',
        'POST /v1/auth/signup/ 201',
        'POST /v1/auth/signin/ 200',
        'GET /dev/outbox.json?to=[redacted] 200',
        'GET /signin/verify?token=[redacted]&next=[redacted] 200',
        'POST /v1/auth/signin/verify/ 200',
        'POST /v1/auth/signin/verify/ 401',
        'POST /v1/auth/token/refresh/ 200',
        'PATCH /v1/account/hair_profile/ 500',
        'POST /v1/auth/signout/ 204',
      ]),
    );
    expect(requests).toHaveLength(14);
    for (const line of requests) {
      expect(line).toMatchObject({ level: 30, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/), ms: expect.any(Number) });
      expect(Object.keys(line).sort()).toEqual(
        ['level', 'method', 'ms', 'msg', 'path', 'pid', 'reqId', 'status', 'time', ...(line.query ? ['query'] : [])].sort(),
      );
    }

    // The failure is logged with the request's id, the query and the constraint, without the values.
    const errors = log.lines().filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error!.msg).toBe('PATCH /v1/account/hair_profile failed');
    expect(error!.reqId).toBe(requests.find((line) => line.status === 500)!.reqId);
    expect(error!.err.message).toMatch(/^Failed query: (?:update|insert into) "hair_profiles"[\s\S]*params: \[redacted\]$/);
    expect(error!.err.stack).toContain('params: [redacted]\n    at ');
    expect(JSON.stringify(error!.err.cause)).toContain('test_refuse_profiles');
    expect(JSON.stringify(error)).not.toMatch(/detail|Failing row/);
  });

  it('a mail server’s refusal is logged without the recipient’s address or the link in the message', async () => {
    const mailLog = capturedLog();
    const clock = testClock();
    const to = uniqueEmail('refused');
    const link = `https://shop.test/signin/verify?token=${randomBytes(32).toString('base64url')}`;
    const transport = {
      send: () => Promise.reject(new Error(`550 5.1.1 <${to}>: Recipient address rejected; message: ${link}`)),
      close: () => undefined,
    };
    const dispatcher = createOutboxDispatcher({ db: database().db, transport, clock, from: 'x@shop.test', log: (message) => mailLog.logger.error(message) });
    await enqueueMail(database().db, clock.now(), { kind: 'magic_link', to, subject: 'Your sign-in link', text: link });
    expect((await dispatcher.drain()).failed).toBeGreaterThanOrEqual(1);
    await dispatcher.close();
    expect(mailLog.lines()[0]).toMatchObject({
      level: 50,
      msg: expect.stringMatching(
        /^Mail \d+ failed \(attempt 1\): 550 5\.1\.1 <\[email\]>: Recipient address rejected; message: https:\/\/shop\.test\/signin\/verify\?token=redacted$/,
      ),
    });
    expect(mailLog.text()).not.toContain(to);
  });

  it('the access log can be turned off (ACCESS_LOG=off): errors are still logged', async () => {
    const quiet = capturedLog();
    const app = createTestApp(database().db, { config: { logger: quiet.logger, accessLog: false } });
    expect((await app.call('POST', '/v1/auth/signup/guest/')).status).toBe(201);
    expect(quiet.text()).toBe('');
  });
});

describe('redaction helpers', () => {
  it('a query keeps its names and only allow-listed plain values', () => {
    expect(loggableQuery('?token=abc&next=%2Fx&category=haircare&to=a%40b.co&country=US&email=x')).toBe(
      'token=[redacted]&next=[redacted]&category=haircare&to=[redacted]&country=US&email=[redacted]',
    );
    expect(loggableQuery('?category=<script>&skeleton=supplement_core')).toBe('category=[redacted]&skeleton=supplement_core');
    expect(loggableQuery(`?${'n'.repeat(100)}=1`)).toBe(`${'n'.repeat(40)}…=[redacted]`);
  });

  it('text loses query params, link tokens, bearer and random tokens and addresses; ordinary words stay', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const random = randomBytes(32).toString('base64url').replace(/^/, 'A1a');
    const text = redactLogText(
      `Failed query: insert into "users" ("email") values ($1)\nparams: ada@example.com,Z123\n    at insert (db.js:1:1)\n` +
        `Mail to <ada@example.com> refused; link https://shop.test/signin/verify?token=${random}&next=%2F; Bearer ${jwt}; has_answered_haircare_questions`,
    );
    expect(text).toBe(
      'Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]\n    at insert (db.js:1:1)\n' +
        'Mail to <[email]> refused; link https://shop.test/signin/verify?token=redacted&next=%2F; Bearer [redacted]; has_answered_haircare_questions',
    );
    expect(redactLogText(`access ${jwt} refresh ${random}`)).toBe('access [jwt] refresh [secret]');
  });

  it('an error keeps its kind, message, stack and codes, never the driver’s detail or parameters', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      detail: 'Failing row contains (ada@example.com).',
      where: 'x',
    });
    const error = Object.assign(new Error('Failed query: select $1\nparams: secret-value'), { params: ['secret-value'], cause });
    const safe = safeError(error);
    expect(JSON.stringify(safe)).not.toMatch(/secret-value|ada@example|Failing row/);
    expect(safe).toMatchObject({ type: 'Error', message: 'Failed query: select $1\nparams: [redacted]', cause: { code: '23514', constraint: 'c' } });
    expect(safeError('a thrown string ada@example.com')).toEqual({ type: 'string', message: 'a thrown string [email]' });
  });
});
