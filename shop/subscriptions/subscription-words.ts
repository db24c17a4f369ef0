import type { Subscription, SubscriptionForecast } from '#api';
import type { SubscriptionSlug } from './subscription-rules';

/** The statuses the subscription home takes in its URL (spec 001 §2 "Account and subscriptions"). */
export type HomeStatus = 'canceled' | 'created' | 'snoozed' | 'updated' | 'resubscribed' | 'offer-applied' | 'error';

/** The words of a category in a sentence ("haircare", "supplements"). */
export const categoryWords: Record<SubscriptionSlug, string> = { haircare: 'haircare', skincare: 'skincare', supplements: 'supplements' };

/** A heading's words for a category ("Haircare", "Hair supplements"). */
export const categoryTitle: Record<SubscriptionSlug, string> = { haircare: 'Haircare', skincare: 'Skincare', supplements: 'Hair supplements' };

/** "Your haircare subscription" (or "Your subscription" when the URL names no category). */
const your = (category: SubscriptionSlug | null) => (category ? `Your ${categoryWords[category]} subscription` : 'Your subscription');

/**
 * The banner a status picks on the subscription home, in spec 001 §2's exact words; null for an unknown status and
 * for offer-applied without a category (§2: "needs a category").
 */
export function bannerFor(status: string | null, category: SubscriptionSlug | null): { tone: 'success' | 'error'; text: string } | null {
  switch (status) {
    case 'canceled':
      return { tone: 'success', text: `${your(category)} has been cancelled` };
    case 'created':
      return { tone: 'success', text: `${your(category)} is active!` };
    case 'snoozed':
      return { tone: 'success', text: `${your(category)} has been snoozed` };
    case 'updated':
      return { tone: 'success', text: 'Your changes have been saved' };
    case 'resubscribed':
      return { tone: 'success', text: 'Welcome back! Your subscription is now active. Edit to make any changes.' };
    case 'offer-applied':
      return category ? { tone: 'success', text: 'Your offer has been applied.' } : null;
    case 'error':
      return { tone: 'error', text: SAVE_FAILED };
    default:
      return null;
  }
}

/** Spec 001 §2, §8: a failed update. */
export const SAVE_FAILED = 'Your changes could not be saved';

/** A subscription's status in words (spec 001 §4: active, onhold, canceled). */
export const statusWords: Record<Subscription['status'], string> = { active: 'Active', onhold: 'On hold', canceled: 'Canceled' };

/** Why a subscription is on hold, in words (spec 001 §4 onhold reasons). */
export function holdReasonWords(reason: Subscription['status_reason']): string {
  switch (reason) {
    case 'payment_error':
      return 'Your last payment did not go through, so nothing ships until your card is updated.';
    case 'invalid_fragrance':
      return 'Your fragrance is sold out, so nothing ships until you choose another.';
    default:
      return 'Something went wrong with your subscription. We are looking into it.';
  }
}

/** Why no charge is forecast, in words (api/schemas/subscription.ts forecast reasons). */
export function forecastReasonWords(reason: SubscriptionForecast['reason']): string {
  switch (reason) {
    case 'canceled':
      return 'No charge is planned: this subscription is canceled.';
    case 'onhold':
      return 'No charge is planned while this subscription is on hold.';
    case 'no_payment_method':
      return 'No charge is planned: choose a payment method for this subscription.';
    case 'invalid_fragrance':
      return 'No charge is planned: your fragrance is sold out.';
    case 'nothing_to_renew':
      return 'No charge is planned: nothing is left to renew.';
    default:
      return 'No charge is planned.';
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A day as a shopper reads it ("December 10, 2026"), as `toLocaleDateString('en-US', { month: 'long', ... })` writes it.
 * Written by hand, as formatMoney is (api/money.ts): a page's first Intl date format costs tens of milliseconds of main
 * thread on a phone (loading the locale's data), in the task that draws the subscriptions (issue 27).
 */
export function dayWords(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Where a sold-out fragrance is chosen again: the consultation's fragrance step. */
export const fragranceStep = (category: Subscription['category']) =>
  category === 'skincare' ? '/consultation/skincare/my-preferences/fragrances' : '/consultation/haircare/my-preferences/fragrance';
