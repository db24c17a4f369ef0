import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { ORDER_STATUSES, orderEvents, outbox, scheduledJobs, type OrderStatus } from '../../server/db/schema';
import type { Mailer } from '../../server/mail/mailer';
import { moveOrder, type FulfilmentServices } from '../../server/orders/fulfilment';
import { FEEDBACK_INVITATION_JOB } from '../../server/orders/fulfilment-invitation';
import { FulfilmentError, type FulfilmentStatus } from '../../server/orders/fulfilment-moves';
import { describeEachDatabase } from './support/databases';
import { CA_ADDRESS, insertOrder, insertShopper, reread } from './support/fulfilment-orders';
import { testClock } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const TRACKING = '9400 1118 9922 3344 5566 77';

/**
 * Spec 001 §4 Orders, and the moves we chose where it is silent (server/orders/fulfilment-moves.ts): written out here
 * move by move, apart from the code's table. true: legal; false: refused; 'same': the status it has (no move).
 */
const EXPECTED: Record<OrderStatus, Record<FulfilmentStatus, boolean | 'same'>> = {
  pending_payment: { processed: false, packing: false, shipped: false, delivered: false, onhold: false, canceled: false },
  payment_failed: { processed: false, packing: false, shipped: false, delivered: false, onhold: false, canceled: false },
  paid: { processed: true, packing: true, shipped: true, delivered: false, onhold: true, canceled: true },
  processed: { processed: 'same', packing: true, shipped: true, delivered: false, onhold: true, canceled: true },
  packing: { processed: false, packing: 'same', shipped: true, delivered: false, onhold: true, canceled: true },
  onhold: { processed: true, packing: false, shipped: false, delivered: false, onhold: 'same', canceled: true },
  shipped: { processed: false, packing: false, shipped: 'same', delivered: true, onhold: false, canceled: false },
  delivered: { processed: false, packing: false, shipped: false, delivered: 'same', onhold: false, canceled: false },
  canceled: { processed: false, packing: false, shipped: false, delivered: false, onhold: false, canceled: 'same' },
};

/** A mailer that counts its wake-ups (one after each committed move that mailed). */
function countingMailer(): Mailer & { wakes: number } {
  const mailer = { wakes: 0, wake: () => void (mailer.wakes += 1) };
  return mailer;
}

