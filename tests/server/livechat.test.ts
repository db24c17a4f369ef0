/**
 * Live chat's server (issue 29 item 5; spec 001 §2 "Help centre: Live chat"; server/livechat/README.md): the embedded
 * provider makes a conversation a support inquiry answered by mail (support's mail and the shopper's acknowledgement
 * in the outbox, the reference given), later messages go to support under that reference, only the conversation's
 * owner reaches it, bad input is 400 and saves nothing, a honeypot keeps nothing, and the limits hold.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, resolveAppConfig } from '../../server/config';
import { kbInquiries, livechatConversations, outbox, users } from '../../server/db/schema';
import { embeddedLiveChat } from '../../server/livechat/embedded-provider';
import type { LiveChatProvider } from '../../server/livechat/livechat-provider';
import { startConversation } from '../../server/livechat/start-conversation';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import type { Services } from '../../server/services';
import { LIVECHAT_LIMITS } from '../../server/livechat/livechat-limits';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, startGuest, TEST_SECRET, testClock, uniqueEmail, type TestApp } from './support/test-app';

const NOW = new Date('2026-11-20T16:00:00Z');
const MESSAGE = 'Is the curl cream safe for colour-treated hair? My order is ord_123.';

/** A documentation address of its own per test: the limits count per address. */
const address = () => ({ 'x-forwarded-for': `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}` });

