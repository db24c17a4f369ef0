import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '#api';
import { loadFlowFile } from '#engine/compiler';
import type { CompiledStep } from '#engine';
import { cancelSaving, type CancelApi } from '../../app/subscription-cancel/cancel-adapters';
import { cancelMemory } from '../../app/subscription-cancel/cancel-memory';
import { requestStatuses, type RequestStatus } from '../../app/subscription-cancel/request-status';
import { cancelSucceeded, homeWith, retentionOutcome } from '../../app/subscription-cancel/retention-check';
import { currentFor as currentSubscriptionOf } from '../../shop/subscriptions/subscription-rules';
import { cancellingSubscription as before, couponOffer, frequencyOffer, skipResultOf, snoozeOffer, ticketOf } from '../../stories/fixtures/subscription-cancel';

const flow = loadFlowFile('flows/subscription-cancel/haircare.yaml').flow!;
const step = (name: string): CompiledStep => flow.steps.find((s) => s.name === name)!;

/** A session storage of our own, so each test starts with nothing kept. */
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

function setUp(api: Partial<CancelApi>) {
  const memory = cancelMemory(before.pubkey, storage());
  const statuses = requestStatuses();
  const seen: Record<string, RequestStatus>[] = [];
  statuses.listen(() => seen.push({ ...statuses.get() }));
  const report = vi.fn();
  const saving = cancelSaving({ api: async () => api as CancelApi, flow, subscription: before, memory, statuses, report });
  return { saving, memory, statuses, seen, report };
}

describe('spec 001 §4 "Retention-action check after a refetch"', () => {
  const snoozed: Subscription = { ...before, next_start: '2027-01-11' };
  const every8: Subscription = { ...before, regular_products: before.regular_products.map((p) => ({ ...p, frequency: 8 })) };

  it('an offer succeeded if the ticket has a coupon from the cancellation-flow provider', () => {
    expect(retentionOutcome(couponOffer, before, before, ticketOf(true))).toBe('offer-applied');
    expect(retentionOutcome(couponOffer, before, before, ticketOf(false))).toBe('error');
    expect(retentionOutcome(couponOffer, before, before, null)).toBe('error');
  });

  it('a snooze succeeded if next_start differs from the old start date', () => {
    expect(retentionOutcome(snoozeOffer, before, snoozed, null)).toBe('snoozed');
    expect(retentionOutcome(snoozeOffer, before, before, null)).toBe('error');
  });

  it('a cancel succeeded if the subscription with that pubkey now has status canceled', () => {
    expect(cancelSucceeded(before.pubkey, { ...before, status: 'canceled' })).toBe(true);
    expect(cancelSucceeded(before.pubkey, before)).toBe(false);
    expect(cancelSucceeded(before.pubkey, { ...before, pubkey: 'sub_other', status: 'canceled' })).toBe(false);
  });

  it('a frequency offer (our check): a product now has the offered frequency it did not have', () => {
    expect(retentionOutcome(frequencyOffer, before, every8, null)).toBe('updated');
    expect(retentionOutcome(frequencyOffer, before, before, null)).toBe('error');
  });

  it('spec 001 §2: the subscription home with the status and the category', () => {
    expect(homeWith('offer-applied', 'haircare')).toBe('/account/subscription/home?status=offer-applied&category=haircare');
    expect(homeWith('canceled', 'supplements')).toBe('/account/subscription/home?status=canceled&category=supplements');
  });
});

