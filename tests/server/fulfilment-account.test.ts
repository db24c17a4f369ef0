import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { feedbackOverview, order as orderSchema } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { feedbackInvitations, orderFeedback, users } from '../../server/db/schema';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import { moveOrder } from '../../server/orders/fulfilment';
import { describeEachDatabase } from './support/databases';
import { insertOrder } from './support/fulfilment-orders';
import { createTestApp, signUpCustomer, startGuest, testClock, type TestApp } from './support/test-app';

const empty = { awaiting: [], completed: [] };

describeEachDatabase('what the shopper sees of fulfilment and feedback: GET /v2/orders/{id}/ and GET /v1/account/feedback (issue 26 item 0)', (database) => {
  const clock = testClock(new Date('2026-07-20T09:00:00Z'));
  let t: TestApp;
  const db = () => database().db;
  const services = () => ({ db: db(), clock, mailer: outboxOnlyMailer, config: { publicUrl: 'https://shop.test' } });
  /** A signed-up customer: their token and user id. */
  const customer = async () => {
    const { access, email } = await signUpCustomer(t);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return { token: access, id: row!.id };
  };

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    t = createTestApp(db(), { clock });
  });

  it('an order shows its parcel (number, carrier, tracking link) and when it shipped and arrived; before that, none', async () => {
    const rosa = await customer();
    const order = await insertOrder(db(), rosa.id, { status: 'paid' });
    const before = orderSchema.parse((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token: rosa.token })).body);
    expect(before).toMatchObject({ tracking: null, shipped_at: null, delivered_at: null, display_status: 'processing' });
    await moveOrder(services(), order.serialNo, 'shipped', { trackingNumber: '9400 1118 9922 3344 5566 77' });
    const shippedAt = clock.now().toISOString();
    // Within the access token's 15 minutes: the shop's clock dates the token too.
    clock.advance(10 * 60_000);
    await moveOrder(services(), order.serialNo, 'delivered');
    const after = orderSchema.parse((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token: rosa.token })).body);
    expect(after).toMatchObject({
      status: 'delivered',
      display_status: 'delivered',
      tracking: { number: '9400111899223344556677', carrier: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677' },
      shipped_at: shippedAt,
      delivered_at: clock.now().toISOString(),
    });
    const listed = (await t.call('GET', '/v2/orders/', { token: rosa.token })).body.results.find((o: { pubkey: string }) => o.pubkey === order.pubkey);
    expect(listed.tracking).toEqual(after.tracking);
    // Another account, and a guest, find no such order.
    const other = await customer();
    expect((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token: other.token })).status).toBe(404);
    const guest = await startGuest(t);
    expect((await t.call('GET', `/v2/orders/${order.pubkey}/`, { token: guest.access })).status).toBe(404);
  });

  it('GET /v1/account/feedback: per category, the paid orders awaiting feedback and those done; canceled, unpaid and accessory-only orders are not there', async () => {
    const rosa = await customer();
    expect((await t.call('GET', '/v1/account/feedback', { token: rosa.token })).body).toEqual({ haircare: empty, skincare: empty, supplements: empty });

    const hairAndSupplements = await insertOrder(db(), rosa.id, {
      status: 'paid',
      lines: ['shampoo', 'supplements'],
      paidAt: new Date('2026-07-01T10:00:00Z'),
    });
    const skin = await insertOrder(db(), rosa.id, { status: 'shipped', lines: ['cleanser', 'candle'], paidAt: new Date('2026-07-02T10:00:00Z') });
    const laterHair = await insertOrder(db(), rosa.id, { status: 'processed', lines: ['conditioner'], paidAt: new Date('2026-07-05T10:00:00Z') });
    await insertOrder(db(), rosa.id, { status: 'canceled', lines: ['shampoo'] });
    await insertOrder(db(), rosa.id, { status: 'pending_payment', lines: ['shampoo'] });
    await insertOrder(db(), rosa.id, { status: 'paid', lines: ['candle'] });
    await moveOrder(services(), skin.serialNo, 'delivered');
    await db()
      .insert(feedbackInvitations)
      .values({ orderId: skin.id, category: 'skincare', sentAt: new Date('2026-07-27T09:00:00Z') });
    await db()
      .insert(orderFeedback)
      .values({
        orderId: skin.id,
        category: 'skincare',
        answers: { skin_satisfaction: 4 },
        status: 'completed',
        origin: 'email',
        completedAt: new Date('2026-07-28T09:00:00Z'),
      });
    await db()
      .insert(orderFeedback)
      .values({ orderId: laterHair.id, category: 'haircare', answers: { overall_experience: 5 }, status: 'started', origin: 'account' });

    const answer = await t.call('GET', '/v1/account/feedback', { token: rosa.token });
    expect(answer.status).toBe(200);
    const overview = feedbackOverview.parse(answer.body);
    expect(overview.haircare.awaiting.map((o) => [o.serial_no, o.feedback_status, o.url])).toEqual([
      [String(laterHair.serialNo), 'started', `/feedback/haircare?order=${laterHair.pubkey}&origin=account`],
      [String(hairAndSupplements.serialNo), 'not_started', `/feedback/haircare?order=${hairAndSupplements.pubkey}&origin=account`],
    ]);
    expect(overview.haircare.completed).toEqual([]);
    expect(overview.supplements.awaiting.map((o) => o.order)).toEqual([hairAndSupplements.pubkey]);
    expect(overview.supplements.awaiting[0]!.items).toEqual([
      { type: 'supplement_core', label: 'Custom Hair Supplements', picture: expect.objectContaining({ src: '/media/card-supplement-core.svg' }) },
    ]);
    expect(overview.skincare).toEqual({
      awaiting: [],
      completed: [
        {
          order: skin.pubkey,
          serial_no: String(skin.serialNo),
          status: 'delivered',
          display_status: 'delivered',
          ordered_at: '2026-07-02T10:00:00.000Z',
          delivered_at: clock.now().toISOString(),
          items: [{ type: 'cleanser', label: 'Custom Cleanser', picture: expect.objectContaining({ src: '/media/card-cleanser.svg' }) }],
          feedback_status: 'completed',
          invited_at: '2026-07-27T09:00:00.000Z',
          completed_at: '2026-07-28T09:00:00.000Z',
          url: null,
        },
      ],
    });
  });

  it('GET /v1/account/feedback is the caller’s own: another account and a guest see none of it; no token is 401', async () => {
    const rosa = await customer();
    await insertOrder(db(), rosa.id, { status: 'delivered', lines: ['shampoo', 'cleanser'] });
    expect(feedbackOverview.parse((await t.call('GET', '/v1/account/feedback', { token: rosa.token })).body).haircare.awaiting).toHaveLength(1);
    const other = await customer();
    expect((await t.call('GET', '/v1/account/feedback', { token: other.token })).body).toEqual({ haircare: empty, skincare: empty, supplements: empty });
    const guest = await startGuest(t);
    expect((await t.call('GET', '/v1/account/feedback', { token: guest.access })).body).toEqual({ haircare: empty, skincare: empty, supplements: empty });
    expect((await t.call('GET', '/v1/account/feedback')).status).toBe(401);
    expect((await t.call('GET', '/v1/account/feedback', { token: 'forged.token.here' })).body.code).toBe('token_not_valid');
  });
});
