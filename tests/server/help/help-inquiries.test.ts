/**
 * The contact form's server (issue 29 item 4; spec 001 §7 Help centre "inquiry call: not shown", ours): POST
 * /v1/knowledge_base/inquiries keeps the message with the signed-in shopper's account, mails support (SUPPORT_EMAIL)
 * with the message escaped and acknowledges the shopper with the reference; bad or oversized bodies are 4xx and keep
 * nothing; the honeypot is answered alike and keeps and mails nothing; limits per address and per e-mail; the message
 * is never logged.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { kbInquiryReceived } from '../../../api/schemas/knowledge-base';
import { MAX_BODY_BYTES } from '../../../server/app';
import { kbInquiries, outbox, users } from '../../../server/db/schema';
import { supportAddress } from '../../../server/help/support-address';
import { capturedLog } from '../support/captured-log';
import { describeEachDatabase } from '../support/databases';
import { createTestApp, signUpCustomer, startGuest, uniqueEmail, type TestApp } from '../support/test-app';

const REFERENCE = /^HC-[0-9A-HJKMNP-TV-Z]{8}$/;
let ip = 0;
/** Each test writes from its own address, so the per-address limit is its own. */
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });
const inquiry = (fields: Record<string, unknown> = {}) => ({
  name: 'Rosa Diaz',
  email: uniqueEmail('rosa'),
  topic: 'order',
  message: 'My parcel says delivered but it is not here.\nCan you help?',
  ...fields,
});

it('SUPPORT_EMAIL is where messages go; without it, support@ the shop’s host', () => {
  expect(supportAddress({ publicUrl: 'https://shop.example.com' }, {})).toBe('support@shop.example.com');
  expect(supportAddress({ publicUrl: 'https://shop.example.com' }, { SUPPORT_EMAIL: 'care@example.org' })).toBe('care@example.org');
});

