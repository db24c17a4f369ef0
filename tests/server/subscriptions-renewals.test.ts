import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import type { Database, DatabaseHandle, Driver } from '../../server/db/database';
import { openDatabase } from '../../server/db/open-database';
import {
  hairProfiles,
  orderItems,
  orders,
  outbox,
  paymentMethods,
  scheduledJobs,
  subscriptionProducts,
  subscriptionRenewals,
  subscriptions,
  testProviderCharges,
} from '../../server/db/schema';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Services } from '../../server/services';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { renewSubscription, RETRY_AFTER_DAYS } from '../../server/subscriptions/renew';
import { resumeWithMethod } from '../../server/subscriptions/resume';
import { addDays, renewalInstant, RENEW_SUBSCRIPTION_JOB } from '../../server/subscriptions/schedule';
import { createPostgresDatabase, DRIVERS } from './support/databases';
import { untilLockWaiters } from './support/lock-waits';
import type { LineName } from './support/fulfilment-orders';
import { insertSavedMethod, insertSubscriber, paidSubscriptionOrder, PUBLIC_URL, shopServices } from './support/subscribers';
import { testClock, TEST_SECRET } from './support/test-app';

const flows = loadProfileFlows('flows');
const PAID = new Date('2026-03-02T10:00:00Z');
/** The day the first renewal is due (4 weeks after the paid day), and the instant it runs. */
const DUE = addDays('2026-03-02', 28);
const AT_DUE = renewalInstant(DUE);

