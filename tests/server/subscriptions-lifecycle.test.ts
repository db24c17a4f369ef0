import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import type { Database } from '../../server/db/database';
import {
  hairProfiles,
  orders,
  outbox,
  paymentMethods,
  scheduledJobs,
  subscriptionCoupons,
  subscriptionEvents,
  subscriptionProducts,
  subscriptionRenewals,
  subscriptions,
  testProviderCharges,
  users,
} from '../../server/db/schema';
import { outboxOnlyMailer } from '../../server/mail/mailer';
import type { PaymentProvider } from '../../server/payments/payment-provider';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { Services } from '../../server/services';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { compileLogReasons } from '../../server/subscriptions/log-reasons';
import { renewSubscription } from '../../server/subscriptions/renew';
import { shipNow as shipNowOf } from '../../server/subscriptions/ship-now';
import { addDays, addWeeks, renewalInstant, RENEW_SUBSCRIPTION_JOB, UPCOMING_RENEWAL_JOB } from '../../server/subscriptions/schedule';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from './support/databases';
import type { LineName } from './support/fulfilment-orders';
import { insertSavedMethod, paidSubscriptionOrder, PUBLIC_URL, shopServices } from './support/subscribers';
import { createTestApp, signUpCustomer, startGuest, testClock, TEST_SECRET, type TestApp } from './support/test-app';

const flows = loadProfileFlows('flows');
const PAID_DAY = '2026-03-02';
const PAID = new Date(`${PAID_DAY}T10:00:00Z`);
const SHAMPOO_DAY = addDays(PAID_DAY, 28);
const CONDITIONER_DAY = addDays(PAID_DAY, 56);
const AT_SHAMPOO_DAY = renewalInstant(SHAMPOO_DAY);

/** A point a payment waits at until the test lets it go (to force a renewal and a request to interleave). */
function gate() {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, released, reach, release, open: false };
}