describeEachDatabase('the contact form (POST /v1/knowledge_base/inquiries)', (database) => {
  const log = capturedLog();
  let t: TestApp;
  const db = () => database().db;
  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));
  const inquiriesFrom = (email: string) => db().select().from(kbInquiries).where(eq(kbInquiries.email, email));
  const send = (body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
    t.call('POST', '/v1/knowledge_base/inquiries', { body, ...options, headers: { ...fromNewAddress(), ...options.headers } });

  beforeAll(() => {
    t = createTestApp(db(), { config: { trustProxy: true, logger: log.logger, accessLog: true } });
  });

  it('a visitor’s message: 201 with the reference, kept, mailed to support escaped, acknowledged to the shopper', async () => {
    const body = inquiry({ message: 'Is <script>alert("x")</script> & co in my formula?', order: 'ORD-1234' });
    const res = await send(body);
    expect(res.status).toBe(201);
    const received = kbInquiryReceived.parse(res.body);
    expect(received.reference).toMatch(REFERENCE);
    const [row] = await inquiriesFrom(body.email);
    expect(row).toMatchObject({
      reference: received.reference,
      userId: null,
      name: 'Rosa Diaz',
      topic: 'order',
      message: body.message,
      orderRef: 'ORD-1234',
      source: 'contact_form',
    });
    const [toSupport] = (await mailsTo('support@shop.test')).filter((m) => m.subject.includes(received.reference));
    expect(toSupport).toBeDefined();
    expect(toSupport!.textBody).toContain(body.message);
    expect(toSupport!.textBody).toContain(`From: Rosa Diaz <${body.email}>`);
    expect(toSupport!.textBody).toContain('Order: ORD-1234');
    expect(toSupport!.htmlBody).not.toContain('<script>');
    expect(toSupport!.htmlBody).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; co');
    const [ack] = await mailsTo(body.email);
    expect(ack!.subject).toBe(`We received your message (${received.reference})`);
    expect(ack!.textBody).toContain(`Your reference is ${received.reference}`);
    // The acknowledgement does not repeat the message (a mistyped address shows a stranger nothing).
    expect(ack!.textBody).not.toContain('alert');
  });

  it('a signed-in shopper’s message carries their account; a guest’s its guest account', async () => {
    const customer = await signUpCustomer(t);
    const body = inquiry({ topic: 'subscription' });
    expect((await send(body, { token: customer.access })).status).toBe(201);
    const [row] = await inquiriesFrom(body.email);
    const [user] = await db().select().from(users).where(eq(users.email, customer.email));
    expect(row!.userId).toBe(user!.id);
    const [toSupport] = (await mailsTo('support@shop.test')).filter((m) => m.subject.includes(row!.reference));
    expect(toSupport!.textBody).toContain(`Account: ${customer.email}`);

    const guest = await startGuest(t);
    const guestBody = inquiry();
    expect((await send(guestBody, { token: guest.access })).status).toBe(201);
    expect((await inquiriesFrom(guestBody.email))[0]!.userId).toEqual(expect.any(Number));
  });

  it('the live-chat provider sends conversations here with source livechat', async () => {
    const body = inquiry({ source: 'livechat', topic: 'other' });
    expect((await send(body)).status).toBe(201);
    expect((await inquiriesFrom(body.email))[0]!.source).toBe('livechat');
  });

  it('the honeypot: a filled `website` gets the same 201 answer, and nothing is kept or mailed', async () => {
    const body = inquiry({ website: 'https://spam.example' });
    const res = await send(body);
    expect(res.status).toBe(201);
    expect(kbInquiryReceived.parse(res.body).reference).toMatch(REFERENCE);
    expect(await inquiriesFrom(body.email)).toEqual([]);
    expect(await mailsTo(body.email)).toEqual([]);
    // Empty (as the form sends it) is a person.
    const person = inquiry({ website: '' });
    expect((await send(person)).status).toBe(201);
    expect(await inquiriesFrom(person.email)).toHaveLength(1);
  });

  it('bad input is 400 with fields and keeps nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string][] = [
      [inquiry({ email, name: '  ' }), 'name'],
      [inquiry({ email, name: 'Rosa\u0007' }), 'name'],
      [inquiry({ email: 'not-an-email' }), 'email'],
      [inquiry({ email, topic: 'refund-now' }), 'topic'],
      [inquiry({ email, message: '' }), 'message'],
      [inquiry({ email, message: 'x'.repeat(5001) }), 'message'],
      [inquiry({ email, message: 'hi\u0000there' }), 'message'],
      [inquiry({ email, source: 'email' }), 'source'],
      [inquiry({ email, admin: true }), ''],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
      if (field) expect(res.body.fields[field], field).toEqual([expect.any(String)]);
    }
    expect(
      (await t.call('POST', '/v1/knowledge_base/inquiries', { rawBody: '{"name": ', headers: { 'content-type': 'application/json', ...fromNewAddress() } }))
        .status,
    ).toBe(400);
    const huge = await send(inquiry({ email, message: 'x'.repeat(MAX_BODY_BYTES + 10) }));
    expect(huge.status).toBe(413);
    expect(await inquiriesFrom(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('rate limited per e-mail (5 an hour) and per address (10 an hour): 429, nothing kept', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) expect((await send(inquiry({ email }))).status).toBe(201);
    const refused = await send(inquiry({ email }));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(await inquiriesFrom(email)).toHaveLength(5);

    const address = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 10; i++) expect((await send(inquiry(), { headers: address })).status).toBe(201);
    const last = inquiry();
    expect((await send(last, { headers: address })).status).toBe(429);
    expect(await inquiriesFrom(last.email)).toEqual([]);
  });

  it('the message, the name, the e-mail and a search term never reach the log', async () => {
    const body = inquiry({ name: 'Zebediah Quill', message: 'Secret-ish words: periwinkle marmalade 7741.' });
    expect((await send(body)).status).toBe(201);
    // Nor does a search's term (issue 29: search terms are never logged whole).
    expect((await t.call('GET', '/v1/knowledge_base/search?term=periwinkle%20zebediah&scope=public')).status).toBe(200);
    const text = log.text();
    expect(text).toContain('/v1/knowledge_base/search');
    expect(text).toContain('/v1/knowledge_base/inquiries');
    for (const secret of ['periwinkle', 'Zebediah', body.email]) expect(text).not.toContain(secret);
  });
});