describeEachDatabase('order fulfilment (spec 001 §4 Orders; server/orders/fulfilment.ts)', (database) => {
  const clock = testClock(new Date('2026-07-20T09:00:00Z'));
  const mailer = countingMailer();
  let services: FulfilmentServices;
  const db = () => database().db;
  const mailsTo = async (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));
  const eventsOf = async (orderId: number) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FulfilmentError);
    const { code, message } = error as FulfilmentError;
    return { code, message };
  };

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    services = { db: db(), clock, mailer, config: { publicUrl: 'https://shop.test' } };
  });

  it('spec 001 §4 Orders: every move from every status, legal ones made, the others refused with nothing changed', async () => {
    const shopper = await insertShopper(db());
    for (const from of ORDER_STATUSES) {
      for (const [to, expected] of Object.entries(EXPECTED[from]) as [FulfilmentStatus, boolean | 'same'][]) {
        const order = await insertOrder(db(), shopper.id, { status: from });
        // Shipping takes its tracking number (a shipped order is asked again without one: no parcel to compare).
        const move = moveOrder(services, order.serialNo, to, to === 'shipped' && from !== 'shipped' ? { trackingNumber: TRACKING } : {});
        const label = `${from} -> ${to}`;
        if (expected === false) {
          const error = await refusal(move);
          expect(error.code, label).toBe('illegal_move');
          expect(error.message, label).toContain(`Order ${order.serialNo}`);
          expect((await reread(db(), order.id)).status, label).toBe(from);
          expect(await eventsOf(order.id), label).toEqual([]);
        } else {
          const result = await move;
          expect(result.changed, label).toBe(expected === true);
          expect((await reread(db(), order.id)).status, label).toBe(to);
          expect(
            (await eventsOf(order.id)).map((e) => `${e.fromStatus}->${e.toStatus}`),
            label,
          ).toEqual(expected === true ? [`${from}->${to}`] : []);
        }
      }
    }
  });

  it('spec 001 §4 Orders: the refusals say why and what to do instead', async () => {
    const shopper = await insertShopper(db());
    const at = async (status: OrderStatus, to: FulfilmentStatus) => {
      const order = await insertOrder(db(), shopper.id, { status });
      return { serial: order.serialNo, message: (await refusal(moveOrder(services, order.pubkey, to))).message };
    };
    let r = await at('shipped', 'canceled');
    expect(r.message).toBe(`Order ${r.serial} has shipped: it can no longer be canceled.`);
    r = await at('paid', 'delivered');
    expect(r.message).toBe(`Order ${r.serial} has not shipped yet (paid): ship it with a tracking number first.`);
    r = await at('onhold', 'packing');
    expect(r.message).toBe(`Order ${r.serial} is on hold: release it with "order process" first.`);
    r = await at('packing', 'processed');
    expect(r.message).toBe(`Order ${r.serial} is packing: it cannot go back to processed.`);
    r = await at('canceled', 'processed');
    expect(r.message).toBe(`Order ${r.serial} is canceled: it does not move any more.`);
    r = await at('pending_payment', 'canceled');
    expect(r.message).toBe(`Order ${r.serial} is not paid (waiting for its payment): only a paid order moves through fulfilment.`);
    const unknown = await refusal(moveOrder(services, 999999, 'processed'));
    expect(unknown).toEqual({ code: 'unknown_order', message: 'There is no order 999999.' });
    expect((await refusal(moveOrder(services, 'ord_nobody', 'processed'))).code).toBe('unknown_order');
  });

  it('shipping needs a tracking number; a bad one or an unknown carrier is refused and nothing changes', async () => {
    const shopper = await insertShopper(db());
    const order = await insertOrder(db(), shopper.id, { status: 'packing' });
    expect(await refusal(moveOrder(services, order.serialNo, 'shipped'))).toEqual({
      code: 'tracking_required',
      message: 'Shipping needs the parcel’s tracking number: --tracking <number>.',
    });
    expect((await refusal(moveOrder(services, order.serialNo, 'shipped', { trackingNumber: '12<b>' }))).code).toBe('invalid_tracking');
    expect(await refusal(moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING, carrier: 'fedx' }))).toEqual({
      code: 'unknown_carrier',
      message: 'Unknown carrier "fedx": one of usps, ups, fedex, dhl, canada_post. Did you mean "fedex"?',
    });
    expect((await refusal(moveOrder(services, order.serialNo, 'packing', { trackingNumber: TRACKING }))).code).toBe('tracking_not_expected');
    expect(await reread(db(), order.id)).toMatchObject({ status: 'packing', trackingNumber: null, carrier: null, shippedAt: null });
    expect(await mailsTo(shopper.email!)).toEqual([]);
    // Nothing ships in a gift card's order.
    const giftOrder = await insertOrder(db(), shopper.id, { status: 'paid', lines: ['candle'], address: null });
    expect((await refusal(moveOrder(services, giftOrder.serialNo, 'shipped', { trackingNumber: TRACKING }))).code).toBe('nothing_to_ship');
  });

  it('shipped: the parcel kept (number without spaces, carrier by default the post of its country), the time, one event, and "Your order has shipped" mailed', async () => {
    const shopper = await insertShopper(db(), { firstName: 'Rosa' });
    const order = await insertOrder(db(), shopper.id, { status: 'paid' });
    const wakes = mailer.wakes;
    const result = await moveOrder(services, String(order.serialNo), 'shipped', { trackingNumber: TRACKING, actor: 'shop command (ops)' });
    expect(result).toMatchObject({ changed: true, from: 'paid', mailed: ['order_shipped'], invitations: [] });
    expect(await reread(db(), order.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '9400111899223344556677',
      carrier: 'usps',
      shippedAt: clock.now(),
    });
    expect(await eventsOf(order.id)).toMatchObject([
      {
        fromStatus: 'paid',
        toStatus: 'shipped',
        trackingNumber: '9400111899223344556677',
        carrier: 'usps',
        actor: 'shop command (ops)',
        createdAt: clock.now(),
      },
    ]);
    expect(mailer.wakes).toBe(wakes + 1);
    const [mail] = await mailsTo(shopper.email!);
    expect(mail).toMatchObject({ kind: 'order_shipped', subject: `Your order ${order.serialNo} has shipped` });
    const trackingUrl = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677';
    expect(mail!.textBody).toContain('Tracking number: 9400111899223344556677');
    expect(mail!.textBody).toContain(`Follow your parcel: ${trackingUrl}`);
    expect(mail!.textBody).toContain('- Custom Shampoo');
    expect(mail!.links).toEqual([trackingUrl, `https://shop.test/account/orders/${order.pubkey}`]);
    expect(mail!.htmlBody).toContain(`href="${trackingUrl}"`);
    expect(mail!.htmlBody).toContain('src="https://shop.test/media/mail/card-shampoo.png"');

    const canadian = await insertOrder(db(), shopper.id, { status: 'paid', address: CA_ADDRESS });
    await moveOrder(services, canadian.pubkey, 'shipped', { trackingNumber: 'ab-123-456-789-ca' });
    expect(await reread(db(), canadian.id)).toMatchObject({ trackingNumber: 'AB123456789CA', carrier: 'canada_post' });
    const ups = await insertOrder(db(), shopper.id, { status: 'paid' });
    await moveOrder(services, ups.pubkey, 'shipped', { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' });
    expect(await reread(db(), ups.id)).toMatchObject({ trackingNumber: '1Z999AA10123456784', carrier: 'ups' });
  });

  it('idempotent: shipping or delivering again changes nothing and mails nothing more; another tracking number is refused', async () => {
    const shopper = await insertShopper(db());
    const order = await insertOrder(db(), shopper.id, { status: 'packing' });
    await moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING });
    const shipped = await reread(db(), order.id);
    clock.advance(DAY);
    expect(await moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING })).toMatchObject({ changed: false, mailed: [] });
    expect(await moveOrder(services, order.serialNo, 'shipped')).toMatchObject({ changed: false, mailed: [] });
    expect(await refusal(moveOrder(services, order.serialNo, 'shipped', { trackingNumber: '1Z999AA10123456784', carrier: 'ups' }))).toEqual({
      code: 'tracking_differs',
      message: `Order ${order.serialNo} has already shipped with USPS 9400111899223344556677: a shipped order keeps its parcel.`,
    });
    expect(await reread(db(), order.id)).toEqual(shipped);
    await moveOrder(services, order.serialNo, 'delivered');
    const delivered = await reread(db(), order.id);
    const jobs = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, FEEDBACK_INVITATION_JOB));
    clock.advance(DAY);
    expect(await moveOrder(services, order.pubkey, 'delivered')).toMatchObject({ changed: false, mailed: [], invitations: [] });
    expect(await reread(db(), order.id)).toEqual(delivered);
    expect(await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, FEEDBACK_INVITATION_JOB))).toEqual(jobs);
    expect((await mailsTo(shopper.email!)).map((m) => m.kind).sort()).toEqual(['order_delivered', 'order_shipped']);
    expect((await eventsOf(order.id)).map((e) => e.toStatus)).toEqual(['shipped', 'delivered']);
  });

  it('two operators shipping the same order at once make one move and one mail (the row is locked)', async () => {
    const shopper = await insertShopper(db());
    const order = await insertOrder(db(), shopper.id, { status: 'packing' });
    const results = await Promise.all([1, 2, 3].map(() => moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING })));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await eventsOf(order.id)).toHaveLength(1);
    expect(await mailsTo(shopper.email!)).toHaveLength(1);
  });

  it('delivered: the time, "Your order has arrived" with the feedback invitation per category it holds, and the invitations scheduled', async () => {
    const shopper = await insertShopper(db());
    const order = await insertOrder(db(), shopper.id, { status: 'shipped', lines: ['shampoo', 'supplements', 'cleanser', 'candle'] });
    const result = await moveOrder(services, order.serialNo, 'delivered');
    const now = clock.now();
    expect(result.mailed).toEqual(['order_delivered']);
    // server/jobs/README.md: 7 days for haircare and skincare, 30 for supplements.
    expect(result.invitations).toEqual([
      { category: 'haircare', at: new Date(now.getTime() + 7 * DAY) },
      { category: 'skincare', at: new Date(now.getTime() + 7 * DAY) },
      { category: 'supplements', at: new Date(now.getTime() + 30 * DAY) },
    ]);
    expect(await reread(db(), order.id)).toMatchObject({ status: 'delivered', deliveredAt: now });
    const jobs = await db()
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, FEEDBACK_INVITATION_JOB)));
    expect(jobs.filter((job) => job.key.startsWith(`order:${order.pubkey}:`)).map((job) => [job.key, job.dueAt, job.data])).toEqual(
      expect.arrayContaining([
        [`order:${order.pubkey}:haircare`, new Date(now.getTime() + 7 * DAY), { orderId: order.id, category: 'haircare' }],
        [`order:${order.pubkey}:skincare`, new Date(now.getTime() + 7 * DAY), { orderId: order.id, category: 'skincare' }],
        [`order:${order.pubkey}:supplements`, new Date(now.getTime() + 30 * DAY), { orderId: order.id, category: 'supplements' }],
      ]),
    );
    const [mail] = await mailsTo(shopper.email!);
    expect(mail!.subject).toBe(`Your order ${order.serialNo} has arrived`);
    for (const category of ['haircare', 'skincare', 'supplements'])
      expect(mail!.links).toContain(`https://shop.test/feedback/${category}?order=${order.pubkey}&origin=email`);
    expect(mail!.htmlBody).toContain(`href="https://shop.test/feedback/haircare?order=${order.pubkey}&#38;origin=email"`);

    // Accessories only: nothing to review, no invitation.
    const candles = await insertOrder(db(), shopper.id, { status: 'shipped', lines: ['candle'] });
    expect((await moveOrder(services, candles.serialNo, 'delivered')).invitations).toEqual([]);
    const candleMail = (await mailsTo(shopper.email!)).find((m) => m.subject.includes(String(candles.serialNo)))!;
    expect(candleMail.textBody).not.toContain('/feedback/');
  });

  it('escapes the shopper’s name in the mails’ HTML and writes it as typed in their text', async () => {
    const shopper = await insertShopper(db(), { firstName: '<img src=x onerror="alert(1)"> Zoë & Co' });
    const order = await insertOrder(db(), shopper.id, { status: 'packing' });
    await moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING });
    await moveOrder(services, order.serialNo, 'delivered');
    const mails = await mailsTo(shopper.email!);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.htmlBody).not.toContain('<img src=x');
      expect(mail.htmlBody).toContain('Hello &#60;img src=x onerror=&#34;alert(1)&#34;&#62; Zoë &#38; Co,');
      expect(mail.textBody).toContain('Hello <img src=x onerror="alert(1)"> Zoë & Co,');
    }
  });

  it('a guest without an e-mail: the order moves, nothing is mailed', async () => {
    const guest = await insertShopper(db(), { email: null });
    const order = await insertOrder(db(), guest.id, { status: 'paid' });
    expect((await moveOrder(services, order.serialNo, 'shipped', { trackingNumber: TRACKING })).mailed).toEqual([]);
    expect((await moveOrder(services, order.serialNo, 'delivered')).mailed).toEqual([]);
    expect((await reread(db(), order.id)).status).toBe('delivered');
  });

  describe('compensation', () => {
    it('a move that fails after writing (the invitation cannot be scheduled) leaves the order, its history and the outbox as they were', async () => {
      const shopper = await insertShopper(db());
      const order = await insertOrder(db(), shopper.id, { status: 'shipped' });
      const before = await reread(db(), order.id);
      // The schedule's table made unwritable inside the move only: a trigger that raises for this order's key.
      await db().execute(
        sql.raw(
          `create or replace function refuse_invitation() returns trigger language plpgsql as $$ begin if new.key like 'order:${order.pubkey}:%' then raise exception 'schedule refused'; end if; return new; end $$`,
        ),
      );
      await db().execute(sql.raw('create trigger refuse_invitation before insert on scheduled_jobs for each row execute function refuse_invitation()'));
      try {
        await expect(moveOrder(services, order.serialNo, 'delivered')).rejects.toThrow();
      } finally {
        await db().execute(sql.raw('drop trigger refuse_invitation on scheduled_jobs'));
      }
      expect(await reread(db(), order.id)).toEqual(before);
      expect(await eventsOf(order.id)).toEqual([]);
      expect(await mailsTo(shopper.email!)).toEqual([]);
    });
  });
});
