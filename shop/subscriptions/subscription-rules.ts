import type { Subscription } from '#api';

/** A YYYY-MM-DD day moved by `days` (calendar days, UTC, as the server counts them). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * How the account's URLs name a subscription (/account/subscription/{category}): `haircare` and `skincare` for the
 * topicals, `supplements` for haircare's supplements (spec 001 §3: one current subscription per category and
 * sub-category). Our choice: the spec's {category} cannot tell haircare's two apart.
 */
export type SubscriptionSlug = 'haircare' | 'skincare' | 'supplements';
export const SUBSCRIPTION_SLUGS: readonly SubscriptionSlug[] = ['haircare', 'skincare', 'supplements'];

export const isSubscriptionSlug = (value: string | null | undefined): value is SubscriptionSlug => SUBSCRIPTION_SLUGS.includes(value as SubscriptionSlug);

/** The slug of a subscription's page. */
export function subscriptionSlug(subscription: Pick<Subscription, 'category' | 'sub_category'>): SubscriptionSlug {
  return subscription.sub_category === 'supplements' ? 'supplements' : subscription.category;
}

/** Spec 001 §4: a subscription is current when active or on hold. */
export const isCurrent = (subscription: Pick<Subscription, 'status'>) => subscription.status === 'active' || subscription.status === 'onhold';

/** The current subscription a page's slug names, if any. */
export function currentFor(subscriptions: readonly Subscription[], slug: SubscriptionSlug): Subscription | undefined {
  return subscriptions.find((s) => isCurrent(s) && subscriptionSlug(s) === slug);
}

/** The subscription a page's slug names: the current one, else the newest canceled one. */
export function subscriptionFor(subscriptions: readonly Subscription[], slug: SubscriptionSlug): Subscription | undefined {
  return currentFor(subscriptions, slug) ?? subscriptions.find((s) => subscriptionSlug(s) === slug);
}

/** Spec 001 §4: a canceled subscription is offered again only when its category has no current one. */
export function canResubscribe(subscriptions: readonly Subscription[], subscription: Subscription): boolean {
  return subscription.status === 'canceled' && currentFor(subscriptions, subscriptionSlug(subscription)) === undefined;
}

/** The farthest a snooze may put the next delivery, in days after today (spec 001 §5, §9; api SNOOZE_MAX_DAYS). */
export const SNOOZE_LIMIT_DAYS = 90;

/** The messages of spec 001 §5 and §8 for a snooze. */
export const SNOOZE_MESSAGES = {
  missing: 'Missing subscription to snooze',
  beyond: 'Cannot snooze beyond 90 days',
  failed: 'Your subscription could not be snoozed. Please try again.',
} as const;

/** The snooze choices offered (2, 4, 6 and 8 weeks), in days. */
export const SNOOZE_WEEKS = [2, 4, 6, 8] as const;

/**
 * Spec 001 §5 Snooze, checked before sending: a current subscription must exist in the category ("Missing
 * subscription to snooze"); next_start plus the days must not be more than 90 days after today ("Cannot snooze beyond
 * 90 days"). Null when it may be sent.
 */
export function snoozeProblem(subscription: Subscription | undefined, days: number, today: string): string | null {
  if (!subscription || !isCurrent(subscription)) return SNOOZE_MESSAGES.missing;
  // A date already past (held by a payment) counts from today, as the server counts it.
  const start = subscription.next_start && subscription.next_start > today ? subscription.next_start : today;
  return addDays(start, days) > addDays(today, SNOOZE_LIMIT_DAYS) ? SNOOZE_MESSAGES.beyond : null;
}

/** Spec 001 §5: a snooze's days are reported as weeks (days / 7). */
export const snoozeWeeks = (days: number) => days / 7;

/** The days between today and a chosen date (a snooze to a date). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Today as the shop's calendar writes it (YYYY-MM-DD, UTC). */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);