describe('the cancellation’s saves', () => {
  it('the reason fetches its offers (statuses idle → loading → success, spec 001 §4) and keeps the answers on the device', async () => {
    const getSubscriptionRetention = vi.fn(async () => ({ offers: [couponOffer, snoozeOffer] }));
    const { saving, memory, statuses, seen } = setUp({ getSubscriptionRetention });
    expect(statuses.get()).toEqual({ logReasons: 'idle', retention: 'idle', cancel: 'idle' });
    const values = { cancel_reason: 'too_expensive', cancel_comment: null, retention_offers: null };
    const result = await saving.save({ step: step('reason'), values, answers: values });
    expect(getSubscriptionRetention).toHaveBeenCalledWith(before.pubkey, 'too_expensive');
    expect(result).toEqual({
      answers: { retention_offers: 2 },
      facts: { offers: [expect.objectContaining({ id: 'coupon_20' }), expect.objectContaining({ id: 'snooze_30' })] },
    });
    expect(seen.map((s) => s.retention)).toEqual(['loading', 'success']);
    expect(memory.read()).toEqual({ cancel_reason: 'too_expensive', cancel_comment: null, retention_offers: 2 });
  });

  it('offers that cannot be fetched are none: the shopper goes on to the confirmation (status error, reported)', async () => {
    const { saving, statuses, report } = setUp({
      getSubscriptionRetention: async () => {
        throw new Error('offline');
      },
    });
    const values = { cancel_reason: 'moving', cancel_comment: null, retention_offers: null };
    expect(await saving.save({ step: step('reason'), values, answers: values })).toEqual({ answers: { retention_offers: 0 }, facts: { offers: [] } });
    expect(statuses.get().retention).toBe('error');
    expect(report).toHaveBeenCalled();
  });

  it('a coupon accepted: applied, the ticket read again (a preview with no change), offer-applied; the device forgets', async () => {
    const acceptSubscriptionRetention = vi.fn(async () => skipResultOf(before, true));
    const previewSubscription = vi.fn(async () => skipResultOf(before, true));
    const { saving, memory } = setUp({
      getSubscriptionRetention: async () => ({ offers: [couponOffer] }),
      acceptSubscriptionRetention,
      previewSubscription,
      getSubscription: async () => before,
    });
    const reason = { cancel_reason: 'too_expensive', cancel_comment: null, retention_offers: null };
    await saving.save({ step: step('reason'), values: reason, answers: reason });
    const values = { retention_offer: 'coupon_20', retention_accepted: true, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: { ...reason, ...values } })).toEqual({ answers: { cancel_outcome: 'offer-applied' } });
    expect(acceptSubscriptionRetention).toHaveBeenCalledWith(before.pubkey, 'coupon_20');
    expect(previewSubscription).toHaveBeenCalledWith(before.pubkey, { regular_products: [] });
    expect(memory.read()).toEqual({});
  });

  it('an offer the refetch does not show is an error (the home’s error banner)', async () => {
    const { saving, report } = setUp({
      getSubscriptionRetention: async () => ({ offers: [snoozeOffer] }),
      acceptSubscriptionRetention: async () => skipResultOf(before, false),
      getSubscription: async () => before,
    });
    const reason = { cancel_reason: 'moving', cancel_comment: null, retention_offers: null };
    await saving.save({ step: step('reason'), values: reason, answers: reason });
    const values = { retention_offer: 'snooze_30', retention_accepted: true, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: values })).toEqual({ answers: { cancel_outcome: 'error' } });
    expect(report).toHaveBeenCalledWith('checking a retention offer', expect.any(Error));
  });

  it('declining saves nothing on the server', async () => {
    const { saving, memory } = setUp({});
    const values = { retention_offer: null, retention_accepted: false, cancel_outcome: null };
    expect(await saving.save({ step: step('offer'), values, answers: values })).toBeUndefined();
    expect(memory.read()).toMatchObject({ retention_accepted: false });
  });

  it('the confirmation cancels with the reason and comment given, then checks the refetched status (cancel: loading → success)', async () => {
    const cancelSubscription = vi.fn(async () => ({ ...before, status: 'canceled' as const }));
    const { saving, seen } = setUp({ cancelSubscription, getSubscription: async () => ({ ...before, status: 'canceled' as const }) });
    const answers = { cancel_reason: 'other', cancel_comment: 'Moving abroad', retention_offers: 0, cancel_confirmed: true };
    const result = await saving.save({ step: step('confirm'), values: { cancel_confirmed: true, cancel_outcome: null }, answers });
    expect(cancelSubscription).toHaveBeenCalledWith(before.pubkey, { reason: 'other', comment: 'Moving abroad' });
    expect(result).toEqual({ answers: { cancel_outcome: 'canceled' } });
    expect(seen.map((s) => s.cancel)).toEqual(['loading', 'success']);
  });

  it('a refused cancel is the error outcome (cancel status error)', async () => {
    const { saving, statuses } = setUp({
      cancelSubscription: async () => {
        throw new Error('422');
      },
    });
    const result = await saving.save({ step: step('confirm'), values: { cancel_confirmed: true }, answers: { cancel_reason: 'moving' } });
    expect(result).toEqual({ answers: { cancel_outcome: 'error' } });
    expect(statuses.get().cancel).toBe('error');
  });

  it('a reload on the offer step fetches the offers again for the reason kept on the device', async () => {
    const getSubscriptionRetention = vi.fn(async () => ({ offers: [frequencyOffer] }));
    const { saving, memory } = setUp({ getSubscriptionRetention });
    memory.write({ cancel_reason: 'too_much_product', retention_offers: 1 });
    expect(saving.missingFacts(step('reason'), {})).toBeUndefined();
    expect(await saving.missingFacts(step('offer'), {})).toEqual({ offers: [expect.objectContaining({ id: 'frequency_8', title: 'A box every 8 weeks' })] });
    expect(getSubscriptionRetention).toHaveBeenCalledWith(before.pubkey, 'too_much_product');
    expect(saving.missingFacts(step('offer'), { offers: [] })).toBeUndefined();
  });
});

describe('which subscription a cancel URL names', () => {
  const supplements: Subscription = { ...before, pubkey: 'sub_supp', sub_category: 'supplements' };
  const canceledSkin: Subscription = { ...before, pubkey: 'sub_skin', category: 'skincare', status: 'canceled' };
  it('the current one (active or on hold, spec 001 §4) of the category; supplements by their sub-category', () => {
    const list = [supplements, { ...before, status: 'onhold' as const }, canceledSkin];
    expect(currentSubscriptionOf(list, 'haircare')?.pubkey).toBe(before.pubkey);
    expect(currentSubscriptionOf(list, 'supplements')?.pubkey).toBe('sub_supp');
    // Spec 001 §5: none current → "No subscription pubkey found".
    expect(currentSubscriptionOf(list, 'skincare')).toBeUndefined();
  });
});

describe('the cancellation kind', () => {
  it('every flow of the kind is a cancellation, each step drawn by a component of its table (as tests/app/flow-kinds.test.ts checks the others)', async () => {
    const { cancelKind } = await import('../../app/subscription-cancel/cancel-kind');
    const flows = await Promise.all(Object.values(cancelKind.flows).map((load) => load()));
    expect(flows.map((f) => f.id)).toEqual(['subscription-cancel-haircare', 'subscription-cancel-skincare', 'subscription-cancel-supplements']);
    for (const compiled of flows) {
      expect(compiled.kind).toBe(cancelKind.name);
      for (const s of compiled.steps) expect(cancelKind.components).toHaveProperty([s.kind]);
    }
  });
});
