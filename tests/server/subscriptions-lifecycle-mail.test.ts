import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { type MovableClock } from '../../server/clock';
import { outbox, subscriptions } from '../../server/db/schema';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Services } from '../../server/services';
import { cancelSubscription } from '../../server/subscriptions/cancel';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { snooze } from '../../server/subscriptions/manage';
import { addDays, addWeeks, renewalInstant } from '../../server/subscriptions/schedule';
import { mailUpcomingRenewal } from '../../server/subscriptions/upcoming-renewal';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import type { LineName } from './support/fulfilment-orders';
import { insertSavedMethod, insertSubscriber, paidSubscriptionOrder, PUBLIC_URL, shopWithJobs, type ShopWithJobs } from './support/subscribers';

const flows = loadProfileFlows('flows');
const PAID_DAY = '2027-01-04';
const START = new Date(`${PAID_DAY}T09:00:00Z`);
const SHAMPOO_DAY = addWeeks(PAID_DAY, 4);
const CONDITIONER_DAY = addWeeks(PAID_DAY, 8);

describeEachDatabase('the upcoming-renewal mail under a moving clock (issue 27 item 6; spec 001 §2 "/account/subscription/{category}")', (database) => {
  const log = capturedLog();
  let shop: ShopWithJobs;
  let clock: MovableClock;
  let app: Hono;
  let services: Services;
  const db = () => database().db;
  const people: Record<'ana' | 'ben' | 'cleo', { userId: number; email: string; pubkey: string; id: number }> = {} as never;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    const subscribe = async (name: string, subscribed: Partial<Record<LineName, number>>) => {
      const shopper = await insertSubscriber(db(), name);
      await insertSavedMethod(db(), shopper.id);
      await paidSubscriptionOrder(db(), shopper.id, { lines: Object.keys(subscribed) as LineName[], subscribed, paidAt: START });
      await adoptPaidOrders(db(), { now: START, publicUrl: PUBLIC_URL });
      const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, shopper.id));
      return { userId: shopper.id, email: shopper.email, pubkey: row!.pubkey, id: row!.id };
    };
    people.ana = await subscribe('Ana', { shampoo: 4, conditioner: 8 });
    people.ben = await subscribe('Ben', { shampoo: 4 });
    people.cleo = await subscribe('Cleo', { shampoo: 4 });
    shop = await shopWithJobs(database(), START, log.logger, flows);
    ({ clock, app } = shop);
    services = shop.services;
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  const upcoming = async (to: string) =>
    (await db().select().from(outbox).where(eq(outbox.recipient, to))).filter((m) => m.kind === 'subscription_upcoming_renewal').sort((a, b) => a.id - b.id);
  const moveTo = async (now: Date) => {
    const moved = await app.request('/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: now.toISOString() }),
    });
    expect(moved.status).toBe(200);
  };

  it('3 days before each renewal, at the renewal hour, an active subscriber is mailed the box’s products, the charge date and where to skip or snooze; once per date; not when canceled; moved with a snooze', async () => {
    // Ben cancels, Cleo snoozes by a week: the reminder goes with the renewal.
    await cancelSubscription(services, people.ben.userId, people.ben.pubkey, { reason: 'moving' });
    await snooze(services, people.cleo.userId, people.cleo.pubkey, 7);

    const reminderAt = renewalInstant(addDays(SHAMPOO_DAY, -3));
    await moveTo(new Date(reminderAt.getTime() - 60_000));
    expect(await upcoming(people.ana.email)).toEqual([]);
    await moveTo(reminderAt);
    await expect.poll(async () => (await upcoming(people.ana.email)).length, { timeout: 10_000 }).toBe(1);
    const [first] = await upcoming(people.ana.email);
    expect(first!.subject).toBe('Your next hair care box: charged on February 1, 2027');
    expect(first!.textBody).toContain('- Custom Shampoo, every 4 weeks');
    expect(first!.textBody).not.toContain('Conditioner');
    expect(first!.textBody).toContain(`${PUBLIC_URL}/account/subscription/haircare`);
    expect(first!.textBody).toMatch(/[Ss]kip a product or snooze/);
    expect(await upcoming(people.cleo.email)).toEqual([]);

    // Once per date: the job run again mails nothing more.
    const entries = await services.catalogue.entries();
    expect(await mailUpcomingRenewal(db(), { entries, publicUrl: PUBLIC_URL }, { subscriptionId: people.ana.id, dueOn: SHAMPOO_DAY }, clock.now())).toBe(
      'already_sent',
    );

    // Cleo's comes 3 days before her snoozed date; through the conditioner's box, Ana's second lists both products.
    await moveTo(renewalInstant(addDays(SHAMPOO_DAY, 7 - 3)));
    await expect.poll(async () => (await upcoming(people.cleo.email)).length, { timeout: 10_000 }).toBe(1);
    expect((await upcoming(people.cleo.email))[0]!.subject).toContain(`charged on February 8, 2027`);
    for (let day = addDays(SHAMPOO_DAY, 5); day <= CONDITIONER_DAY; day = addDays(day, 1)) await moveTo(renewalInstant(day));
    await expect.poll(async () => (await upcoming(people.ana.email)).length, { timeout: 10_000 }).toBe(2);
    const second = (await upcoming(people.ana.email))[1]!;
    expect(second.subject).toContain('March 1, 2027');
    expect(second.textBody).toContain('- Custom Shampoo, every 4 weeks');
    expect(second.textBody).toContain('- Custom Conditioner, every 8 weeks');
    expect(await upcoming(people.ben.email)).toEqual([]);
  }, 120_000);
});
