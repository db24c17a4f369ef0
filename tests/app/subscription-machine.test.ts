import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Subscription } from '#api';
import { ApiError } from '#api/shared';
import { applySubscriptionChange, subscriptionsData } from '../../shop/subscriptions/subscription-changes';
import { canResubscribe, currentFor, daysUntil, snoozeProblem, snoozeWeeks, subscriptionSlug } from '../../shop/subscriptions/subscription-rules';
import { clearSubscriptionsOnSignOut, createSubscriptionsMachine, settleChange, type SubscriptionsApi } from '../../shop/subscriptions/subscriptions-machine';
import { createShipNowMachine, EMPTY_ORDER_PUBKEY } from '../../shop/subscriptions/ship-now-machine';
import { adaSubscriptions, haircareSubscription, skincareCanceled, skipResultFor, supplementsOnHold } from '../../stories/fixtures/subscriptions';

/** A promise and its resolvers, so a test decides when the server answers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The server: each call waits for the test to answer it. */
function fakeServer() {
  const calls: { name: string; args: unknown[]; answer: ReturnType<typeof deferred<unknown>> }[] = [];
  const call =
    (name: string) =>
    (...args: unknown[]) => {
      const answer = deferred<unknown>();
      calls.push({ name, args, answer });
      return answer.promise;
    };
  const api = {
    listSubscriptions: call('list'),
    patchSubscription: call('patch'),
    skipSubscriptionProduct: call('skip'),
    unskipSubscriptionProduct: call('unskip'),
    snoozeSubscription: call('snooze'),
    resubscribeSubscription: call('resubscribe'),
  } as unknown as SubscriptionsApi;
  return { api, calls, last: () => calls[calls.length - 1]! };
}

async function loaded(list: Subscription[] = adaSubscriptions) {
  const server = fakeServer();
  const actor = createActor(createSubscriptionsMachine(server.api)).start();
  actor.send({ type: 'LOAD' });
  expect(actor.getSnapshot().context.status).toBe('loading');
  server.last().answer.resolve(list);
  await waitFor(actor, (s) => s.context.status === 'success');
  return { actor, server, data: () => actor.getSnapshot().context.data! };
}

const shampooOf = (s: Subscription | undefined) => s!.regular_products.find((p) => p.type === 'shampoo')!;

