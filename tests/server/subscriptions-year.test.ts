import { asc, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { type MovableClock } from '../../server/clock';
import { orderItems, orders, outbox, subscriptionProducts, subscriptionRenewals, subscriptions, testProviderCharges } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { RETRY_AFTER_DAYS } from '../../server/subscriptions/renew';
import { addDays, addWeeks, renewalInstant } from '../../server/subscriptions/schedule';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import type { LineName } from './support/fulfilment-orders';
import { insertSavedMethod, insertSubscriber, paidSubscriptionOrder, shopWithJobs, type ShopWithJobs } from './support/subscribers';

const flows = loadProfileFlows('flows');
const START = new Date('2027-01-04T09:00:00Z');
const PAID_DAY = '2027-01-04';
const DAYS = 365;

/** The three subscribers: what each subscribes to (weeks), and whether their card's charges succeed. */
const SUBSCRIBERS: { name: string; subscribed: Partial<Record<LineName, number>>; card: 'succeeds' | 'declines' }[] = [
  { name: 'Ana', subscribed: { shampoo: 4, conditioner: 8 }, card: 'succeeds' },
  { name: 'Ben', subscribed: { supplements: 4, cleanser: 12 }, card: 'succeeds' },
  { name: 'Cleo', subscribed: { shampoo: 12 }, card: 'declines' },
];

/**
 * A simple model of the schedule: each product comes every `frequency` weeks from the paid day; a box is due on each
 * day a product is, and runs once the shop's clock reaches that day's renewal hour. Answers each due day with its products.
 */
function modelBoxes(subscribed: Partial<Record<string, number>>, until: Date): Map<string, string[]> {
  const boxes = new Map<string, string[]>();
  for (const [type, weeks] of Object.entries(subscribed)) {
    for (let k = 1; ; k++) {
      const day = addWeeks(PAID_DAY, k * weeks!);
      if (renewalInstant(day) > until) break;
      boxes.set(day, [...(boxes.get(day) ?? []), type].sort());
    }
  }
  return boxes;
}

describeEachDatabase('a year of renewals under a moving clock (issue 27 items 2 and 7; spec 001 §4 Subscriptions)', (database) => {
  const log = capturedLog();
  let shop: ShopWithJobs;
  let clock: MovableClock;
  let app: Hono;
  const db = () => database().db;
  const people: { name: string; userId: number; email: string }[] = [];

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    // Orders paid before the shop had subscriptions: the job at start makes their subscriptions.
    for (const s of SUBSCRIBERS) {
      const shopper = await insertSubscriber(db(), s.name);
      await insertSavedMethod(db(), shopper.id, s.card === 'succeeds' ? { outcome: 'succeeds' } : { outcome: 'declined', code: 'insufficient_funds' });
      await paidSubscriptionOrder(db(), shopper.id, { lines: Object.keys(s.subscribed) as LineName[], subscribed: s.subscribed, paidAt: START });
      people.push({ name: s.name, userId: shopper.id, email: shopper.email });
    }
    shop = await shopWithJobs(database(), START, log.logger, flows);
    ({ clock, app } = shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('a year, a day at a time with POST /dev/clock: exactly the orders and charges each product’s schedule gives; the failing card is tried after 1, 3 and 7 days, then held', async () => {
    // Wait for the start's adoption job: every subscriber has their subscriptions.
    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(subscriptions)
              .where(
                inArray(
                  subscriptions.userId,
                  people.map((p) => p.userId),
                ),
              )
          ).length,
        { timeout: 20_000 },
      )
      .toBe(4);
    for (let day = 1; day <= DAYS; day++) {
      const moved = await app.request('/dev/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_days: 1 }),
      });
      expect(moved.status).toBe(200);
      const body = (await moved.json()) as { jobs_run: { name: string; state: string }[] };
      expect(body.jobs_run.filter((j) => j.name === 'renew-subscription' && j.state !== 'completed')).toEqual([]);
    }
    const end = clock.now();
    const typeOf: Record<string, string> = { supplements: 'supplement_core' };
    for (const [i, s] of SUBSCRIBERS.entries()) {
      const person = people[i]!;
      const renewals = (await db().select().from(orders).where(eq(orders.userId, person.userId)).orderBy(asc(orders.id))).filter((o) =>
        o.idempotencyKey.startsWith('renewal:'),
      );
      const charges = await db()
        .select()
        .from(testProviderCharges)
        .where(inArray(testProviderCharges.idempotencyKey, renewals.length ? renewals.map((o) => `order:${o.pubkey}`) : ['none']));
      const subscribed = Object.fromEntries(Object.entries(s.subscribed).map(([name, weeks]) => [typeOf[name] ?? name, weeks]));
      const model = modelBoxes(subscribed, end);
      if (s.card === 'succeeds') {
        // One paid order and one charge per box the model gives, holding exactly the products due that day.
        for (const order of renewals) expect(order).toMatchObject({ status: 'paid', totalShipping: 0, isSubscription: true });
        // Grouped per subscription, the model's boxes (Ben's supplements and cleanser are two subscriptions).
        const expected = new Map<string, string[]>();
        for (const [day, types] of model) {
          const bySub = new Map<string, string[]>();
          for (const type of types)
            bySub.set(type === 'cleanser' ? 'skincare' : type === 'supplement_core' ? 'supplements' : 'topicals', [
              ...(bySub.get(type === 'cleanser' ? 'skincare' : type === 'supplement_core' ? 'supplements' : 'topicals') ?? []),
              type,
            ]);
          for (const group of bySub.values()) expected.set(`${day}:${group.join(',')}`, group);
        }
        const got = new Set(
          await Promise.all(
            renewals.map(async (o) => {
              const [renewal] = await db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.orderId, o.id));
              const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
              return `${renewal!.dueOn}:${lines
                .map((l) => l.type)
                .sort()
                .join(',')}`;
            }),
          ),
        );
        // The model itself: Ana's shampoo every 4 weeks (13 boxes, 6 with the 8-weekly conditioner); Ben's supplements 13, cleanser 4.
        expect(expected.size).toBe(s.name === 'Ana' ? 13 : 17);
        expect([...got].sort()).toEqual([...expected.keys()].sort());
        expect(renewals).toHaveLength(expected.size);
        expect(charges.map((c) => c.status)).toEqual(renewals.map(() => 'succeeded'));
        expect((await db().select().from(outbox).where(eq(outbox.recipient, person.email))).filter((m) => m.kind === 'subscription_renewed')).toHaveLength(
          expected.size,
        );
      } else {
        // The first box is due 12 weeks on: declined, then retried after 1, 3 and 7 days, then held until the card changes.
        const due = addWeeks(PAID_DAY, 12);
        expect(renewals.map((o) => o.status)).toEqual(['payment_failed', 'payment_failed', 'payment_failed', 'payment_failed']);
        expect(renewals.map((o) => o.idempotencyKey.split(':').slice(2).join(':'))).toEqual([1, 2, 3, 4].map((n) => `${due}:${n}`));
        expect(renewals).toHaveLength(1 + RETRY_AFTER_DAYS.length);
        expect(charges.map((c) => c.status)).toEqual(['declined', 'declined', 'declined', 'declined']);
        const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.userId, person.userId));
        expect(subscription).toMatchObject({ status: 'onhold', statusReason: 'payment_error', failedCharges: 4 });
        const [product] = await db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, subscription!.id));
        expect(product!.nextStart).toBe(due);
        expect(
          (await db().select().from(outbox).where(eq(outbox.recipient, person.email))).filter((m) => m.kind === 'subscription_payment_failed'),
        ).toHaveLength(4);
        // The retries ran on the days the schedule says, by the shop's clock.
        const days = renewals.map((o) => o.createdAt.toISOString().slice(0, 10));
        expect(days).toEqual([addDays(due, 1), addDays(due, 2), addDays(due, 5), addDays(due, 12)]);
      }
    }
  }, 600_000);
});
