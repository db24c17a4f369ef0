import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#api';
import { outbox } from '../../server/db/schema';
import { enqueueMail } from '../../server/mail/enqueue-mail';
import { createOutboxDispatcher } from '../../server/mail/outbox-dispatcher';
import { flakyTransport } from './support/mail-transport';
import { smtpTransport } from '../../server/mail/smtp-transport';
import { describeEachDatabase } from './support/databases';
import { dumpDatabase } from './support/dump-database';
import { createTestApp, signUpCustomer, testClock, uniqueEmail, type TestApp } from './support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port, keeping what it receives. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The body as written: soft line breaks joined, =XX escapes decoded (nodemailer sends long lines quoted-printable). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Checks again every 25 ms until `check` holds, however long that takes; the test's timeout is the only limit. */
async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describeEachDatabase('mail (outbox, dispatcher, /dev/outbox)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  describe('/dev/outbox', () => {
    it('/dev/outbox.json lists messages newest first with their links', async () => {
      const a = await signUpCustomer(t);
      const b = await signUpCustomer(t);
      await t.call('POST', '/v1/auth/signin/', { body: { username: a.email } });
      await t.call('POST', '/v1/auth/signin/', { body: { username: b.email } });
      const response = await t.call('GET', '/dev/outbox.json');
      expect(response.status).toBe(200);
      const messages = outboxMessages.parse(response.body);
      const [newest, older] = messages;
      expect(newest!.to).toBe(b.email);
      expect(older!.to).toBe(a.email);
      expect(newest!.id).toBeGreaterThan(older!.id);
      expect(newest!.links).toEqual([expect.stringMatching(/^https:\/\/shop\.test\/signin\/verify\?token=/)]);
      expect(Object.keys(newest!).sort()).toEqual(['created_at', 'id', 'links', 'subject', 'text', 'to']);
      const filtered = await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(a.email)}&limit=5`);
      expect(filtered.body.map((m: { to: string }) => m.to)).toEqual([a.email]);
    });

    it('/dev/outbox is a page with clickable links, escaped', async () => {
      const { email } = await signUpCustomer(t, { first_name: '<script>alert(1)</script>' });
      await t.call('POST', '/v1/auth/signin/', { body: { username: email } });
      const response = await t.call('GET', '/dev/outbox');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.body).toMatch(/<a href="https:\/\/shop\.test\/signin\/verify\?token=[\w-]+&amp;next=%2F">/);
      expect(response.body).not.toContain('<script>alert(1)</script>');
      expect(response.body).toContain('&lt;script&gt;');
    });

    it('both are 404 when NODE_ENV=production', async () => {
      const production = createTestApp(database().db, { config: { production: true } });
      for (const path of ['/dev/outbox', '/dev/outbox.json']) {
        const response = await production.call('GET', path);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('not_found');
      }
    });
  });

  describe('dispatcher', () => {
    it('delivers a magic link to a real SMTP server and marks it sent', async () => {
      const smtp = await startSmtpServer();
      const dispatcher = createOutboxDispatcher({
        db: database().db,
        transport: smtpTransport(smtp.url),
        clock: t.clock,
        from: 'Shop <no-reply@shop.test>',
      });
      try {
        const app = createTestApp(database().db, { mailer: dispatcher, clock: t.clock });
        const { email } = await signUpCustomer(app);
        expect((await app.call('POST', '/v1/auth/signin/', { body: { username: email } })).status).toBe(200);
        await waitFor(() => smtp.received.some((m) => m.to.includes(email)));
        const message = smtp.received.find((m) => m.to.includes(email))!;
        expect(message.from).toBe('no-reply@shop.test');
        expect(message.raw).toContain('Subject: Your sign-in link');
        const body = decodeQuotedPrintable(message.raw);
        const link = /https:\/\/shop\.test\/signin\/verify\?token=([\w-]+)&next=%2F/.exec(body);
        expect(link).not.toBeNull();
        await waitFor(async () => {
          const rows = await database().db.select().from(outbox).where(eq(outbox.recipient, email));
          return rows[0]?.status === 'sent';
        });
        const [row] = await database().db.select().from(outbox).where(eq(outbox.recipient, email));
        expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        expect(row!.sentAt).toBeInstanceOf(Date);
        // Delivered: the token is in the mailbox only; no table holds it, yet the link works.
        expect(await dumpDatabase(database().db)).not.toContain(link![1]);
        expect(row!.textBody).toContain('token=redacted');
        expect((await app.call('POST', '/v1/auth/signin/verify/', { body: { token: link![1] } })).status).toBe(200);
      } finally {
        await dispatcher.close();
        await smtp.close();
      }
    });

    it('retries a failed send after a growing delay, then gives up after maxAttempts', async () => {
      const db = database().db;
      const clock = testClock();
      // Earlier tests left mail in this outbox: mark it delivered so only this test's messages are due.
      await db.update(outbox).set({ status: 'sent' });
      const transport = flakyTransport(1);
      const dispatcher = createOutboxDispatcher({ db, transport, clock, from: 'x@shop.test', retryDelayMs: 1000, maxAttempts: 3, log: () => undefined });
      const to = uniqueEmail('retry');
      await enqueueMail(db, clock.now(), { kind: 'test', to, subject: 'Hi', text: 'Hello' });
      expect(await dispatcher.drain()).toEqual({ sent: 0, failed: 1 });
      let [row] = await db.select().from(outbox).where(eq(outbox.recipient, to));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
      expect(await dispatcher.drain()).toEqual({ sent: 0, failed: 0 }); // not due yet
      clock.advance(1000);
      expect(await dispatcher.drain()).toEqual({ sent: 1, failed: 0 });
      [row] = await db.select().from(outbox).where(eq(outbox.recipient, to));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(transport.sent.map((m) => m.to)).toEqual([to]);

      const broken = createOutboxDispatcher({
        db,
        transport: flakyTransport(99),
        clock,
        from: 'x@shop.test',
        retryDelayMs: 1000,
        maxAttempts: 3,
        log: () => undefined,
      });
      const doomed = uniqueEmail('doomed');
      await enqueueMail(db, clock.now(), { kind: 'test', to: doomed, subject: 'Hi', text: 'Hello' });
      for (let i = 0; i < 3; i += 1) {
        await broken.drain();
        clock.advance(60_000);
      }
      [row] = await db.select().from(outbox).where(eq(outbox.recipient, doomed));
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      await dispatcher.close();
      await broken.close();
    });

    it('sends again a message whose sender died mid-send, once its lease ran out', async () => {
      const db = database().db;
      const clock = testClock();
      await db.update(outbox).set({ status: 'sent' });
      const to = uniqueEmail('lease');
      await enqueueMail(db, clock.now(), { kind: 'test', to, subject: 'Hi', text: 'Hello' });
      await db
        .update(outbox)
        .set({ status: 'sending', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 60_000) })
        .where(eq(outbox.recipient, to));
      const transport = flakyTransport(0);
      const dispatcher = createOutboxDispatcher({ db, transport, clock, from: 'x@shop.test' });
      expect(await dispatcher.drain()).toEqual({ sent: 0, failed: 0 });
      clock.advance(61_000);
      expect(await dispatcher.drain()).toEqual({ sent: 1, failed: 0 });
      await dispatcher.close();
    });

    it('without a transport nothing is sent and messages wait in the outbox', async () => {
      const db = database().db;
      const dispatcher = createOutboxDispatcher({ db, transport: null, clock: testClock(), from: 'x@shop.test' });
      const app = createTestApp(db, { mailer: dispatcher });
      const { email } = await signUpCustomer(app);
      await app.call('POST', '/v1/auth/signin/', { body: { username: email } });
      expect(await dispatcher.drain()).toEqual({ sent: 0, failed: 0 });
      const [row] = await db.select().from(outbox).where(eq(outbox.recipient, email));
      expect(row?.status).toBe('pending');
      await dispatcher.close();
    });
  });
});