describe('the subscriptions machine (spec 001 §4 Subscriptions: the cart’s optimistic pattern, changes as immer producers)', () => {
  it('spec 001 §4: idle, loading, then success with the list and has_active_subscription; a failed load is error', async () => {
    const server = fakeServer();
    const actor = createActor(createSubscriptionsMachine(server.api)).start();
    expect(actor.getSnapshot().context.status).toBe('idle');
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().context.status).toBe('loading');
    server.last().answer.reject(new ApiError({ status: 500, code: 'server_error', detail: 'Down.' }));
    await waitFor(actor, (s) => s.context.status === 'error');
    actor.send({ type: 'LOAD' });
    server.last().answer.resolve(adaSubscriptions);
    await waitFor(actor, (s) => s.context.status === 'success');
    expect(actor.getSnapshot().context.data).toEqual({ subscriptions: adaSubscriptions, has_active_subscription: true });
  });

  it('spec 001 §4 Update: a quantity and frequency show at once, one PATCH is sent, and the server’s copy replaces the entry', async () => {
    const { actor, server, data } = await loaded();
    const before = data();
    actor.send({
      type: 'CHANGE',
      change: { kind: 'update', pubkey: 'sub_hair', patch: { regular_products: [{ type: 'shampoo', quantity: 3, frequency: 8 }] } },
    });
    expect(actor.getSnapshot().context.status).toBe('saving');
    expect(shampooOf(data().subscriptions[0])).toMatchObject({ quantity: 3, frequency: 8 });
    // The producer left the copy before untouched (and the rest of the list is the same objects).
    expect(shampooOf(before.subscriptions[0]).quantity).toBe(1);
    expect(data().subscriptions[1]).toBe(before.subscriptions[1]);
    expect(server.last()).toMatchObject({ name: 'patch', args: ['sub_hair', { regular_products: [{ type: 'shampoo', quantity: 3, frequency: 8 }] }] });

    const fromServer = {
      ...haircareSubscription,
      version: 4,
      regular_products: haircareSubscription.regular_products.map((p) => (p.type === 'shampoo' ? { ...p, quantity: 3, frequency: 8 } : p)),
    };
    server.last().answer.resolve(fromServer);
    await waitFor(actor, (s) => s.context.status === 'success');
    expect(data().subscriptions[0]).toEqual(fromServer);
    expect(actor.getSnapshot().context.confirmed!.subscriptions[0]!.version).toBe(4);
  });

  it('spec 001 §4, §8: a failed change is rolled back silently (status success) and its waiter gets the error', async () => {
    const { actor, server, data } = await loaded();
    const outcome = settleChange(actor, { kind: 'update', pubkey: 'sub_hair', patch: { payment_source: 'pm_amex' } });
    expect(data().subscriptions[0]!.payment_source).toBe('pm_amex');
    const refusal = new ApiError({ status: 400, code: 'validation_error', detail: 'Choose a payment method.' });
    server.last().answer.reject(refusal);
    expect(await outcome).toEqual({ ok: false, error: refusal });
    expect(actor.getSnapshot().context.status).toBe('success');
    expect(data().subscriptions[0]!.payment_source).toBe('pm_visa');
  });

  it('spec 001 §4: changes are sent one at a time, each after the one before is answered', async () => {
    const { actor, server, data } = await loaded();
    actor.send({ type: 'CHANGE', change: { kind: 'skip', pubkey: 'sub_hair', product: 'shampoo' } });
    actor.send({ type: 'CHANGE', change: { kind: 'update', pubkey: 'sub_hair', patch: { shipping_address: 'adr_2' } } });
    expect(server.calls.map((c) => c.name)).toEqual(['list', 'skip']);
    expect(data().subscriptions[0]).toMatchObject({ shipping_address: 'adr_2' });
    expect(shampooOf(data().subscriptions[0])).toMatchObject({ skipped: true, can_skip: false, can_unskip: true, next_start: '2027-01-07' });
    server.last().answer.resolve(skipResultFor(haircareSubscription, 'shampoo', true));
    await waitFor(actor, () => server.calls.length === 3);
    expect(server.last()).toMatchObject({ name: 'patch', args: ['sub_hair', { shipping_address: 'adr_2' }] });
    // The skip is the server's now, the address still shown on top of it.
    expect(shampooOf(data().subscriptions[0]).skipped).toBe(true);
    expect(data().subscriptions[0]!.shipping_address).toBe('adr_2');
  });

  it('spec 001 §4 Skip and unskip: per product, only where can_skip / can_unskip allow', () => {
    const data = subscriptionsData(adaSubscriptions);
    const skipped = applySubscriptionChange(data, { kind: 'skip', pubkey: 'sub_hair', product: 'shampoo' })!;
    expect(shampooOf(skipped.subscriptions[0])).toMatchObject({ skipped: true, next_start: '2027-01-07' });
    // Skipped already: skipping again changes nothing; unskip puts it back.
    expect(applySubscriptionChange(skipped, { kind: 'skip', pubkey: 'sub_hair', product: 'shampoo' })).toEqual(skipped);
    const back = applySubscriptionChange(skipped, { kind: 'unskip', pubkey: 'sub_hair', product: 'shampoo' })!;
    expect(shampooOf(back.subscriptions[0])).toEqual(shampooOf(haircareSubscription));
    // The canceled cleanser cannot be skipped.
    expect(applySubscriptionChange(data, { kind: 'skip', pubkey: 'sub_skin', product: 'cleanser' })).toEqual(data);
  });

  it('spec 001 §4 Snooze: next_start moves by the days at once, then to the date the server returns', async () => {
    const { actor, server, data } = await loaded();
    const outcome = settleChange(actor, { kind: 'snooze', pubkey: 'sub_hair', days: 28 });
    expect(data().subscriptions[0]!.next_start).toBe('2027-01-07');
    expect(data().subscriptions[0]!.regular_products.map((p) => p.next_start)).toEqual(['2027-01-07', '2027-01-07']);
    server.last().answer.resolve({ next_start: '2027-01-08', weeks: 4, subscription: { ...haircareSubscription, next_start: '2027-01-07', version: 4 } });
    expect(await outcome).toEqual({ ok: true });
    expect(data().subscriptions[0]!.next_start).toBe('2027-01-08');
  });

  it('spec 001 §4 Create: the new subscription goes first; Cancel: the entry is replaced by the server’s; has_active_subscription follows', async () => {
    const { actor, data } = await loaded([haircareSubscription]);
    const created: Subscription = { ...skincareCanceled, pubkey: 'sub_new', status: 'active', canceled_at: null };
    await settleChange(actor, { kind: 'created', subscription: created });
    expect(data().subscriptions.map((s) => s.pubkey)).toEqual(['sub_new', 'sub_hair']);
    const canceled = { ...haircareSubscription, status: 'canceled' as const, canceled_at: '2026-11-27T10:00:00.000Z' };
    await settleChange(actor, { kind: 'canceled', subscription: canceled });
    expect(data().subscriptions[1]).toEqual(canceled);
    expect(data().has_active_subscription).toBe(true);
    await settleChange(actor, { kind: 'canceled', subscription: { ...created, status: 'canceled' } });
    expect(data().has_active_subscription).toBe(false);
  });

  it('spec 001 §4 Account: sign-out clears the subscriptions, and a change waiting is not kept', async () => {
    const { actor, server } = await loaded();
    const listeners = new Set<() => void>();
    const stop = clearSubscriptionsOnSignOut(actor, (listener) => (listeners.add(listener), () => void listeners.delete(listener)));
    const outcome = settleChange(actor, { kind: 'snooze', pubkey: 'sub_hair', days: 14 });
    for (const listener of listeners) listener();
    expect(actor.getSnapshot().context).toMatchObject({ data: null, confirmed: null, pending: [], status: 'idle' });
    expect((await outcome).ok).toBe(false);
    // The snooze in flight when the shopper left is not taken back in.
    server.last().answer.resolve({ next_start: '2026-12-24', weeks: 2, subscription: haircareSubscription });
    await Promise.resolve();
    expect(actor.getSnapshot().context.data).toBeNull();
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('current, resubscribe and snooze rules (spec 001 §4, §5)', () => {
  it('spec 001 §4: current means active or on hold; a canceled one is offered again only with no current one in its category', () => {
    expect(currentFor(adaSubscriptions, 'haircare')).toBe(haircareSubscription);
    expect(currentFor(adaSubscriptions, 'supplements')).toBe(supplementsOnHold);
    expect(currentFor(adaSubscriptions, 'skincare')).toBeUndefined();
    expect(subscriptionSlug(supplementsOnHold)).toBe('supplements');
    expect(canResubscribe(adaSubscriptions, skincareCanceled)).toBe(true);
    const newer = { ...skincareCanceled, pubkey: 'sub_skin_2', status: 'active' as const };
    expect(canResubscribe([...adaSubscriptions, newer], skincareCanceled)).toBe(false);
  });

  it('spec 001 §5 Snooze: "Missing subscription to snooze", "Cannot snooze beyond 90 days" (to the day), days reported as weeks', () => {
    const today = '2026-11-27';
    expect(snoozeProblem(undefined, 14, today)).toBe('Missing subscription to snooze');
    expect(snoozeProblem(skincareCanceled, 14, today)).toBe('Missing subscription to snooze');
    // next_start 2026-12-10; 90 days after today is 2027-02-25: 77 days is the most.
    expect(daysUntil('2027-02-25', '2026-12-10')).toBe(77);
    expect(snoozeProblem(haircareSubscription, 77, today)).toBeNull();
    expect(snoozeProblem(haircareSubscription, 78, today)).toBe('Cannot snooze beyond 90 days');
    // A date already past (held by its payment) counts from today.
    expect(snoozeProblem(supplementsOnHold, 90, today)).toBeNull();
    expect(snoozeProblem(supplementsOnHold, 91, today)).toBe('Cannot snooze beyond 90 days');
    expect(snoozeWeeks(28)).toBe(4);
  });
});

describe('forecast (spec 001 §5)', () => {
  it('spec 001 §5: a forecast without a current subscription pubkey is "No subscription pubkey found", asked of nobody', async () => {
    const { loadForecast } = await import('../../app/account/subscriptions-api');
    await expect(loadForecast(undefined)).rejects.toThrow('No subscription pubkey found');
    await expect(loadForecast('')).rejects.toThrow('No subscription pubkey found');
  });
});

describe('ship now (spec 001 §4 Subscriptions, §5, §8)', () => {
  it('spec 001 §4: idle, loading, then success with the order pubkey; reset goes back to idle', async () => {
    const answer = deferred<{ pubkey: string }>();
    const actor = createActor(createShipNowMachine(() => answer.promise)).start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SHIP', pubkey: 'sub_hair' });
    expect(actor.getSnapshot().value).toBe('loading');
    answer.resolve({ pubkey: 'ord_42' });
    await waitFor(actor, (s) => s.value === 'success');
    expect(actor.getSnapshot().context.orderPubkey).toBe('ord_42');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { orderPubkey: null, error: null } });
  });

  it('spec 001 §5, §8: an empty pubkey is the error "orderPubkey length is 0"', async () => {
    const actor = createActor(createShipNowMachine(() => Promise.resolve({ pubkey: '' }))).start();
    actor.send({ type: 'SHIP', pubkey: 'sub_hair' });
    await waitFor(actor, (s) => s.value === 'error');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'empty_order_pubkey', detail: EMPTY_ORDER_PUBKEY, paymentError: false });
  });

  it('spec 001 §8: errors carry code and detail; a payment-related code is flagged as a payment error', async () => {
    const refusals = [
      new ApiError({ status: 402, code: 'card_declined', detail: 'Your card was declined.' }),
      new ApiError({ status: 422, code: 'subscription_not_current', detail: 'This subscription is canceled.' }),
    ];
    const actor = createActor(createShipNowMachine(() => Promise.reject(refusals.shift()!))).start();
    actor.send({ type: 'SHIP', pubkey: 'sub_hair' });
    await waitFor(actor, (s) => s.value === 'error');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'card_declined', detail: 'Your card was declined.', paymentError: true });
    actor.send({ type: 'SHIP', pubkey: 'sub_hair' });
    await waitFor(actor, (s) => s.value === 'error' && s.context.error?.code === 'subscription_not_current');
    expect(actor.getSnapshot().context.error!.paymentError).toBe(false);
  });
});
