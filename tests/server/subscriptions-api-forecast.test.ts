import { and, asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { type MovableClock } from '../../server/clock';
import { orderItems, orders, scheduledJobs, subscriptions, users } from '../../server/db/schema';
import { startSession } from '../../server/identity/start-session';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Services } from '../../server/services';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { dayOf, renewalInstant, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { insertSavedMethod, insertSubscriber, paidSubscriptionOrder, PUBLIC_URL, shopWithJobs, type ShopWithJobs } from './support/subscribers';

const flows = loadProfileFlows('flows');
const START = new Date('2027-02-01T09:00:00Z');

describeEachDatabase('the forecast is what the scheduler then does (issue 27 items 3 and 7; spec 001 §3 "Forecast entry", §4 Forecast status)', (database) => {
  const log = capturedLog();
  let shop: ShopWithJobs;
  let clock: MovableClock;
  let app: Hono;
  let services: Services;
  const db = () => database().db;
  let shopper: { id: number; pubkey: string };
  let pubkey: string;
  let subscriptionId: number;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    const made = await insertSubscriber(db(), 'Dana');
    await insertSavedMethod(db(), made.id);
    await paidSubscriptionOrder(db(), made.id, { lines: ['shampoo', 'conditioner'], subscribed: { shampoo: 4, conditioner: 8 }, paidAt: START });
    await adoptPaidOrders(db(), { now: START, publicUrl: PUBLIC_URL });
    const [user] = await db().select().from(users).where(eq(users.id, made.id));
    shopper = { id: user!.id, pubkey: user!.pubkey };
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, made.id));
    pubkey = row!.pubkey;
    subscriptionId = row!.id;
    shop = await shopWithJobs(database(), START, log.logger, flows);
    ({ clock, app } = shop);
    services = shop.services;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  /** A request as the subscriber, with a token of the shop's clock's day. */
  async function call(method: string, path: string, body?: unknown) {
    const { access } = await startSession(db(), services, { id: shopper.id, pubkey: shopper.pubkey, isGuest: false });
    const response = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('after a skip and a quantity change, the next three charges forecast (day, items, prices, discount, free shipping, taxes) are the renewal orders POST /dev/clock then makes, one by one', async () => {
    // The shampoo's first box is skipped and the conditioner comes by two: the first charge is then the 8th week's.
    expect((await call('POST', `/v2/subscriptions/${pubkey}/skip/`, { product: 'shampoo' })).status).toBe(200);
    expect((await call('PATCH', `/v2/subscriptions/${pubkey}`, { regular_products: [{ type: 'conditioner', quantity: 2 }] })).status).toBe(200);
    const answer = await call('POST', `/v2/subscriptions/${pubkey}/forecast`);
    expect(answer.status).toBe(200);
    const { status, forecast } = answer.body as { status: string; forecast: any[] };
    expect(status).toBe('AVAILABLE');
    expect(forecast).toHaveLength(3);
    expect(forecast[0].items.map((i: { type: string; quantity: number }) => [i.type, i.quantity])).toEqual([
      ['shampoo', 1],
      ['conditioner', 2],
    ]);
    expect(forecast.every((f) => f.total_shipping === 0 && f.discount_rate === 0.15 && f.total_discount > 0)).toBe(true);

    // The clock follows the scheduler's own plan: to each instant its renewal job is due (scheduled_jobs), where
    // POST /dev/clock runs it, until the last forecast day's renewal has run.
    const last = forecast[2].next_charge as string;
    for (let step = 0; step < 12 && clock.now() < renewalInstant(last); step++) {
      const [job] = await db()
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${subscriptionId}`)));
      expect(job, `step ${step}`).toBeDefined();
      const moved = await app.request('/dev/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: new Date(job!.dueAt.getTime() + 60_000).toISOString() }),
      });
      expect(moved.status).toBe(200);
    }
    const renewals = (await db().select().from(orders).where(eq(orders.userId, shopper.id)).orderBy(asc(orders.id))).filter((o) =>
      o.idempotencyKey.startsWith('renewal:'),
    );
    expect(renewals).toHaveLength(3);
    for (const [i, order] of renewals.entries()) {
      const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
      const expected = forecast[i];
      expect(order.status, `charge ${i}`).toBe('paid');
      expect(dayOf(order.createdAt), `charge ${i}`).toBe(expected.next_charge);
      expect(
        lines.map((l) => ({ type: l.type, quantity: l.quantity, price: l.unitPrice / 100, total_price: l.totalPrice / 100 })),
        `charge ${i}`,
      ).toEqual(
        expected.items.map((item: Record<string, unknown>) => ({ type: item.type, quantity: item.quantity, price: item.price, total_price: item.total_price })),
      );
      expect(
        {
          total_price: order.totalPrice / 100,
          total_discount: order.totalDiscount / 100,
          total_shipping: order.totalShipping / 100,
          total_taxes: order.totalTaxes / 100,
          total_amount: order.totalAmount / 100,
        },
        `charge ${i}`,
      ).toEqual({
        total_price: expected.total_price,
        total_discount: expected.total_discount,
        total_shipping: expected.total_shipping,
        total_taxes: expected.total_taxes,
        total_amount: expected.total_amount,
      });
    }
  });
});
