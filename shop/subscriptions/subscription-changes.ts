import { produce, type Draft } from 'immer';
import type { Subscription, SubscriptionPatch } from '#api';
import { addDays } from './subscription-rules';

/**
 * The shopper's subscriptions as the account holds them (spec 001 §4 Subscriptions): the list, current first, and
 * `has_active_subscription`, set from the statuses after every change (§4 Create, Update).
 */
export interface SubscriptionsData {
  subscriptions: Subscription[];
  has_active_subscription: boolean;
}

/** One product's new quantity and frequency (PATCH's `regular_products` entry). */
export type ProductChange = NonNullable<SubscriptionPatch['regular_products']>[number];

/**
 * What a shopper does to their subscriptions (spec 001 §4 Subscriptions): change products (quantity, frequency),
 * the address or the card (one PATCH), skip or unskip one product, snooze, resubscribe a canceled one; and the
 * results other screens bring back (a cancel, a create), which replace or add the server's copy.
 */
export type SubscriptionChange =
  | { kind: 'update'; pubkey: string; patch: SubscriptionPatch }
  | { kind: 'skip'; pubkey: string; product: string }
  | { kind: 'unskip'; pubkey: string; product: string }
  | { kind: 'snooze'; pubkey: string; days: number }
  | { kind: 'resubscribe'; pubkey: string }
  | { kind: 'canceled'; subscription: Subscription }
  | { kind: 'created'; subscription: Subscription };

type Recipe = (draft: Draft<SubscriptionsData>) => void;

/** The earliest of a subscription's product dates (its next delivery, server/subscriptions/README.md). */
function earliest(subscription: Draft<Subscription>): string | null {
  const days = subscription.regular_products.map((product) => product.next_start).sort();
  return days[0] ?? null;
}

/** Runs `edit` on the subscription `pubkey`, if the list holds it. */
const onSubscription =
  (pubkey: string, edit: (subscription: Draft<Subscription>) => void): Recipe =>
  (draft) => {
    const subscription = draft.subscriptions.find((s) => s.pubkey === pubkey);
    if (subscription) edit(subscription);
  };

/** Spec 001 §4: has_active_subscription follows the statuses. */
const activeFlag: Recipe = (draft) => {
  draft.has_active_subscription = draft.subscriptions.some((s) => s.status === 'active');
};

/** A product's quantity and frequency (spec 001 §9: quantity 1-4; the frequencies it offers). */
export const setProducts = (pubkey: string, changes: readonly ProductChange[]): Recipe =>
  onSubscription(pubkey, (subscription) => {
    for (const change of changes) {
      const product = subscription.regular_products.find((p) => p.type === change.type);
      if (!product) continue;
      if (change.quantity !== undefined) product.quantity = change.quantity;
      if (change.frequency !== undefined) product.frequency = change.frequency;
    }
  });

/** The address it ships to (one of the account's, by pubkey; its details come with the server's copy). */
export const setAddress = (pubkey: string, address: string): Recipe =>
  onSubscription(pubkey, (subscription) => {
    subscription.shipping_address = address;
  });

/** The saved payment method its renewals charge. */
export const setCard = (pubkey: string, paymentSource: string): Recipe =>
  onSubscription(pubkey, (subscription) => {
    subscription.payment_source = paymentSource;
  });

/** Spec 001 §4 Skip: the product leaves the next delivery; its own next delivery is one frequency later. */
export const skipProduct = (pubkey: string, type: string): Recipe =>
  onSubscription(pubkey, (subscription) => {
    const product = subscription.regular_products.find((p) => p.type === type);
    if (!product || !product.can_skip) return;
    product.skipped = true;
    product.can_skip = false;
    product.can_unskip = true;
    product.next_start = addDays(product.next_start, product.frequency * 7);
  });

/** Spec 001 §4 Unskip: the product is back in the next delivery. */
export const unskipProduct = (pubkey: string, type: string): Recipe =>
  onSubscription(pubkey, (subscription) => {
    const product = subscription.regular_products.find((p) => p.type === type);
    if (!product || !product.can_unskip) return;
    product.skipped = false;
    product.can_skip = true;
    product.can_unskip = false;
    product.next_start = addDays(product.next_start, -product.frequency * 7);
  });

/** Spec 001 §4 Snooze: every product's date, and so next_start, moves by the days (the server's date replaces it). */
export const snooze = (pubkey: string, days: number): Recipe =>
  onSubscription(pubkey, (subscription) => {
    for (const product of subscription.regular_products) product.next_start = addDays(product.next_start, days);
    subscription.next_start = earliest(subscription);
  });

/** A canceled subscription active again (spec 001 §4; its dates come with the server's copy). */
export const resubscribe = (pubkey: string): Recipe =>
  onSubscription(pubkey, (subscription) => {
    subscription.status = 'active';
    subscription.status_reason = null;
    subscription.canceled_at = null;
  });

/** Spec 001 §4 Update and Cancel: the entry is replaced by the server's. */
export const replaceSubscription =
  (subscription: Subscription): Recipe =>
  (draft) => {
    const index = draft.subscriptions.findIndex((s) => s.pubkey === subscription.pubkey);
    if (index === -1) draft.subscriptions.unshift(subscription);
    else draft.subscriptions[index] = subscription;
  };

/** Spec 001 §4 Create: the new subscription goes first in the list. */
export const addSubscription =
  (subscription: Subscription): Recipe =>
  (draft) => {
    draft.subscriptions = [subscription, ...draft.subscriptions.filter((s) => s.pubkey !== subscription.pubkey)];
  };

/** The recipe that shows a change at once. */
function recipeOf(change: SubscriptionChange): Recipe {
  switch (change.kind) {
    case 'update': {
      const { pubkey, patch } = change;
      return (draft) => {
        if (patch.regular_products) setProducts(pubkey, patch.regular_products)(draft);
        if (patch.shipping_address) setAddress(pubkey, patch.shipping_address)(draft);
        if (patch.payment_source) setCard(pubkey, patch.payment_source)(draft);
      };
    }
    case 'skip':
      return skipProduct(change.pubkey, change.product);
    case 'unskip':
      return unskipProduct(change.pubkey, change.product);
    case 'snooze':
      return snooze(change.pubkey, change.days);
    case 'resubscribe':
      return resubscribe(change.pubkey);
    case 'canceled':
      return replaceSubscription(change.subscription);
    case 'created':
      return addSubscription(change.subscription);
  }
}

/**
 * The subscriptions as the shopper should see them at once, before the server answers (the optimistic `apply` of
 * shop/machines/optimistic-resource.ts): the change's immer producer, then has_active_subscription from the
 * statuses. Never mutates `data`.
 */
export function applySubscriptionChange(data: SubscriptionsData | null, change: SubscriptionChange): SubscriptionsData | null {
  if (!data) return data;
  const recipe = recipeOf(change);
  return produce(data, (draft) => {
    recipe(draft);
    activeFlag(draft);
  });
}

/** The subscriptions data for a list the server gave. */
export function subscriptionsData(subscriptions: Subscription[]): SubscriptionsData {
  return { subscriptions, has_active_subscription: subscriptions.some((s) => s.status === 'active') };
}

/** The data with one subscription taken from the server (an answer to a change), has_active_subscription recomputed. */
export function withServerCopy(data: SubscriptionsData | null, subscription: Subscription, created = false): SubscriptionsData {
  return produce(data ?? subscriptionsData([]), (draft) => {
    (created ? addSubscription : replaceSubscription)(subscription)(draft);
    activeFlag(draft);
  });
}
