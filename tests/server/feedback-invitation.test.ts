import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { movableClock, type MovableClock } from '../../server/clock';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { feedbackInvitations, orderFeedback, outbox, scheduledJobs } from '../../server/db/schema';
import { defineShopJobs } from '../../server/jobs/shop-jobs';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { createOutboxDispatcher, type OutboxDispatcher } from '../../server/mail/outbox-dispatcher';
import { moveOrder, type FulfilmentServices } from '../../server/orders/fulfilment';
import { FEEDBACK_INVITATION_JOB, sendFeedbackInvitation } from '../../server/orders/fulfilment-invitation';
import { createTestProvider } from '../../server/payments/test-provider';
import { devClockOn } from '../../server/system/dev-clock';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { fakeFlows } from './support/fake-flows';
import { insertOrder, insertShopper, type LineName } from './support/fulfilment-orders';
import { createTestApp, TEST_SECRET, testClock } from './support/test-app';

const PUBLIC_URL = 'https://shop.test';
const TRACKING = '9400111899223344556677';

/** POST or GET on the app, JSON in and out. */
async function call(app: Hono, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describeEachDatabase('the feedback invitation after delivery (issue 26 item 0; server/jobs/README.md) and /dev/clock (API.md)', (database) => {
  const log = capturedLog();
  let clock: MovableClock;
  let queue: JobQueue;
  let mailer: OutboxDispatcher;
  let app: Hono;
  let services: FulfilmentServices;
  const db = () => database().db;
  const invitationsTo = async (to: string) =>
    (await db().select().from(outbox).where(eq(outbox.recipient, to))).filter((m) => m.kind.startsWith('feedback_invitation'));
  const advance = (days: number) => call(app, 'POST', '/dev/clock', { advance_days: days });
  /** A delivered order (through fulfilment, by the shop's clock) of a new shopper, holding `lines`. */
  const deliveredOrder = async (lines: LineName[]) => {
    const shopper = await insertShopper(db(), { firstName: 'Zoë <b>' });
    const order = await insertOrder(db(), shopper.id, { status: 'paid', lines });
    await moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING });
    await moveOrder(services, order.serialNo, 'delivered');
    return { order, email: shopper.email! };
  };

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    // The shop's clock, fixed until /dev/clock moves it.
    clock = movableClock(testClock(new Date('2026-07-20T09:00:00Z')));
    queue = await startJobQueue({ database: database(), clock, logger: log.logger, pollingIntervalSeconds: 0.5 });
    mailer = createOutboxDispatcher({ db: db(), transport: null, clock, from: 'shop@shop.test', queue });
    const payments = createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => `${PUBLIC_URL}/pay/${id}` });
    await defineShopJobs(queue, { db: db(), clock, mailer, orders: { payments, config: { publicUrl: PUBLIC_URL } }, logger: log.logger });
    app = createApp({
      db: db(),
      mailer,
      flows: fakeFlows,
      clock,
      payments,
      config: { publicUrl: PUBLIC_URL, production: false, secret: TEST_SECRET },
      devClock: devClockOn(clock, queue),
    });
    services = { db: db(), clock, mailer, config: { publicUrl: PUBLIC_URL } };
  }, 60_000);
  afterAll(async () => {
    await mailer?.close();
    await queue?.close();
  });

  it('a delivered order’s haircare invitation is mailed once, 7 days after delivery, with its feedback link; supplements after 30', async () => {
    const { order, email } = await deliveredOrder(['shampoo', 'conditioner', 'supplements', 'candle']);
    const sixDays = await advance(6);
    expect(sixDays.status).toBe(200);
    expect(sixDays.body.jobs_run.filter((job: { name: string }) => job.name === FEEDBACK_INVITATION_JOB)).toEqual([]);
    expect(await invitationsTo(email)).toEqual([]);

    const seventh = await advance(1);
    expect(seventh.body.now).toBe(new Date(Date.parse('2026-07-20T09:00:00Z') + 7 * 86_400_000).toISOString());
    expect(seventh.body.jobs_run).toContainEqual({ name: FEEDBACK_INVITATION_JOB, key: `order:${order.pubkey}:haircare`, state: 'completed' });
    const [mail, ...more] = await invitationsTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'feedback_invitation_haircare', subject: 'How is your formula working?' });
    const link = `${PUBLIC_URL}/feedback/haircare?order=${order.pubkey}&origin=email`;
    expect(mail!.links).toEqual([link]);
    expect(mail!.textBody).toContain('for a week now');
    // Only this category's lines, each with its picture; the name escaped.
    expect(mail!.textBody).toContain('- Custom Shampoo\n- Custom Conditioner\n');
    expect(mail!.textBody).not.toContain('Supplements');
    expect(mail!.textBody).not.toContain('candle');
    expect(mail!.htmlBody).toContain('src="https://shop.test/media/mail/card-shampoo.png"');
    expect(mail!.htmlBody).toContain('Hello Zoë &#60;b&#62;,');
    expect(mail!.htmlBody).toContain(`href="${link.replace('&', '&#38;')}"`);

    // Never twice: later runs, and the job run again by hand, mail nothing more.
    const month = await advance(30);
    expect(month.body.jobs_run).toContainEqual({ name: FEEDBACK_INVITATION_JOB, key: `order:${order.pubkey}:supplements`, state: 'completed' });
    expect((await invitationsTo(email)).map((m) => m.kind).sort()).toEqual(['feedback_invitation_haircare', 'feedback_invitation_supplements']);
    expect(await sendFeedbackInvitation({ db: db(), mailer, publicUrl: PUBLIC_URL }, { orderId: order.id, category: 'haircare' }, clock.now())).toBe(
      'already_sent',
    );
    await advance(60);
    expect(await invitationsTo(email)).toHaveLength(2);
    expect(await db().select().from(feedbackInvitations).where(eq(feedbackInvitations.orderId, order.id))).toHaveLength(2);
  });

  it('a canceled order is never invited: nothing is scheduled, and the job refuses an order that was not delivered', async () => {
    const shopper = await insertShopper(db());
    const order = await insertOrder(db(), shopper.id, { status: 'paid' });
    await moveOrder(services, order.serialNo, 'canceled');
    expect((await db().select().from(scheduledJobs)).filter((job) => job.key.includes(order.pubkey))).toEqual([]);
    await advance(40);
    expect(await invitationsTo(shopper.email!)).toEqual([]);
    expect(await sendFeedbackInvitation({ db: db(), mailer, publicUrl: PUBLIC_URL }, { orderId: order.id, category: 'haircare' }, clock.now())).toBe(
      'not_delivered',
    );
    expect(await invitationsTo(shopper.email!)).toEqual([]);
  });

  it('no invitation when that category’s feedback is already completed (read from order_feedback)', async () => {
    const { order, email } = await deliveredOrder(['cleanser', 'shampoo']);
    await db()
      .insert(orderFeedback)
      .values({ orderId: order.id, category: 'skincare', answers: {}, status: 'completed', origin: 'account', completedAt: clock.now() });
    const week = await advance(7);
    expect(week.body.jobs_run).toEqual(
      expect.arrayContaining([
        { name: FEEDBACK_INVITATION_JOB, key: `order:${order.pubkey}:skincare`, state: 'completed' },
        { name: FEEDBACK_INVITATION_JOB, key: `order:${order.pubkey}:haircare`, state: 'completed' },
      ]),
    );
    expect((await invitationsTo(email)).map((m) => m.kind)).toEqual(['feedback_invitation_haircare']);
    expect(log.text()).toContain('feedback_completed');
  });

  describe('/dev/clock (API.md "For people and tests")', () => {
    it('GET answers the shop’s clock; POST moves it forward by days or to a time, never back, and checks what it is sent', async () => {
      const now = (await call(app, 'GET', '/dev/clock')).body.now;
      expect(now).toBe(clock.now().toISOString());
      const later = new Date(Date.parse(now) + 3_600_000).toISOString();
      expect(await call(app, 'POST', '/dev/clock', { now: later })).toEqual({ status: 200, body: { now: later, jobs_run: expect.any(Array) } });
      const back = await call(app, 'POST', '/dev/clock', { now: now });
      expect(back.status).toBe(400);
      expect(back.body).toMatchObject({ code: 'validation_error', fields: { now: [`The shop’s clock moves forward only: it is ${later}.`] } });
      for (const bad of [
        {},
        { now: later, advance_days: 1 },
        { advance_days: 0 },
        { advance_days: 1.5 },
        { advance_days: '2' },
        { now: 'tomorrow' },
        { when: 1 },
      ]) {
        const answer = await call(app, 'POST', '/dev/clock', bad);
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body.code, JSON.stringify(bad)).toBe('validation_error');
      }
      expect(clock.now().toISOString()).toBe(later);
    });

    it('is off in production (404), and an app whose clock cannot move answers 404 to a move', async () => {
      const production = createApp({
        db: db(),
        mailer,
        flows: fakeFlows,
        clock,
        config: { publicUrl: PUBLIC_URL, production: true, secret: TEST_SECRET },
        devClock: devClockOn(clock, queue),
      });
      expect((await production.request('/dev/clock')).status).toBe(404);
      // The tracking read-out names visitors' ids: never served in production either.
      expect((await production.request('/dev/tracking.json')).status).toBe(404);
      expect(
        (await production.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_days":1}' })).status,
      ).toBe(404);
      const fixed = createTestApp(db());
      expect((await fixed.call('POST', '/dev/clock', { body: { advance_days: 1 } })).status).toBe(404);
    });
  });
});
