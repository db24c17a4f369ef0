import type { ApiClient, Subscription, SubscriptionLogReason } from '#api';
import type { CompiledFlow } from '#engine';
import { currentFor, isSubscriptionSlug, type SubscriptionSlug } from '../../shop/subscriptions/subscription-rules';
import type { RequestStatuses } from './request-status';

/**
 * A cancel URL names its subscription as the account's pages do (/account/subscription/{category}/cancel): haircare
 * and skincare their topicals, supplements haircare's supplements (shop/subscriptions/subscription-rules.ts).
 */
export type CancelCategory = SubscriptionSlug;
export const isCancelCategory = (value: string | undefined): value is CancelCategory => isSubscriptionSlug(value);

/** The cancel flows (flows/subscription-cancel/*.yaml), compiled at build time, each loaded with its page. */
export const cancelFlows: Record<CancelCategory, () => Promise<CompiledFlow>> = {
  haircare: () => import('flows/subscription-cancel/haircare.yaml').then((m) => m.default),
  skincare: () => import('flows/subscription-cancel/skincare.yaml').then((m) => m.default),
  supplements: () => import('flows/subscription-cancel/supplements.yaml').then((m) => m.default),
};

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
  const subscription = currentFor(list, category);
  if (!subscription) return { kind: 'none' };
  return { kind: 'ready', flow, subscription, reasons };
}
