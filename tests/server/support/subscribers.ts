/** Subscribers as the subscription tests need them: the app's services, saved methods, and paid orders with subscription lines. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createCatalogueReader } from '../../../server/catalog/catalogue-reader';
import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import { movableClock, type Clock, type MovableClock } from '../../../server/clock';
import { resolveAppConfig } from '../../../server/config';
import type { Database, DatabaseHandle } from '../../../server/db/database';
import { defineShopJobs } from '../../../server/jobs/shop-jobs';
import { startJobQueue, type JobQueue } from '../../../server/jobs/queue';
import type { Logger } from '../../../server/log/logger';
import { createOutboxDispatcher, type OutboxDispatcher } from '../../../server/mail/outbox-dispatcher';
import { createTestProvider } from '../../../server/payments/test-provider';
import { devClockOn } from '../../../server/system/dev-clock';
import { hairProfiles, orderItems, orders, paymentMethods } from '../../../server/db/schema';
import type { Mailer } from '../../../server/mail/mailer';
import type { PaymentProvider } from '../../../server/payments/payment-provider';
import type { CardBehaviour } from '../../../server/payments/test-cards';
import { issueTestMethodRef } from '../../../server/payments/test-card-token';
import type { ProfileFlows } from '../../../server/profile/profile-flows';
import type { Services } from '../../../server/services';
import type { OrderRow } from '../../../server/orders/order-view';
import { personas } from '../../fixtures/personas';
import { insertOrder, insertShopper, type LineName } from './fulfilment-orders';
import { TEST_SECRET, testClock } from './test-app';

export const PUBLIC_URL = 'https://shop.test';

/** The app's services as createApp makes them, for the jobs that need them all (renewals). */
export function shopServices(deps: { db: Database; clock: Clock; payments: PaymentProvider; mailer: Mailer; flows: ProfileFlows }): Services {
  return {
    ...deps,
    config: resolveAppConfig({ publicUrl: PUBLIC_URL, production: false, secret: TEST_SECRET }),
    catalogue: createCatalogueReader(deps.db),
  };
}

/** A saved method of the test provider's for `userId` whose charges do what `behaviour` says (a card that later declines). */
export async function insertSavedMethod(db: Database, userId: number, behaviour: CardBehaviour = { outcome: 'succeeds' }, last4 = '4242'): Promise<number> {
  const ref = issueTestMethodRef({ service: 'card', brand: 'visa', last4, expMonth: 12, expYear: 2030, behaviour }, TEST_SECRET);
  const [row] = await db
    .insert(paymentMethods)
    .values({
      pubkey: `pm_${randomBytes(8).toString('hex')}`,
      userId,
      provider: 'test',
      service: 'card',
      providerRef: ref,
      brand: 'visa',
      last4,
      isDefault: true,
    })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/** A customer with Rosa's consultation answers (real formulas), and their e-mail. */
export async function insertSubscriber(db: Database, firstName = 'Rosa'): Promise<{ id: number; email: string }> {
  const shopper = await insertShopper(db, { firstName });
  const rosa = personas.find((p) => p.name === 'Rosa')!;
  await db.insert(hairProfiles).values({ userId: shopper.id, answers: rosa.answers });
  return { id: shopper.id, email: shopper.email! };
}

/**
 * A checkout order of `userId` paid on `paidAt` (written straight into the database, as orders placed before
 * subscriptions existed are), whose `subscribed` lines are subscriptions at the given frequencies (weeks).
 */
export async function paidSubscriptionOrder(
  db: Database,
  userId: number,
  options: { lines: LineName[]; subscribed: Partial<Record<LineName, number>>; paidAt: Date; status?: OrderRow['status']; key?: string },
): Promise<OrderRow> {
  const order = await insertOrder(db, userId, { status: options.status ?? 'paid', lines: options.lines, paidAt: options.paidAt });
  await db
    .update(orders)
    .set({ isSubscription: true, cardBrand: 'visa', cardLast4: '4242', paymentProvider: 'test', ...(options.key ? { idempotencyKey: options.key } : {}) })
    .where(eq(orders.id, order.id));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const types: Record<string, LineName> = { shampoo: 'shampoo', conditioner: 'conditioner', supplement_core: 'supplements', cleanser: 'cleanser' };
  for (const item of items) {
    const frequency = options.subscribed[types[item.type] ?? ('candle' as LineName)];
    if (frequency) await db.update(orderItems).set({ subscriptionActive: true, frequency }).where(eq(orderItems.id, item.id));
  }
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  return row as OrderRow;
}

/** The shop as a server process runs it, in the test: a movable clock, the job queue with the shop's jobs, the outbox, the test provider and the app (with POST /dev/clock). */
export interface ShopWithJobs {
  clock: MovableClock;
  queue: JobQueue;
  mailer: OutboxDispatcher;
  services: Services;
  app: Hono;
  /** Stops the mailer, then the queue. */
  close(): Promise<void>;
}

/** Starts the shop's jobs and app on `database` with its clock at `start` (the year, forecast and mail tests under a moving clock). */
export async function shopWithJobs(database: DatabaseHandle, start: Date, logger: Logger, flows: ProfileFlows): Promise<ShopWithJobs> {
  const db = database.db;
  const clock = movableClock(testClock(start));
  const queue = await startJobQueue({ database, clock, logger, pollingIntervalSeconds: 0.5 });
  const mailer = createOutboxDispatcher({ db, transport: null, clock, from: 'shop@shop.test', queue });
  const payments = createTestProvider({ db, secret: TEST_SECRET, clock, actionUrl: (id) => id });
  const services = shopServices({ db, clock, payments, mailer, flows });
  await defineShopJobs(queue, { db, clock, mailer, orders: { payments, config: { publicUrl: PUBLIC_URL } }, logger, subscriptions: services });
  const app = createApp({
    db,
    mailer,
    flows,
    clock,
    payments,
    config: { publicUrl: PUBLIC_URL, production: false, secret: TEST_SECRET },
    devClock: devClockOn(clock, queue),
  });
  return {
    clock,
    queue,
    mailer,
    services,
    app,
    close: async () => {
      await mailer.close();
      await queue.close();
    },
  };
}
