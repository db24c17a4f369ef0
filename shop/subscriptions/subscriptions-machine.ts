import type { Subscription, SubscriptionPatch, SubscriptionSkipResult, SubscriptionSnoozeResult } from '#api';
import { createResourceMachine, type ResourceActor } from '../machines/optimistic-resource';
import { applySubscriptionChange, subscriptionsData, withServerCopy, type SubscriptionChange, type SubscriptionsData } from './subscription-changes';

/** How the subscriptions machine reaches the server (the app binds it to api/'s client; tests and stories to mocks). */
export interface SubscriptionsApi {
  listSubscriptions(): Promise<Subscription[]>;
  patchSubscription(pubkey: string, patch: SubscriptionPatch): Promise<Subscription>;
  skipSubscriptionProduct(pubkey: string, product: string): Promise<SubscriptionSkipResult>;
  unskipSubscriptionProduct(pubkey: string, product: string): Promise<SubscriptionSkipResult>;
  snoozeSubscription(pubkey: string, days: number): Promise<SubscriptionSnoozeResult>;
  /** Absent while the server has no such call. */
  resubscribeSubscription?(pubkey: string): Promise<Subscription>;
}

/** Sends one change; resolves with the subscriptions as the server has them after it. */
async function sendChange(api: SubscriptionsApi, change: SubscriptionChange, confirmed: SubscriptionsData | null): Promise<SubscriptionsData> {
  switch (change.kind) {
    case 'update':
      return withServerCopy(confirmed, await api.patchSubscription(change.pubkey, change.patch));
    case 'skip':
      return withServerCopy(confirmed, (await api.skipSubscriptionProduct(change.pubkey, change.product)).subscription);
    case 'unskip':
      return withServerCopy(confirmed, (await api.unskipSubscriptionProduct(change.pubkey, change.product)).subscription);
    case 'snooze': {
      // Spec 001 §4 Snooze: next_start moves to the date the server returns.
      const result = await api.snoozeSubscription(change.pubkey, change.days);
      return withServerCopy(confirmed, { ...result.subscription, next_start: result.next_start });
    }
    case 'resubscribe':
      if (!api.resubscribeSubscription) throw new Error('Resubscribing is not offered yet.');
      return withServerCopy(confirmed, await api.resubscribeSubscription(change.pubkey));
    case 'canceled':
      // The cancel was made by its flow: its answer replaces the entry (spec 001 §4 Cancel).
      return withServerCopy(confirmed, change.subscription);
    case 'created':
      return withServerCopy(confirmed, change.subscription, true);
  }
}

/**
 * The account's subscriptions (spec 001 §4 Subscriptions) on the cart's optimistic pattern
 * (shop/machines/optimistic-resource.ts): loaded (idle, loading, success, error), each change shown at once through
 * its immer producer (./subscription-changes.ts), sent one at a time, the server's copy taken on success, rolled back
 * silently on failure (the page that waits for it says so: `settleChange`); CLEAR on sign-out (§4 Account).
 */
export function createSubscriptionsMachine(api: SubscriptionsApi) {
  return createResourceMachine<SubscriptionsData, SubscriptionChange>(
    {
      load: async () => subscriptionsData(await api.listSubscriptions()),
      send: (change, confirmed) => sendChange(api, change, confirmed),
      apply: applySubscriptionChange,
    },
    'subscriptions',
  );
}

export type SubscriptionsActor = ResourceActor<SubscriptionsData, SubscriptionChange>;

/** How a change ended: kept, or rolled back with the server's error. */
export type ChangeOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * Sends a change and resolves once the server has answered it, with the error when it was rolled back (a page goes
 * on, or says what failed: spec 001 §2 status=error, §5 snooze messages). A CLEAR (sign-out) meanwhile: not kept.
 */
export function settleChange(actor: SubscriptionsActor, change: SubscriptionChange): Promise<ChangeOutcome> {
  const id = actor.getSnapshot().context.nextId;
  return new Promise((resolve) => {
    const done = (outcome: ChangeOutcome) => {
      notices.unsubscribe();
      cleared.unsubscribe();
      resolve(outcome);
    };
    const notices = actor.on('settled', (notice) => {
      if (notice.id === id) done(notice.ok ? { ok: true } : { ok: false, error: notice.error });
    });
    const cleared = actor.subscribe(({ context }) => {
      if (context.status === 'idle' && !context.pending.some((p) => p.id === id)) done({ ok: false, error: new Error('Signed out.') });
    });
    actor.send({ type: 'CHANGE', change });
  });
}

/** Empties the subscriptions whenever the session signs out (spec 001 §4 Account); returns the unsubscriber. */
export function clearSubscriptionsOnSignOut(actor: SubscriptionsActor, onSignOut: (listener: () => void) => () => void): () => void {
  return onSignOut(() => actor.send({ type: 'CLEAR' }));
}