describeEachDatabase('live chat (issue 29 item 5; spec 001 §2 "Help centre: Live chat")', (database) => {
  const db = () => database().db;
  const log = capturedLog();
  let t: TestApp;

  beforeAll(() => {
    t = createTestApp(db(), { clock: testClock(NOW), config: { logger: log.logger, trustProxy: true, rateLimits: defaultRateLimits } });
  });

  const start = (token: string, body: Record<string, unknown>, headers = address()) => t.call('POST', '/v1/livechat/conversations', { token, body, headers });
  const mailTo = async (to: string) => (await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(to)}`)).body as { subject: string; text: string }[];
  const conversationCount = async () => Number((await db().select({ n: count() }).from(livechatConversations))[0]!.n);
  const inquiryCount = async () => Number((await db().select({ n: count() }).from(kbInquiries))[0]!.n);
  const outboxCount = async () => Number((await db().select({ n: count() }).from(outbox))[0]!.n);

  it('§2: a guest’s first message becomes a support inquiry: support is mailed the message, the shopper gets the reference by mail, and the answer says the team answers by e-mail', async () => {
    const { access } = await startGuest(t);
    const email = uniqueEmail('rosa');
    const started = await start(access, { name: 'Rosa Parks', email, message: MESSAGE });
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      id: expect.stringMatching(/^chat_/),
      reference: expect.any(String),
      status: 'open',
      answered_by: 'email',
      reply_to: email,
      message_count: 1,
      started_at: NOW.toISOString(),
    });
    const { reference } = started.body;
    const [row] = await db().select().from(livechatConversations).where(eq(livechatConversations.pubkey, started.body.id));
    expect(row).toMatchObject({ provider: 'embedded', reference, replyTo: email, status: 'open', messageCount: 1 });

    const toSupport = (await mailTo('support@shop.test')).filter((m) => m.text.includes(reference));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.text).toContain(MESSAGE);
    expect(toSupport[0]!.text).toContain(email);
    const acknowledged = await mailTo(email);
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]!.subject + acknowledged[0]!.text).toContain(reference);
    expect(acknowledged[0]!.text).toMatch(/answer you at this address/);
    const [inquiry] = await db().select().from(kbInquiries).where(eq(kbInquiries.reference, reference));
    expect(inquiry).toMatchObject({ source: 'livechat', name: 'Rosa Parks', email, message: MESSAGE });
  });

  it('§2: later messages reach support under the same reference; a closed conversation takes no more (409) and mails nothing', async () => {
    const { access, email } = await signUpCustomer(t);
    const started = await start(access, { name: 'Ada Lovelace', email, message: MESSAGE });
    const { id, reference } = started.body;
    const more = await t.call('POST', `/v1/livechat/conversations/${id}/messages`, { token: access, body: { message: 'And the conditioner?' } });
    expect(more.status).toBe(201);
    expect(more.body).toMatchObject({ id, reference, message_count: 2, status: 'open' });
    const followUp = (await mailTo('support@shop.test')).filter((m) => m.text.includes('And the conditioner?'));
    expect(followUp).toHaveLength(1);
    expect(followUp[0]!.subject).toContain(reference);

    const closed = await t.call('POST', `/v1/livechat/conversations/${id}/close`, { token: access });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id, status: 'closed', message_count: 2 });
    const mails = await outboxCount();
    const late = await t.call('POST', `/v1/livechat/conversations/${id}/messages`, { token: access, body: { message: 'Hello?' } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('conversation_closed');
    expect(await outboxCount()).toBe(mails);
    expect((await t.call('POST', `/v1/livechat/conversations/${id}/close`, { token: access })).status).toBe(200);
  });

  it('a conversation is its owner’s alone: another account gets 404 for it, and no session is 401', async () => {
    const owner = await signUpCustomer(t);
    const { id } = (await start(owner.access, { name: 'Ada', email: owner.email, message: MESSAGE })).body;
    const other = await signUpCustomer(t);
    const guest = await startGuest(t);
    for (const token of [other.access, guest.access]) {
      expect((await t.call('POST', `/v1/livechat/conversations/${id}/messages`, { token, body: { message: 'Hi' } })).status).toBe(404);
      expect((await t.call('POST', `/v1/livechat/conversations/${id}/close`, { token })).status).toBe(404);
    }
    const [row] = await db().select().from(livechatConversations).where(eq(livechatConversations.pubkey, id));
    expect(row).toMatchObject({ status: 'open', messageCount: 1 });
    expect((await t.call('POST', '/v1/livechat/conversations', { body: { name: 'A', email: 'a@example.com', message: 'Hi' } })).status).toBe(401);
  });

  it('bad input is 400 with the fields to fix, and nothing is saved or mailed', async () => {
    const { access } = await startGuest(t);
    const [conversations, mails, inquiries] = [await conversationCount(), await outboxCount(), await inquiryCount()];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', email: 'rosa@example.com', message: MESSAGE }, 'name'],
      [{ name: 'Rosa', email: 'not an address', message: MESSAGE }, 'email'],
      [{ name: 'Rosa', email: 'rosa@example.com', message: '   ' }, 'message'],
      [{ name: 'Rosa', email: 'rosa@example.com', message: 'x'.repeat(5001) }, 'message'],
      [{ name: 'Rosa\u0007', email: 'rosa@example.com', message: MESSAGE }, 'name'],
      [{ name: 'Rosa', email: 'rosa@example.com' }, 'message'],
    ];
    for (const [body, field] of cases) {
      const answer = await start(access, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.code).toBe('validation_error');
      expect(Object.keys(answer.body.fields)).toContain(field);
    }
    expect((await start(access, { name: 'Rosa', email: 'rosa@example.com', message: MESSAGE, topic: 'order' })).status).toBe(400);
    expect(
      (await t.call('POST', '/v1/livechat/conversations', { token: access, rawBody: '{"name":', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect([await conversationCount(), await outboxCount(), await inquiryCount()]).toEqual([conversations, mails, inquiries]);
  });

  it('a filled honeypot (website) gets the same kind of answer, and nothing is kept or mailed', async () => {
    const { access } = await startGuest(t);
    const [conversations, mails, inquiries] = [await conversationCount(), await outboxCount(), await inquiryCount()];
    const answer = await start(access, { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'open', answered_by: 'email', reference: expect.any(String) });
    expect([await conversationCount(), await outboxCount(), await inquiryCount()]).toEqual([conversations, mails, inquiries]);
  });

  it(`limits: ${LIVECHAT_LIMITS.startPerUser.limit} conversations an hour per account, then 429 with nothing saved; messages are limited too`, async () => {
    const { access, email } = await signUpCustomer(t);
    let last = '';
    for (let i = 0; i < LIVECHAT_LIMITS.startPerUser.limit; i += 1) {
      const answer = await start(access, { name: 'Ada', email, message: `Question ${i}` });
      expect(answer.status).toBe(201);
      last = answer.body.id;
    }
    const [conversations, mails, inquiries] = [await conversationCount(), await outboxCount(), await inquiryCount()];
    const refused = await start(access, { name: 'Ada', email, message: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect([await conversationCount(), await outboxCount(), await inquiryCount()]).toEqual([conversations, mails, inquiries]);

    for (let i = 0; i < LIVECHAT_LIMITS.messagesPerUser.limit; i += 1) {
      expect((await t.call('POST', `/v1/livechat/conversations/${last}/messages`, { token: access, body: { message: `More ${i}` } })).status).toBe(201);
    }
    const tooMany = await t.call('POST', `/v1/livechat/conversations/${last}/messages`, { token: access, body: { message: 'Last' } });
    expect(tooMany.status).toBe(429);
  });

  describe('compensation', () => {
    it('a provider that fails after the inquiry was written leaves nothing behind: no conversation, no inquiry, no mail (one transaction)', async () => {
      const { access } = await signUpCustomer(t);
      const account = await t.call('GET', '/v1/account/', { token: access });
      const [user] = await db().select().from(users).where(eq(users.pubkey, account.body.pubkey));
      const failing: LiveChatProvider = {
        ...embeddedLiveChat,
        async start(services, tx, start) {
          await embeddedLiveChat.start(services, tx, start);
          throw new Error('the provider went away');
        },
      };
      const services = {
        db: db(),
        clock: testClock(NOW),
        config: resolveAppConfig({ publicUrl: 'https://shop.test', production: false, secret: TEST_SECRET }),
        mailer: outboxOnlyMailer,
        liveChat: failing,
      } as unknown as Services;
      const [conversations, mails, inquiries] = [await conversationCount(), await outboxCount(), await inquiryCount()];
      await expect(
        startConversation(services, { user: user!, sessionId: 'test' }, { name: 'Ada', email: 'ada@example.com', message: MESSAGE }),
      ).rejects.toThrow('the provider went away');
      expect([await conversationCount(), await outboxCount(), await inquiryCount()]).toEqual([conversations, mails, inquiries]);
    });
  });

  it('no message, name or address reaches the log', () => {
    expect(log.text()).not.toContain('curl cream');
    expect(log.text()).not.toContain('And the conditioner?');
    expect(log.text()).not.toContain('Rosa Parks');
  });
});

describe('the provider interface', () => {
  it('the embedded provider answers by e-mail; an app given another provider uses it', async () => {
    const { liveChatOf } = await import('../../server/livechat/embedded-provider');
    expect(liveChatOf({}).name).toBe('embedded');
    expect(liveChatOf({}).answeredBy).toBe('email');
    const vendor = { ...liveChatOf({}), name: 'vendor', answeredBy: 'chat' as const };
    expect(liveChatOf({ liveChat: vendor })).toBe(vendor);
  });
});