describeEachDatabase(
  'a subscription’s life: cancel, retention offers, resubscribe, ship now (issue 27 items 3, 7, "Security"; spec 001 §3, §4, §5, §7, §8)',
  (database) => {
    const db = () => database().db;
    const clock = testClock(PAID);
    let t: TestApp;
    let services: Services;
    /** When set, every charge waits at it. */
    let held: ReturnType<typeof gate> | null = null;

    beforeAll(async () => {
      await seedCatalogue(db(), loadCatalogue());
      const base = createTestProvider({ db: db(), secret: TEST_SECRET, clock, actionUrl: (id) => id });
      const payments: PaymentProvider = {
        ...base,
        charge: async (request) => {
          const waiting = held;
          if (waiting) {
            waiting.reach();
            await waiting.released;
          }
          return base.charge(request);
        },
      };
      t = createTestApp(db(), { clock, flows, payments });
      services = shopServices({ db: db(), clock, mailer: outboxOnlyMailer, flows, payments });
    });

    async function subscriber(
      subscribed: Partial<Record<LineName, number>> = { shampoo: 4, conditioner: 8 },
      card: Parameters<typeof insertSavedMethod>[2] = { outcome: 'succeeds' },
    ) {
      const { access: token, email } = await signUpCustomer(t);
      const [user] = await db().select().from(users).where(eq(users.email, email));
      const rosa = personas.find((p) => p.name === 'Rosa')!;
      await db().insert(hairProfiles).values({ userId: user!.id, answers: rosa.answers }).onConflictDoNothing();
      const methodId = await insertSavedMethod(db(), user!.id, card);
      await paidSubscriptionOrder(db(), user!.id, { lines: Object.keys(subscribed) as LineName[], subscribed, paidAt: PAID });
      await adoptPaidOrders(db(), { now: PAID, publicUrl: PUBLIC_URL });
      const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
      return { token, email, userId: user!.id, methodId, id: row!.id, pubkey: row!.pubkey };
    }
    type Subscriber = Awaited<ReturnType<typeof subscriber>>;
    const rowOf = async (id: number) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
    const productsOf = (id: number) =>
      db().select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id)).orderBy(subscriptionProducts.type);
    const jobsOf = async (id: number) =>
      (
        await db()
          .select()
          .from(scheduledJobs)
          .where(and(inArray(scheduledJobs.name, [RENEW_SUBSCRIPTION_JOB, UPCOMING_RENEWAL_JOB]), eq(scheduledJobs.key, `subscription:${id}`)))
      )
        .map((j) => [j.name, j.dueAt.toISOString()])
        .sort();
    const eventsOf = (id: number) => db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(subscriptionEvents.id);
    const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
    const chargesOf = async (userId: number) => {
      const keys = (await ordersOf(userId)).map((o) => `order:${o.pubkey}`);
      return db().select().from(testProviderCharges).where(inArray(testProviderCharges.idempotencyKey, keys));
    };
    const snapshot = async (s: Subscriber) => ({
      row: await rowOf(s.id),
      products: await productsOf(s.id),
      jobs: await jobsOf(s.id),
      events: await eventsOf(s.id),
      coupons: await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id)),
      orders: await ordersOf(s.userId),
    });
    const mailsTo = async (to: string, kind: string) => (await db().select().from(outbox).where(eq(outbox.recipient, to))).filter((m) => m.kind === kind);
    const cancel = (s: Subscriber, body: unknown = { reason: 'too_expensive' }) =>
      t.call('POST', `/v2/subscriptions/${s.pubkey}/cancel`, { token: s.token, body });
    const retention = (s: Subscriber, reason?: string) =>
      t.call('GET', `/v2/subscriptions/${s.pubkey}/retention${reason === undefined ? '' : `?reason=${reason}`}`, { token: s.token });
    const accept = (s: Subscriber, offer: string) => t.call('POST', `/v2/subscriptions/${s.pubkey}/retention`, { token: s.token, body: { offer } });
    const shipNow = (s: Subscriber, body: unknown = {}) => t.call('POST', `/v2/subscriptions/${s.pubkey}/shipnow/`, { token: s.token, body });

    it('spec 001 §3 "Subscription log reasons", §7: GET /v1/subscription_log_reasons lists the cancel and snooze reasons, each with its label and whether a comment is asked; the file is checked with file:line:column', async () => {
      const reasons = await t.call('GET', '/v1/subscription_log_reasons');
      expect(reasons.status).toBe(200);
      expect(reasons.body.filter((r: { kind: string }) => r.kind === 'cancel').map((r: { slug: string }) => r.slug)).toEqual([
        'too_expensive',
        'too_much_product',
        'not_working',
        'ingredient_reaction',
        'moving',
        'prefer_one_time',
        'other',
      ]);
      expect(reasons.body.find((r: { slug: string }) => r.slug === 'other')).toEqual({
        slug: 'other',
        label: 'Something else',
        kind: 'cancel',
        comment: 'required',
      });
      expect(reasons.body.some((r: { kind: string }) => r.kind === 'snooze')).toBe(true);
      const broken = compileLogReasons(
        '- slug: moving\n  label: Moving\n  kind: cancel\n  comment: none\n- slug: moving\n  label: Again\n  kind: pause\n  comment: none\n',
        'reasons.yaml',
      );
      expect(broken.table).toBeUndefined();
      expect(broken.problems.map((p) => [p.location.line, p.message])).toEqual([[7, 'Expected cancel or snooze.']]);
      const twice = compileLogReasons(
        '- slug: moving\n  label: Moving\n  kind: cancel\n  comment: none\n- slug: moving\n  label: Again\n  kind: cancel\n  comment: none\n',
        'reasons.yaml',
      );
      expect(twice.problems.map((p) => [p.location.line, p.message])).toEqual([[5, 'The slug "moving" is used twice.']]);
    });

    it('spec 001 §4 "Cancel": the subscription comes back canceled (canceled_at set), the reason and comment are logged, its renewal job and upcoming-renewal mail are removed, the "canceled" mail goes, and no renewal charges it after', async () => {
      clock.set(PAID);
      const s = await subscriber();
      expect(await jobsOf(s.id)).toEqual([
        [RENEW_SUBSCRIPTION_JOB, AT_SHAMPOO_DAY.toISOString()],
        [UPCOMING_RENEWAL_JOB, renewalInstant(addDays(SHAMPOO_DAY, -3)).toISOString()],
      ]);
      const version = (await rowOf(s.id)).version;
      const canceled = await cancel(s, { reason: 'other', comment: 'Trying something else for a while.' });
      expect(canceled.status).toBe(200);
      expect(canceled.body).toMatchObject({ pubkey: s.pubkey, status: 'canceled', status_reason: null, canceled_at: PAID.toISOString(), version: version + 1 });
      expect(canceled.body.regular_products.every((p: { can_skip: boolean }) => !p.can_skip)).toBe(true);
      expect((await eventsOf(s.id)).map((e) => [e.kind, e.reason, e.comment])).toEqual([['canceled', 'other', 'Trying something else for a while.']]);
      expect(await jobsOf(s.id)).toEqual([]);
      const [mail] = await mailsTo(s.email, 'subscription_canceled');
      expect(mail!.subject).toBe('Your hair care subscription is canceled');
      expect(mail!.textBody).toContain(`${PUBLIC_URL}/account/subscription/haircare`);
      // The list answers the same (spec 001 §4 "the entry is replaced by the server result").
      expect((await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token })).body).toEqual(canceled.body);

      const again = await cancel(s);
      expect(again.status).toBe(422);
      expect(again.body.code).toBe('subscription_not_current');
      expect(await renewSubscription(services, s.id, AT_SHAMPOO_DAY)).toBe('canceled');
      expect(await chargesOf(s.userId)).toHaveLength(0);
      expect((await ordersOf(s.userId)).filter((o) => o.idempotencyKey.startsWith('renewal:'))).toEqual([]);
    });

    it('spec 001 §4 "Cancel": an unknown reason, a snooze reason, a missing reason, or no comment where the reason asks for one is 400 naming the field, and nothing is saved', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const before = await snapshot(s);
      const cases: [unknown, string][] = [
        [{ reason: 'bored' }, 'reason'],
        [{ reason: 'travelling' }, 'reason'],
        [{}, 'reason'],
        [{ reason: '' }, 'reason'],
        [{ reason: 'other' }, 'comment'],
        [{ reason: 'other', comment: '   ' }, 'comment'],
        [{ reason: 'moving', extra: true }, 'extra'],
      ];
      for (const [body, field] of cases) {
        const refused = await cancel(s, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.code).toBe('validation_error');
        expect(Object.keys(refused.body.fields ?? { extra: [] }), JSON.stringify(body)).toEqual([field]);
      }
      expect(await snapshot(s)).toEqual(before);
      expect(await mailsTo(s.email, 'subscription_canceled')).toEqual([]);
      // The other calls' bodies: 400 naming the field, nothing saved.
      for (const [path, body, field] of [
        ['retention', { offer: 5 }, 'offer'],
        ['retention', {}, 'offer'],
        ['retention', { offer: 'coupon_20', extra: 1 }, 'extra'],
        ['shipnow/', { version: 'x' }, 'version'],
        ['shipnow/', { version: 0 }, 'version'],
      ] as const) {
        const refused = await t.call('POST', `/v2/subscriptions/${s.pubkey}/${path}`, { token: s.token, body });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(refused.body.fields ?? { extra: [] }), JSON.stringify(body)).toEqual([field]);
      }
      expect(await snapshot(s)).toEqual(before);
    });

    it('only the owner: every call of a subscription’s life is 404 for another account and a guest (nothing changes), 401 without a token', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const canceledOne = await subscriber({ cleanser: 4 });
      expect((await cancel(canceledOne)).status).toBe(200);
      const other = await signUpCustomer(t);
      const guest = await startGuest(t);
      const before = [await snapshot(s), await snapshot(canceledOne)];
      const calls = (token: string | null) => [
        t.call('POST', `/v2/subscriptions/${s.pubkey}/cancel`, { token, body: { reason: 'moving' } }),
        t.call('GET', `/v2/subscriptions/${s.pubkey}/retention`, { token }),
        t.call('GET', `/v2/subscriptions/${s.pubkey}/retention?reason=too_expensive`, { token }),
        t.call('POST', `/v2/subscriptions/${s.pubkey}/retention`, { token, body: { offer: 'coupon_20' } }),
        t.call('POST', `/v2/subscriptions/${s.pubkey}/retention`, { token, body: { offer: 'snooze_30' } }),
        t.call('POST', `/v2/subscriptions/${s.pubkey}/shipnow/`, { token, body: {} }),
        t.call('POST', `/v2/subscriptions/${canceledOne.pubkey}/resubscribe/`, { token }),
      ];
      for (const token of [other.access, guest.access]) {
        for (const answer of await Promise.all(calls(token))) {
          expect(answer.status).toBe(404);
          expect(answer.body.code).toBe('not_found');
        }
      }
      for (const answer of await Promise.all(calls(null))) expect(answer.status).toBe(401);
      expect((await t.call('POST', '/v2/subscriptions/sub_nothing/cancel', { token: s.token, body: { reason: 'moving' } })).status).toBe(404);
      expect([await snapshot(s), await snapshot(canceledOne)]).toEqual(before);
      expect(await chargesOf(s.userId)).toHaveLength(0);
    });

    it('issue 27 "Security": a cancel sent while a renewal is being charged waits for it, then cancels: the box paid a moment before is the last, and no renewal is scheduled', async () => {
      clock.set(PAID);
      const s = await subscriber();
      held = gate();
      const waiting = held;
      const renewal = renewSubscription(services, s.id, AT_SHAMPOO_DAY);
      await waiting.reached;
      let letGo = false;
      const canceling = cancel(s).then((answer) => ({ answer, afterRelease: letGo }));
      // The cancel is in: it waits under no lock for the renewal's charge (a renewal row pending).
      await expect
        .poll(async () => (await db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, s.id))).map((r) => r.status))
        .toEqual(['pending']);
      letGo = true;
      held = null;
      waiting.release();
      expect(await renewal).toBe('renewed');
      const { answer, afterRelease } = await canceling;
      expect(afterRelease).toBe(true);
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('canceled');
      expect((await chargesOf(s.userId)).map((c) => c.status)).toEqual(['succeeded']);
      expect(await jobsOf(s.id)).toEqual([]);
      // The next due day finds it canceled.
      expect(await renewSubscription(services, s.id, renewalInstant(CONDITIONER_DAY))).toBe('canceled');
      expect(await chargesOf(s.userId)).toHaveLength(1);
    });

    it('issue 27 "Security": a cancel that a renewal being charged keeps waiting too long is refused (409 subscription_changed, try again) and nothing changes; then it goes through', async () => {
      clock.set(PAID);
      const s = await subscriber();
      held = gate();
      const waiting = held;
      const renewal = renewSubscription(services, s.id, AT_SHAMPOO_DAY);
      await waiting.reached;
      const before = (await rowOf(s.id)).status;
      const refused = await cancel(s);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('subscription_changed');
      expect((await rowOf(s.id)).status).toBe(before);
      expect(await eventsOf(s.id)).toEqual([]);
      held = null;
      waiting.release();
      expect(await renewal).toBe('renewed');
      expect((await cancel(s)).status).toBe(200);
      expect(await chargesOf(s.userId)).toHaveLength(1);
    }, 20_000);

    it('issue 27 "Security": removing the card a renewal is being charged to waits for that charge (DELETE /v1/account/payments/{id}/); the next renewal then charges nothing and holds the subscription', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, s.methodId));
      held = gate();
      const waiting = held;
      const renewal = renewSubscription(services, s.id, AT_SHAMPOO_DAY);
      await waiting.reached;
      let letGo = false;
      const removing = t.call('DELETE', `/v1/account/payments/${method!.pubkey}/`, { token: s.token }).then((answer) => ({ answer, afterRelease: letGo }));
      await expect
        .poll(async () => (await db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, s.id))).map((r) => r.status))
        .toEqual(['pending']);
      letGo = true;
      held = null;
      waiting.release();
      expect(await renewal).toBe('renewed');
      const { answer, afterRelease } = await removing;
      expect(answer.status).toBe(204);
      expect(afterRelease).toBe(true);
      expect((await db().select().from(paymentMethods).where(eq(paymentMethods.id, s.methodId)))[0]!.deletedAt).not.toBeNull();
      expect(await renewSubscription(services, s.id, renewalInstant(CONDITIONER_DAY))).toBe('no_payment_method');
      expect(await chargesOf(s.userId)).toHaveLength(1);
      expect(await rowOf(s.id)).toMatchObject({ status: 'onhold', statusReason: 'payment_error' });
    });

    it('issue 27 "Security": a card removal that a renewal being charged keeps waiting too long is refused (409 subscription_changed), the card kept; another card of theirs is removed at once', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const spare = await insertSavedMethod(db(), s.userId, { outcome: 'succeeds' }, '1111');
      const pubkeyOf = async (id: number) => (await db().select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]!.pubkey;
      held = gate();
      const waiting = held;
      const renewal = renewSubscription(services, s.id, AT_SHAMPOO_DAY);
      await waiting.reached;
      const refused = await t.call('DELETE', `/v1/account/payments/${await pubkeyOf(s.methodId)}/`, { token: s.token });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('subscription_changed');
      expect((await db().select().from(paymentMethods).where(eq(paymentMethods.id, s.methodId)))[0]!.deletedAt).toBeNull();
      // A card no subscription of theirs uses does not wait.
      expect((await t.call('DELETE', `/v1/account/payments/${await pubkeyOf(spare)}/`, { token: s.token })).status).toBe(204);
      held = null;
      waiting.release();
      expect(await renewal).toBe('renewed');
      expect((await t.call('DELETE', `/v1/account/payments/${await pubkeyOf(s.methodId)}/`, { token: s.token })).status).toBe(204);
    }, 20_000);

    it('issue 27 item 7: a card added (POST /v1/account/payments/) or chosen as default resumes a subscription held by its payment, its renewal due at its date', async () => {
      clock.set(PAID);
      const s = await subscriber();
      await db().update(subscriptions).set({ status: 'onhold', statusReason: 'payment_error', failedCharges: 4 }).where(eq(subscriptions.id, s.id));
      await db()
        .delete(scheduledJobs)
        .where(eq(scheduledJobs.key, `subscription:${s.id}`));
      const tokenized = await t.call('POST', '/v1/payments/test/tokenize', {
        body: { card: { number: '5555 5555 5555 4444', exp_month: 12, exp_year: 2031, cvc: '123', name: 'Ada Lovelace' } },
      });
      const added = await t.call('POST', '/v1/account/payments/', { token: s.token, body: { token: tokenized.body.token } });
      expect(added.status).toBe(201);
      expect(await rowOf(s.id)).toMatchObject({ status: 'active', statusReason: null, failedCharges: 0 });
      expect((await t.call('GET', `/v2/subscriptions/${s.pubkey}`, { token: s.token })).body.payment_source).toBe(added.body.id);
      expect((await jobsOf(s.id))[0]).toEqual([RENEW_SUBSCRIPTION_JOB, AT_SHAMPOO_DAY.toISOString()]);

      // Held again: choosing the other card as default resumes it with that card.
      await db().update(subscriptions).set({ status: 'onhold', statusReason: 'payment_error' }).where(eq(subscriptions.id, s.id));
      const [first] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, s.methodId));
      const chosen = await t.call('POST', '/v1/account/payments/select_as_default/', {
        token: s.token,
        body: { payment_id: first!.pubkey, payment_mode: 'charge' },
      });
      expect(chosen.status).toBe(200);
      expect(await rowOf(s.id)).toMatchObject({ status: 'active', paymentMethodId: s.methodId });
    });

    it('spec 001 §4 invalid_fragrance: choosing a fragrance again (the profile’s save that clears is_fragrance_soldout) resumes a subscription the sold-out fragrance held, its renewal scheduled', async () => {
      clock.set(PAID);
      const s = await subscriber();
      await db().update(hairProfiles).set({ isFragranceSoldout: true }).where(eq(hairProfiles.userId, s.userId));
      await db().update(subscriptions).set({ status: 'onhold', statusReason: 'invalid_fragrance' }).where(eq(subscriptions.id, s.id));
      await db()
        .delete(scheduledJobs)
        .where(eq(scheduledJobs.key, `subscription:${s.id}`));
      const other = await subscriber({ cleanser: 4 });
      await db().update(subscriptions).set({ status: 'onhold', statusReason: 'invalid_fragrance' }).where(eq(subscriptions.id, other.id));
      const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: s.token, body: { pref_fragrance_free: true } });
      expect(saved.status).toBe(200);
      expect(await rowOf(s.id)).toMatchObject({ status: 'active', statusReason: null });
      expect((await jobsOf(s.id))[0]).toEqual([RENEW_SUBSCRIPTION_JOB, AT_SHAMPOO_DAY.toISOString()]);
      expect((await rowOf(other.id)).status).toBe('onhold');
    });

    it('spec 001 §4 "Retention-action check": GET …/retention offers a coupon, snoozes within the 90-day rule and longer frequencies the products offer, by the cancel reason; an unknown reason is 400 on reason, a canceled subscription 422', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const all = await retention(s);
      expect(all.status).toBe(200);
      expect(all.body.offers.map((o: { id: string }) => o.id)).toEqual(['coupon_20', 'snooze_30', 'snooze_60', 'frequency_8', 'frequency_12']);
      expect(all.body.offers[0]).toEqual({
        id: 'coupon_20',
        kind: 'coupon',
        title: '20% off your next box',
        detail: expect.any(String),
        percent_off: 20,
        days: null,
        frequency: null,
      });
      expect(all.body.offers[1]).toMatchObject({ kind: 'snooze', days: 30, percent_off: null, frequency: null });
      expect(all.body.offers[4]).toMatchObject({ kind: 'frequency', frequency: 12, days: null });
      const ids = async (reason: string) => (await retention(s, reason)).body.offers.map((o: { id: string }) => o.id);
      expect(await ids('too_much_product')).toEqual(['snooze_30', 'snooze_60', 'frequency_8', 'frequency_12']);
      expect(await ids('too_expensive')).toEqual(['coupon_20', 'snooze_30', 'snooze_60']);
      expect(await ids('ingredient_reaction')).toEqual([]);
      const unknown = await retention(s, 'bored');
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.fields)).toEqual(['reason']);

      // Spec 001 §5: the next delivery (the shampoo's, 28 days on) snoozed 14 days: 60 more would pass 90 days after today.
      expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/snooze/`, { token: s.token, body: { days: 14 } })).status).toBe(200);
      expect(await ids('moving')).toEqual(['snooze_30']);
      // Supplements come every 4 weeks only: no frequency offer.
      const supplements = await subscriber({ supplements: 4 });
      expect((await retention(supplements, 'too_much_product')).body.offers.map((o: { id: string }) => o.id)).toEqual(['snooze_30', 'snooze_60']);
      expect((await cancel(s)).status).toBe(200);
      expect((await retention(s)).status).toBe(422);
    });

    it('spec 001 §4 "Retention-action check": the coupon offer puts 20% off the next charge: the ticket holds an offer coupon from the cancellation flow (also after a refetch by preview), the forecast shows it on the first charge only, the renewal charges it once; accepted twice it does not stack', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const plain = (await t.call('POST', `/v2/subscriptions/${s.pubkey}/forecast`, { token: s.token })).body;
      const accepted = await accept(s, 'coupon_20');
      expect(accepted.status).toBe(200);
      expect(Object.keys(accepted.body).sort()).toEqual(['forecast', 'gwps', 'subscribed_products', 'subscription', 'ticket']);
      const offerLine = accepted.body.ticket.coupons.find((c: { property: string }) => c.property === 'offer');
      expect(offerLine).toMatchObject({ property: 'offer', origin: 'cancellation_flow', label: expect.stringContaining('20% off') });
      expect(offerLine.total_price).toBeLessThan(0);
      const [first, second] = accepted.body.forecast.forecast;
      // 20% of what the box costs after the subscription saving.
      const saved = plain.forecast[0].total_price - plain.forecast[0].total_discount;
      expect(first.offer).toEqual({ label: offerLine.label, percent_off: 20, amount: Math.round(saved * 20) / 100 });
      expect(-offerLine.total_price).toBe(first.offer.amount);
      expect(first.total_amount).toBeLessThan(plain.forecast[0].total_amount);
      expect(second.offer).toBeUndefined();
      expect(second.total_amount).toBe(plain.forecast[1].total_amount);
      expect(accepted.body.ticket.coupons.find((c: { property: string }) => c.property === 'subscription').total_price).toBe(-plain.forecast[0].total_discount);
      expect((await eventsOf(s.id)).map((e) => [e.kind, e.offer])).toEqual([['offer_accepted', 'coupon_20']]);

      // The client refetches the ticket: a preview with no change answers the current one, coupon included.
      const refetched = await t.call('POST', `/v2/subscriptions/${s.pubkey}/preview`, { token: s.token, body: { regular_products: [] } });
      expect(refetched.status).toBe(200);
      expect(refetched.body.ticket).toEqual(accepted.body.ticket);

      // Twice: the same answer, one coupon (no stacking); no longer offered.
      const twice = await accept(s, 'coupon_20');
      expect(twice.status).toBe(200);
      expect(twice.body.ticket).toEqual(accepted.body.ticket);
      expect(await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id))).toHaveLength(1);
      expect((await retention(s)).body.offers.map((o: { id: string }) => o.id)).not.toContain('coupon_20');

      // The renewal charges it once, as forecast; then it is gone.
      expect(await renewSubscription(services, s.id, AT_SHAMPOO_DAY)).toBe('renewed');
      const [order] = (await ordersOf(s.userId)).filter((o) => o.idempotencyKey.startsWith('renewal:'));
      expect(order!.totalAmount).toBe(Math.round(first.total_amount * 100));
      expect(order!.totalDiscount).toBe(Math.round(first.total_discount * 100));
      const [coupon] = await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id));
      expect(coupon).toMatchObject({ orderId: order!.id, usedAt: AT_SHAMPOO_DAY });
      const after = (await t.call('POST', `/v2/subscriptions/${s.pubkey}/forecast`, { token: s.token })).body;
      expect(after.forecast.every((c: { offer?: unknown }) => c.offer === undefined)).toBe(true);
      const used = await accept(s, 'coupon_20');
      expect(used.status).toBe(400);
      expect(Object.keys(used.body.fields)).toEqual(['offer']);
    });

    it('a declined renewal keeps the coupon for its retry, which spends it', async () => {
      clock.set(PAID);
      const s = await subscriber({ shampoo: 4 }, { outcome: 'declined', code: 'insufficient_funds' });
      expect((await accept(s, 'coupon_20')).status).toBe(200);
      expect(await renewSubscription(services, s.id, AT_SHAMPOO_DAY)).toBe('declined');
      expect((await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id)))[0]!.usedAt).toBeNull();
      const card = await insertSavedMethod(db(), s.userId, { outcome: 'succeeds' }, '5555');
      await db().update(subscriptions).set({ paymentMethodId: card }).where(eq(subscriptions.id, s.id));
      expect(await renewSubscription(services, s.id, renewalInstant(addDays(SHAMPOO_DAY, 1)))).toBe('renewed');
      const paid = (await ordersOf(s.userId)).filter((o) => o.idempotencyKey.startsWith('renewal:') && o.status === 'paid');
      const [coupon] = await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id));
      expect(coupon!.orderId).toBe(paid[0]!.id);
      expect(coupon!.usedAt).not.toBeNull();
    });

    it('spec 001 §4, §5: a snooze offer is the snooze (the next delivery moves, "Cannot snooze beyond 90 days" kept), a frequency offer is PATCH’s change; an offer not available is 400 on offer and nothing changes', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const snoozed = await accept(s, 'snooze_30');
      expect(snoozed.status).toBe(200);
      // Spec 001 §4: a snooze succeeded if next_start differs from the old start date.
      expect(snoozed.body.subscription.next_start).toBe(addDays(SHAMPOO_DAY, 30));
      expect((await productsOf(s.id)).map((p) => p.nextStart)).toEqual([addDays(CONDITIONER_DAY, 30), addDays(SHAMPOO_DAY, 30)]);
      const before = await snapshot(s);
      for (const offer of ['snooze_60', 'frequency_4', 'everything_free', ''])
        expect(Object.keys((await accept(s, offer)).body.fields ?? {}), offer).toEqual(['offer']);
      expect(await snapshot(s)).toEqual(before);
      const slower = await accept(s, 'frequency_12');
      expect(slower.status).toBe(200);
      expect(slower.body.subscription.regular_products.map((p: { type: string; frequency: number }) => [p.type, p.frequency])).toEqual([
        ['shampoo', 12],
        ['conditioner', 12],
      ]);
      expect((await eventsOf(s.id)).map((e) => e.offer)).toEqual(['snooze_30', 'frequency_12']);
    });

    it('spec 001 §4 resubscribe: a canceled subscription is active again, its products due the next day and its renewal scheduled; refused (422 subscription_exists) while a current one holds its category, and (422 no_payment_method) with no live card', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const active = await t.call('POST', `/v2/subscriptions/${s.pubkey}/resubscribe/`, { token: s.token });
      expect(active.status).toBe(422);
      expect(active.body.code).toBe('subscription_exists');
      expect((await cancel(s)).status).toBe(200);
      const tomorrow = addDays(PAID_DAY, 1);
      const back = await t.call('POST', `/v2/subscriptions/${s.pubkey}/resubscribe/`, { token: s.token });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ status: 'active', canceled_at: null, next_start: tomorrow });
      expect(back.body.regular_products.map((p: { next_start: string; skipped: boolean }) => [p.next_start, p.skipped])).toEqual([
        [tomorrow, false],
        [tomorrow, false],
      ]);
      expect((await jobsOf(s.id))[0]).toEqual([RENEW_SUBSCRIPTION_JOB, renewalInstant(tomorrow).toISOString()]);
      expect((await eventsOf(s.id)).map((e) => e.kind)).toEqual(['canceled', 'resubscribed']);

      // Another current subscription of the category (a new checkout after the cancel): no resubscribe.
      expect((await cancel(s)).status).toBe(200);
      await paidSubscriptionOrder(db(), s.userId, { lines: ['shampoo'], subscribed: { shampoo: 4 }, paidAt: PAID });
      await adoptPaidOrders(db(), { now: PAID, publicUrl: PUBLIC_URL });
      const before = await snapshot(s);
      const exists = await t.call('POST', `/v2/subscriptions/${s.pubkey}/resubscribe/`, { token: s.token });
      expect(exists.status).toBe(422);
      expect(exists.body.code).toBe('subscription_exists');
      expect(await snapshot(s)).toEqual(before);

      const other = await subscriber({ cleanser: 4 });
      expect((await cancel(other)).status).toBe(200);
      await db().update(paymentMethods).set({ deletedAt: PAID }).where(eq(paymentMethods.userId, other.userId));
      const beforeOther = await snapshot(other);
      const noCard = await t.call('POST', `/v2/subscriptions/${other.pubkey}/resubscribe/`, { token: other.token });
      expect(noCard.status).toBe(422);
      expect(noCard.body.code).toBe('no_payment_method');
      expect(await snapshot(other)).toEqual(beforeOther);
      // Its own card removed, another live one is used.
      const card = await insertSavedMethod(db(), other.userId, { outcome: 'succeeds' }, '5555');
      expect((await t.call('POST', `/v2/subscriptions/${other.pubkey}/resubscribe/`, { token: other.token })).status).toBe(200);
      expect((await rowOf(other.id)).paymentMethodId).toBe(card);
    });

    it('spec 001 §3 "Ship-now order", §4: ship now orders and charges the next delivery’s products at once, moves them by their frequency from today and the renewal job with them; a retry with the same version answers the same order (one order, one charge)', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const version = (await rowOf(s.id)).version;
      const shipped = await shipNow(s, { version });
      expect(shipped.status).toBe(200);
      expect(shipped.body.pubkey).toMatch(/^ord_/);
      const [order] = await ordersOf(s.userId).then((all) => all.filter((o) => o.pubkey === shipped.body.pubkey));
      expect(order).toMatchObject({ status: 'paid', isSubscription: true, totalShipping: 0 });
      const listed = await t.call('GET', `/v2/orders/${shipped.body.pubkey}`, { token: s.token });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((i: { variant: { type: string } }) => i.variant.type)).toEqual(['shampoo']);
      expect((await productsOf(s.id)).map((p) => [p.type, p.nextStart])).toEqual([
        ['conditioner', CONDITIONER_DAY],
        ['shampoo', addWeeks(PAID_DAY, 4)],
      ]);
      expect((await jobsOf(s.id))[0]).toEqual([RENEW_SUBSCRIPTION_JOB, renewalInstant(addWeeks(PAID_DAY, 4)).toISOString()]);
      expect((await rowOf(s.id)).version).toBe(version + 1);
      // No subscription of its own comes of it.
      expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, s.userId))).toHaveLength(1);

      const retried = await shipNow(s, { version });
      expect(retried.status).toBe(200);
      expect(retried.body.pubkey).toBe(shipped.body.pubkey);
      expect(await chargesOf(s.userId)).toHaveLength(1);
      expect((await productsOf(s.id)).map((p) => p.nextStart)).toEqual([CONDITIONER_DAY, addWeeks(PAID_DAY, 4)]);
      const stale = await shipNow(s, { version: version + 5 });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('subscription_changed');
    });

    it('ship now sent twice at once (the same version): one order, one charge, the dates moved once', async () => {
      clock.set(PAID);
      const s = await subscriber();
      const version = (await rowOf(s.id)).version;
      const both = await Promise.all([shipNow(s, { version }), shipNow(s, { version })]);
      expect(both.map((a) => a.status)).toEqual([200, 200]);
      expect(both[0]!.body.pubkey).toBe(both[1]!.body.pubkey);
      expect((await ordersOf(s.userId)).filter((o) => o.idempotencyKey.includes('shipnow'))).toHaveLength(1);
      expect(await chargesOf(s.userId)).toHaveLength(1);
      expect((await productsOf(s.id)).map((p) => p.nextStart)).toEqual([CONDITIONER_DAY, addWeeks(PAID_DAY, 4)]);
      expect((await rowOf(s.id)).version).toBe(version + 1);
    });

    it('spec 001 §8 "a payment-related code is flagged": a declined card is 402 card_declined and nothing moves; a skipped product stays out of the box; a canceled subscription is 422', async () => {
      clock.set(PAID);
      const declined = await subscriber({ shampoo: 4 }, { outcome: 'declined', code: 'insufficient_funds' });
      const before = await productsOf(declined.id);
      const refused = await shipNow(declined);
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe('card_declined');
      expect(await productsOf(declined.id)).toEqual(before);
      expect((await rowOf(declined.id)).status).toBe('active');
      expect((await shipNow(declined)).status).toBe(402);
      expect(await chargesOf(declined.userId)).toHaveLength(1);

      const s = await subscriber();
      expect((await t.call('POST', `/v2/subscriptions/${s.pubkey}/skip/`, { token: s.token, body: { product: 'shampoo' } })).status).toBe(200);
      const shipped = await shipNow(s);
      expect(shipped.status).toBe(200);
      const items = (await t.call('GET', `/v2/orders/${shipped.body.pubkey}`, { token: s.token })).body.items.map(
        (i: { variant: { type: string } }) => i.variant.type,
      );
      expect(items).toEqual(['conditioner']);
      expect((await productsOf(s.id)).map((p) => [p.type, p.nextStart, p.skipped])).toEqual([
        ['conditioner', addWeeks(PAID_DAY, 8), false],
        ['shampoo', SHAMPOO_DAY, true],
      ]);

      expect((await cancel(s)).status).toBe(200);
      const canceled = await shipNow(s);
      expect(canceled.status).toBe(422);
      expect(canceled.body.code).toBe('subscription_not_current');
    });

    it('a ship-now whose request died after its charge is concluded by the next renewal run: its products move first, so that box is not made twice', async () => {
      clock.set(PAID);
      const s = await subscriber({ shampoo: 4 });
      const shipDay = addDays(PAID_DAY, 7);
      // The request's database, whose third transaction (after recording, then the paid outcome) dies.
      let calls = 0;
      const dying: Database = Object.create(services.db);
      dying.transaction = (async (fn: never) => {
        calls += 1;
        if (calls === 3) throw new Error('process died');
        return services.db.transaction(fn);
      }) as Database['transaction'];
      clock.set(new Date(`${shipDay}T12:00:00Z`));
      await expect(shipNowOf({ ...services, db: dying }, s.userId, s.pubkey, undefined)).rejects.toThrow('process died');
      expect((await eventsOf(s.id)).map((e) => [e.kind, e.state])).toEqual([['ship_now', 'pending']]);
      expect((await productsOf(s.id))[0]!.nextStart).toBe(SHAMPOO_DAY);
      // The shampoo's renewal day: the ship-now is concluded first (the shampoo moves to a frequency after it), nothing is due.
      expect(await renewSubscription(services, s.id, AT_SHAMPOO_DAY)).toBe('not_due');
      expect((await eventsOf(s.id)).map((e) => [e.kind, e.state])).toEqual([['ship_now', 'done']]);
      expect((await productsOf(s.id))[0]!.nextStart).toBe(addWeeks(shipDay, 4));
      expect((await ordersOf(s.userId)).map((o) => o.status)).toEqual(['paid', 'paid']);
      expect(await chargesOf(s.userId)).toHaveLength(1);
      clock.set(PAID);
    });

    it('ship now with a retention coupon spends it on that order', async () => {
      clock.set(PAID);
      const s = await subscriber({ shampoo: 4 });
      const ticket = (await accept(s, 'coupon_20')).body;
      const shipped = await shipNow(s);
      expect(shipped.status).toBe(200);
      const [order] = (await ordersOf(s.userId)).filter((o) => o.pubkey === shipped.body.pubkey);
      expect(order!.totalAmount).toBe(Math.round(ticket.forecast.forecast[0].total_amount * 100));
      expect((await db().select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, s.id)))[0]).toMatchObject({
        orderId: order!.id,
        usedAt: PAID,
      });
    });
  },
);
