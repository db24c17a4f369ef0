import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { createApiClient, createMemoryTokenStore, type Subscription } from '#api';
import { loadFlowFile } from '#engine/compiler';
import type { Answers, CompiledStep } from '#engine';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { hairProfiles, subscriptions, users } from '../../server/db/schema';
import { createTestProvider } from '../../server/payments/test-provider';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { adoptPaidOrders } from '../../server/subscriptions/from-order';
import { cancelSaving } from '../../app/subscription-cancel/cancel-adapters';
import { cancelMemory } from '../../app/subscription-cancel/cancel-memory';
import { requestStatuses } from '../../app/subscription-cancel/request-status';
import { currentFor } from '../../shop/subscriptions/subscription-rules';
import { personas } from '../fixtures/personas';
import { describeEachDatabase } from '../server/support/databases';
import { insertSavedMethod, paidSubscriptionOrder, PUBLIC_URL } from '../server/support/subscribers';
import { createTestApp, signUpCustomer, testClock, TEST_SECRET, type TestApp } from '../server/support/test-app';

// The cancel and retention flow's saves (app/subscription-cancel/cancel-adapters.ts) against the real server's calls
// (server/subscriptions/: log reasons, retention, cancel): the retention-action checks of spec 001 §4 made on what the
// server answers, not on mocks.
const flow = loadFlowFile('flows/subscription-cancel/haircare.yaml').flow!;
const step = (name: string): CompiledStep => flow.steps.find((s) => s.name === name)!;
const PAID = new Date('2026-03-02T10:00:00Z');

/** A session storage of our own (the unit tests run in Node). */
function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describeEachDatabase('the cancel flow on the real server (spec 001 §4 "Retention-action check", §7 cancel, retention)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    const db = database().db;
    await seedCatalogue(db, loadCatalogue());
    const clock = testClock(PAID);
    t = createTestApp(db, { clock, flows: loadProfileFlows('flows'), payments: createTestProvider({ db, secret: TEST_SECRET, clock, actionUrl: (id) => id }) });
  });

  /** A haircare subscriber (shampoo every 4 weeks, conditioner every 8), their API client and the flow's saves. */
  async function subscriber() {
    const db = database().db;
    const { access, refresh, email } = await signUpCustomer(t);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db
      .insert(hairProfiles)
      .values({ userId: user!.id, answers: personas.find((p) => p.name === 'Rosa')!.answers })
      .onConflictDoNothing();
    await insertSavedMethod(db, user!.id);
    await paidSubscriptionOrder(db, user!.id, { lines: ['shampoo', 'conditioner'], subscribed: { shampoo: 4, conditioner: 8 }, paidAt: PAID });
    await adoptPaidOrders(db, { now: PAID, publicUrl: PUBLIC_URL });
    const api = createApiClient({
      baseUrl: 'http://shop.test',
      fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
      tokens: createMemoryTokenStore({ user: { access, refresh } }),
      retries: 0,
    });
    const subscription = currentFor(await api.listSubscriptions(), 'haircare')!;
    expect(subscription.status).toBe('active');
    const statuses = requestStatuses();
    const report = vi.fn();
    const saving = cancelSaving({ api: async () => api, flow, subscription, memory: cancelMemory(subscription.pubkey, storage()), statuses, report });
    const rowOf = async () => (await db.select().from(subscriptions).where(eq(subscriptions.pubkey, subscription.pubkey)))[0]!;
    return { api, subscription, saving, statuses, report, rowOf };
  }

  /** Gives a reason, as the reason step saves it; answers the offers' ids. */
  async function giveReason(saving: Awaited<ReturnType<typeof subscriber>>['saving'], reason: string, comment: string | null = null) {
    const values: Answers = { cancel_reason: reason, cancel_comment: comment, retention_offers: null };
    const result = await saving.save({ step: step('reason'), values, answers: values });
    return { answers: { ...values, ...result?.answers }, offers: result?.facts?.offers?.map((o) => o.id) ?? [] };
  }

  it('the log reasons the server lists are what the reason step offers (its cancel ones)', async () => {
    const { api } = await subscriber();
    const reasons = await api.getSubscriptionLogReasons();
    expect(reasons.filter((r) => r.kind === 'cancel').map((r) => r.slug)).toContain('too_expensive');
    expect(reasons.find((r) => r.slug === 'other')?.comment).toBe('required');
  });

  it('spec 001 §4: an accepted coupon is seen on the refetched ticket (origin cancellation_flow) → offer-applied; nothing canceled', async () => {
    const { saving, rowOf, report } = await subscriber();
    const { answers, offers } = await giveReason(saving, 'too_expensive');
    const coupon = offers.find((id) => id.startsWith('coupon'));
    expect(coupon).toBeDefined();
    const values = { retention_offer: coupon!, retention_accepted: true, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: { ...answers, ...values } })).toEqual({ answers: { cancel_outcome: 'offer-applied' } });
    expect(report).not.toHaveBeenCalled();
    expect((await rowOf()).status).toBe('active');
  });

  it('spec 001 §4: an accepted snooze moves next_start → snoozed', async () => {
    const { saving, api, subscription, report } = await subscriber();
    const { answers, offers } = await giveReason(saving, 'moving');
    const snooze = offers.find((id) => id.startsWith('snooze'))!;
    const values = { retention_offer: snooze, retention_accepted: true, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: { ...answers, ...values } })).toEqual({ answers: { cancel_outcome: 'snoozed' } });
    expect(report).not.toHaveBeenCalled();
    const after: Subscription = await api.getSubscription(subscription.pubkey);
    expect(after.next_start).not.toBe(subscription.next_start);
  });

  it('a frequency offer for too much product → updated', async () => {
    const { saving, report } = await subscriber();
    const { answers, offers } = await giveReason(saving, 'too_much_product');
    const frequency = offers.find((id) => id.startsWith('frequency'));
    expect(frequency).toBeDefined();
    const values = { retention_offer: frequency!, retention_accepted: true, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: { ...answers, ...values } })).toEqual({ answers: { cancel_outcome: 'updated' } });
    expect(report).not.toHaveBeenCalled();
  });

  it('spec 001 §4: the confirmation cancels with the reason and its comment; the refetched subscription is canceled → canceled', async () => {
    const { saving, rowOf, statuses } = await subscriber();
    const { answers } = await giveReason(saving, 'other', 'Moving abroad');
    const result = await saving.save({
      step: step('confirm'),
      values: { cancel_confirmed: true, cancel_outcome: null },
      answers: { ...answers, cancel_confirmed: true },
    });
    expect(result).toEqual({ answers: { cancel_outcome: 'canceled' } });
    expect(statuses.get()).toMatchObject({ cancel: 'success' });
    expect((await rowOf()).status).toBe('canceled');
  });

  it('a reason whose comment the server requires, sent without one, is refused: the error outcome, nothing canceled', async () => {
    const { saving, rowOf, statuses } = await subscriber();
    const answers = { cancel_reason: 'other', cancel_comment: null };
    const result = await saving.save({ step: step('confirm'), values: { cancel_confirmed: true, cancel_outcome: null }, answers });
    expect(result).toEqual({ answers: { cancel_outcome: 'error' } });
    expect(statuses.get().cancel).toBe('error');
    expect((await rowOf()).status).toBe('active');
  });
});