/** Two handles on one database, as two server processes have (PGlite has one connection: the same handle twice). */
async function openShared(driver: Driver): Promise<{ first: DatabaseHandle; second: DatabaseHandle; destroy(): Promise<void> }> {
  if (driver === 'pglite') {
    const handle = await openDatabase({});
    return { first: handle, second: handle, destroy: () => handle.close() };
  }
  const scratch = await createPostgresDatabase();
  const [first, second] = [await openDatabase({ databaseUrl: scratch.url }), await openDatabase({ databaseUrl: scratch.url })];
  return {
    first,
    second,
    destroy: async () => {
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

for (const driver of DRIVERS) {
  describe(`subscription renewals (issue 27 item 2; spec 001 §4 Subscriptions, §9; server/subscriptions/README.md) [${driver}]`, () => {
    let shared: Awaited<ReturnType<typeof openShared>>;
    let one: Services;
    let two: Services;
    const db = (): Database => shared.first.db;
    const clock = testClock(PAID);

    beforeAll(async () => {
      shared = await openShared(driver);
      await seedCatalogue(db(), loadCatalogue());
      const services = (handle: DatabaseHandle) =>
        shopServices({
          db: handle.db,
          clock,
          mailer: outboxOnlyMailer,
          flows,
          payments: createTestProvider({ db: handle.db, secret: TEST_SECRET, clock, actionUrl: (id) => id }),
        });
      [one, two] = [services(shared.first), services(shared.second)];
    }, 60_000);
    afterAll(async () => {
      await shared?.destroy();
    });

    /** A subscriber with a saved method (`card` says what its charges do), subscribed to `subscribed` on PAID; their subscription's id. */
    async function subscriber(
      subscribed: Partial<Record<LineName, number>>,
      card: Parameters<typeof insertSavedMethod>[2] = { outcome: 'succeeds' },
    ): Promise<{ userId: number; email: string; subscriptionId: number; methodId: number }> {
      const shopper = await insertSubscriber(db());
      const methodId = await insertSavedMethod(db(), shopper.id, card);
      await paidSubscriptionOrder(db(), shopper.id, { lines: Object.keys(subscribed) as LineName[], subscribed, paidAt: PAID });
      await adoptPaidOrders(db(), { now: PAID, publicUrl: PUBLIC_URL });
      const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, shopper.id));
      return { userId: shopper.id, email: shopper.email, subscriptionId: row!.id, methodId };
    }
    const renewalOrders = async (userId: number) =>
      (await db().select().from(orders).where(eq(orders.userId, userId))).filter((o) => o.idempotencyKey.startsWith('renewal:'));
    const chargesOf = async (userId: number) => {
      const keys = (await renewalOrders(userId)).map((o) => `order:${o.pubkey}`);
      return keys.length ? db().select().from(testProviderCharges).where(inArray(testProviderCharges.idempotencyKey, keys)) : [];
    };
    const subscriptionOf = async (id: number) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
    const productsOf = (id: number) =>
      db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id)).orderBy(subscriptionProducts.type);
    const mailsOf = async (to: string, kind: string) => (await db().select().from(outbox).where(eq(outbox.recipient, to))).filter((m) => m.kind === kind);

    it('nothing renews before its date by the shop’s clock; on it, the due products are ordered at the subscription price with free shipping, charged once, and move by their own frequency', async () => {
      const { userId, email, subscriptionId } = await subscriber({ shampoo: 4, conditioner: 8 });
      expect(await renewSubscription(one, subscriptionId, new Date(AT_DUE.getTime() - 86_400_000))).toBe('not_due');
      expect(await renewalOrders(userId)).toEqual([]);

      clock.set(AT_DUE);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('renewed');
      const [order, ...more] = await renewalOrders(userId);
      expect(more).toEqual([]);
      expect(order).toMatchObject({ status: 'paid', isSubscription: true, totalShipping: 0, cartId: null, currency: 'USD' });
      const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      // Only the shampoo was due (the conditioner comes every 8 weeks), made with the shopper's current formula.
      expect(lines.map((l) => [l.type, l.quantity, l.subscriptionActive, l.frequency])).toEqual([['shampoo', 1, true, 4]]);
      expect(lines[0]!.formula?.label).toBeTruthy();
      const entry = (await one.catalogue.entries()).get('shampoo')!;
      expect(lines[0]!.unitPrice).toBe(entry.subscribedPrice.USD);
      expect(order!.totalDiscount).toBe(entry.price.USD - entry.subscribedPrice.USD);
      expect(order!.totalAmount).toBe(entry.subscribedPrice.USD + order!.totalTaxes);
      expect(await chargesOf(userId)).toHaveLength(1);
      expect((await productsOf(subscriptionId)).map((p) => [p.type, p.nextStart])).toEqual([
        ['conditioner', addDays('2026-03-02', 56)],
        ['shampoo', addDays('2026-03-02', 56)],
      ]);
      const [job] = await db()
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${subscriptionId}`)));
      expect(job!.dueAt).toEqual(renewalInstant(addDays('2026-03-02', 56)));
      const [mail] = await mailsOf(email, 'subscription_renewed');
      expect(mail!.subject).toContain(`order ${order!.serialNo}`);
      expect(mail!.textBody).not.toMatch(/4242/);
      // The renewal mail is the receipt: no second, generic order confirmation for the same order.
      expect((await db().select().from(outbox).where(eq(outbox.recipient, email))).filter((m) => m.subject.includes(String(order!.serialNo)))).toHaveLength(1);
      // Run again on the same day: nothing more.
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('not_due');
      expect(await renewalOrders(userId)).toHaveLength(1);
    });

    it('two workers running the same due renewal at once: one order, one charge', async () => {
      const { userId, subscriptionId } = await subscriber({ shampoo: 4 });
      clock.set(AT_DUE);
      const outcomes = await Promise.all([renewSubscription(one, subscriptionId, AT_DUE), renewSubscription(two, subscriptionId, AT_DUE)]);
      expect(outcomes.filter((o) => o === 'renewed')).toHaveLength(1);
      expect((await renewalOrders(userId)).map((o) => o.status)).toEqual(['paid']);
      expect(await chargesOf(userId)).toHaveLength(1);
      expect(await db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, subscriptionId))).toHaveLength(1);
    });

    it.runIf(driver === 'postgres')(
      'a renewal that waits for the customer’s lock decides on what the holder committed: a product skipped and a card removed meanwhile',
      async () => {
        /** Holds the customer's lock on the second handle, starts the renewal on the first (it waits), then commits `change`. */
        const renewWhileLocked = async (userId: number, subscriptionId: number, change: (tx: Database) => Promise<void>) => {
          let renewal: Promise<unknown> = Promise.resolve();
          await shared.second.db.transaction(async (tx) => {
            await tx.execute(sql`select id from users where id = ${userId} for update`);
            renewal = renewSubscription(one, subscriptionId, AT_DUE);
            // The renewal is waiting for the lock before the change is made.
            await untilLockWaiters(shared.second.db, 1);
            await change(tx);
          });
          return renewal;
        };
        clock.set(AT_DUE);

        const skipping = await subscriber({ shampoo: 4, conditioner: 4 });
        const skipped = await renewWhileLocked(skipping.userId, skipping.subscriptionId, async (tx) => {
          await tx
            .update(subscriptionProducts)
            .set({ skipped: true })
            .where(and(eq(subscriptionProducts.subscriptionId, skipping.subscriptionId), eq(subscriptionProducts.type, 'conditioner')));
        });
        expect(skipped).toBe('renewed');
        const [order] = await renewalOrders(skipping.userId);
        expect((await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id))).map((i) => i.type)).toEqual(['shampoo']);

        const removing = await subscriber({ shampoo: 4 });
        const removed = await renewWhileLocked(removing.userId, removing.subscriptionId, async (tx) => {
          await tx.update(paymentMethods).set({ deletedAt: AT_DUE }).where(eq(paymentMethods.id, removing.methodId));
        });
        expect(removed).toBe('no_payment_method');
        expect(await chargesOf(removing.userId)).toHaveLength(0);
        expect((await subscriptionOf(removing.subscriptionId)).statusReason).toBe('payment_error');
      },
    );

    it('a renewal stopped after its order was recorded goes on with the same order and key when run again: nothing lost or doubled', async () => {
      const { userId, subscriptionId } = await subscriber({ shampoo: 4 });
      clock.set(AT_DUE);
      // The first run charged and died before writing anything after the charge: the provider holds one charge.
      let concluded = false;
      let calls = 0;
      // The shop's database as this process sees it, whose second transaction (after recording: the charge's outcome,
      // which concludes the renewal with it) dies.
      const dying: Database = Object.create(one.db);
      dying.transaction = (async (fn: never) => {
        calls += 1;
        if (calls === 2) {
          concluded = true;
          throw new Error('process died');
        }
        return one.db.transaction(fn);
      }) as Database['transaction'];
      const failing: Services = { ...one, db: dying };
      await expect(renewSubscription(failing, subscriptionId, AT_DUE)).rejects.toThrow('process died');
      expect(concluded).toBe(true);
      expect(await chargesOf(userId)).toHaveLength(1);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('renewed');
      expect((await renewalOrders(userId)).map((o) => o.status)).toEqual(['paid']);
      expect(await chargesOf(userId)).toHaveLength(1);
      expect((await productsOf(subscriptionId))[0]!.nextStart).toBe(addDays('2026-03-02', 56));
    });

    it('a renewal finished late moves only the products of its box: one that fell due meanwhile still gets its own', async () => {
      const { userId, subscriptionId } = await subscriber({ shampoo: 4, conditioner: 8 });
      clock.set(AT_DUE);
      let calls = 0;
      const dying: Database = Object.create(one.db);
      dying.transaction = (async (fn: never) => {
        calls += 1;
        if (calls === 2) throw new Error('process died');
        return one.db.transaction(fn);
      }) as Database['transaction'];
      await expect(renewSubscription({ ...one, db: dying }, subscriptionId, AT_DUE)).rejects.toThrow('process died');
      // Finished a month later, past the conditioner's date (8 weeks): the shampoo's box is concluded, the conditioner stays due.
      const late = renewalInstant(addDays('2026-03-02', 57));
      clock.set(late);
      expect(await renewSubscription(one, subscriptionId, late)).toBe('renewed');
      expect((await productsOf(subscriptionId)).map((p) => [p.type, p.nextStart])).toEqual([
        ['conditioner', addDays('2026-03-02', 56)],
        ['shampoo', addDays('2026-03-02', 84)],
      ]);
      expect(await renewSubscription(one, subscriptionId, late)).toBe('renewed');
      const boxes = await Promise.all(
        (await renewalOrders(userId)).map(async (o) => (await db().select().from(orderItems).where(eq(orderItems.orderId, o.id))).map((l) => l.type)),
      );
      expect(boxes).toEqual([['shampoo'], ['conditioner']]);
      expect(await chargesOf(userId)).toHaveLength(2);
      expect((await productsOf(subscriptionId)).map((p) => p.nextStart)).toEqual([addDays('2026-03-02', 112), addDays('2026-03-02', 84)]);
    });

    it('spec 001 §4: a canceled subscription is never charged, nor one whose card was removed (held with payment_error and a mail)', async () => {
      const canceled = await subscriber({ shampoo: 4 });
      await db().update(subscriptions).set({ status: 'canceled', canceledAt: PAID }).where(eq(subscriptions.id, canceled.subscriptionId));
      clock.set(AT_DUE);
      expect(await renewSubscription(one, canceled.subscriptionId, AT_DUE)).toBe('canceled');
      expect(await renewalOrders(canceled.userId)).toEqual([]);

      const removed = await subscriber({ shampoo: 4 });
      await db().update(paymentMethods).set({ deletedAt: PAID }).where(eq(paymentMethods.id, removed.methodId));
      expect(await renewSubscription(one, removed.subscriptionId, AT_DUE)).toBe('no_payment_method');
      expect(await renewalOrders(removed.userId)).toEqual([]);
      expect(await subscriptionOf(removed.subscriptionId)).toMatchObject({ status: 'onhold', statusReason: 'payment_error' });
      expect(await mailsOf(removed.email, 'subscription_payment_failed')).toHaveLength(1);
    });

    it('spec 001 §4 onhold reasons: a declined charge holds the subscription with payment_error, mails the shopper and retries after 1, 3 and 7 days; a paid retry resumes it', async () => {
      const { userId, email, subscriptionId, methodId } = await subscriber({ shampoo: 4 }, { outcome: 'declined', code: 'insufficient_funds' });
      clock.set(AT_DUE);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('declined');
      expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'onhold', statusReason: 'payment_error', failedCharges: 1 });
      const [failed] = await mailsOf(email, 'subscription_payment_failed');
      expect(failed!.subject).toContain('on hold');
      expect(failed!.textBody).toContain(`${PUBLIC_URL}/account/subscription/haircare`);
      const retryAt = new Date(AT_DUE.getTime() + RETRY_AFTER_DAYS[0] * 86_400_000);
      const [job] = await db()
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${subscriptionId}`)));
      expect(job!.dueAt).toEqual(retryAt);
      // The shopper's card works again (a new one in its place); the retry charges it and resumes the subscription.
      const good = await insertSavedMethod(db(), userId);
      await db().update(subscriptions).set({ paymentMethodId: good }).where(eq(subscriptions.id, subscriptionId));
      expect(methodId).not.toBe(good);
      clock.set(retryAt);
      expect(await renewSubscription(one, subscriptionId, retryAt)).toBe('renewed');
      expect((await renewalOrders(userId)).map((o) => o.status).sort()).toEqual(['paid', 'payment_failed']);
      expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'active', statusReason: null, failedCharges: 0 });
      // Its date moves from the due date, not from the retry's.
      expect((await productsOf(subscriptionId))[0]!.nextStart).toBe(addDays('2026-03-02', 56));
    });

    it('issue 27 item 2 "updating the card resumes it": a new method resumes a subscription held by its payment, due at once; another shopper’s method changes nothing', async () => {
      const held = await subscriber({ shampoo: 4 }, { outcome: 'declined', code: 'card_declined' });
      clock.set(AT_DUE);
      expect(await renewSubscription(one, held.subscriptionId, AT_DUE)).toBe('declined');
      const stranger = await insertSubscriber(db());
      const strangers = await insertSavedMethod(db(), stranger.id);
      expect(await db().transaction((tx) => resumeWithMethod(tx, held.userId, strangers, AT_DUE))).toEqual([]);
      expect(await subscriptionOf(held.subscriptionId)).toMatchObject({ status: 'onhold', statusReason: 'payment_error' });

      const card = await insertSavedMethod(db(), held.userId, { outcome: 'succeeds' }, '4444');
      const later = new Date(AT_DUE.getTime() + 3 * 3_600_000);
      expect(await db().transaction((tx) => resumeWithMethod(tx, held.userId, card, later))).toEqual([held.subscriptionId]);
      expect(await subscriptionOf(held.subscriptionId)).toMatchObject({ status: 'active', statusReason: null, failedCharges: 0, paymentMethodId: card });
      const [job] = await db()
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, RENEW_SUBSCRIPTION_JOB), eq(scheduledJobs.key, `subscription:${held.subscriptionId}`)));
      // Its box is still due (its date has passed): the next run-due sends it.
      expect(job!.dueAt.getTime()).toBeLessThanOrEqual(later.getTime());
      clock.set(later);
      expect(await renewSubscription(one, held.subscriptionId, later)).toBe('renewed');
      expect((await renewalOrders(held.userId)).map((o) => [o.status, o.cardLast4])).toEqual([
        ['payment_failed', '4242'],
        ['paid', '4444'],
      ]);

      // An active subscription whose card was removed takes the new one, and stays as it was otherwise.
      const removed = await subscriber({ shampoo: 4 });
      await db().update(paymentMethods).set({ deletedAt: PAID }).where(eq(paymentMethods.id, removed.methodId));
      const replacement = await insertSavedMethod(db(), removed.userId, { outcome: 'succeeds' }, '5555');
      expect(await db().transaction((tx) => resumeWithMethod(tx, removed.userId, replacement, AT_DUE))).toEqual([removed.subscriptionId]);
      expect(await subscriptionOf(removed.subscriptionId)).toMatchObject({ status: 'active', paymentMethodId: replacement });
    });

    it('a skipped product is left out of its delivery, then un-skipped and moved by its frequency', async () => {
      const { userId, subscriptionId } = await subscriber({ shampoo: 4, conditioner: 4 });
      await db()
        .update(subscriptionProducts)
        .set({ skipped: true })
        .where(and(eq(subscriptionProducts.subscriptionId, subscriptionId), eq(subscriptionProducts.type, 'conditioner')));
      clock.set(AT_DUE);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('renewed');
      const [order] = await renewalOrders(userId);
      expect((await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id))).map((l) => l.type)).toEqual(['shampoo']);
      expect((await productsOf(subscriptionId)).map((p) => [p.type, p.skipped, p.nextStart])).toEqual([
        ['conditioner', false, addDays('2026-03-02', 56)],
        ['shampoo', false, addDays('2026-03-02', 56)],
      ]);
    });

    it('spec 001 §4 onhold reasons: a sold-out fragrance holds the subscription with invalid_fragrance and charges nothing', async () => {
      const { userId, subscriptionId } = await subscriber({ shampoo: 4 });
      await db().update(hairProfiles).set({ isFragranceSoldout: true }).where(eq(hairProfiles.userId, userId));
      clock.set(AT_DUE);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('invalid_fragrance');
      expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: 'onhold', statusReason: 'invalid_fragrance' });
      expect(await renewalOrders(userId)).toEqual([]);
      expect(await renewSubscription(one, subscriptionId, AT_DUE)).toBe('onhold');
      expect(await chargesOf(userId)).toEqual([]);
    });
  });
}
