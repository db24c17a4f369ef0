import type { ApiClient, Subscription, SubscriptionLogReason } from '#api';
import type { CompiledFlow } from '#engine';
import type { RequestStatuses } from './request-status';

/** The subscriptions a cancel URL may name (/account/subscription/{category}/cancel): a category, or the supplements. */
export type CancelCategory = 'haircare' | 'skincare' | 'supplements';
export const CANCEL_CATEGORIES: readonly CancelCategory[] = ['haircare', 'skincare', 'supplements'];
export const isCancelCategory = (value: string | undefined): value is CancelCategory => CANCEL_CATEGORIES.includes(value as CancelCategory);

/** The cancel flows (flows/subscription-cancel/*.yaml), compiled at build time, each loaded with its page. */
export const cancelFlows: Record<CancelCategory, () => Promise<CompiledFlow>> = {
  haircare: () => import('flows/subscription-cancel/haircare.yaml').then((m) => m.default),
  skincare: () => import('flows/subscription-cancel/skincare.yaml').then((m) => m.default),
  supplements: () => import('flows/subscription-cancel/supplements.yaml').then((m) => m.default),
};

/**
 * The current subscription (active or on hold, spec 001 §4) a cancel URL names: supplements are the haircare
 * subscription of sub-category supplements; haircare and skincare their category's topicals.
 */
export function currentSubscriptionOf(list: readonly Subscription[], category: CancelCategory): Subscription | undefined {
  const current = list.filter((s) => s.status === 'active' || s.status === 'onhold');
  if (category === 'supplements') return current.find((s) => s.sub_category === 'supplements');
  return current.find((s) => s.category === category && s.sub_category === 'topicals');
}

/** What a cancel page needs before it draws. */
export type CancelLoad =
  | { kind: 'ready'; flow: CompiledFlow; subscription: Subscription; reasons: SubscriptionLogReason[] }
  /** No current subscription in the category: "No subscription pubkey found" (spec 001 §5). */
  | { kind: 'none' };

/**
 * Loads a cancel page (spec 001 §4, §5): the shopper's subscriptions (the current one of the category, whose pubkey
 * the retention and cancel calls need), the log reasons, and the flow.
 */
export async function loadCancellation(api: ApiClient, category: CancelCategory, statuses: RequestStatuses): Promise<CancelLoad> {
  const [list, reasons, flow] = await Promise.all([
    api.listSubscriptions(),
    statuses.track('logReasons', () => api.getSubscriptionLogReasons()),
    cancelFlows[category](),
  ]);
  const subscription = currentSubscriptionOf(list, category);
  if (!subscription) return { kind: 'none' };
  return { kind: 'ready', flow, subscription, reasons };
}
