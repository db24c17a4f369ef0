import type { RetentionOffer, Subscription, SubscriptionTicket } from '#api';

/** Where a cancellation ends: the subscription home's banner (spec 001 §2), or its error banner. */
export type CancelOutcome = 'offer-applied' | 'snoozed' | 'updated' | 'canceled' | 'error';

/** The coupons a retention offer puts on the next box come from this provider (spec 001 §4 "the cancellation-flow provider"). */
export const CANCELLATION_FLOW_ORIGIN = 'cancellation_flow';

/**
 * Whether an accepted retention offer took, read after a refetch (spec 001 §4 "Retention-action check after a
 * refetch"), and the home's banner it leads to: a coupon took when the ticket has a coupon from the cancellation-flow
 * provider ("offer-applied"); a snooze when next_start differs from the old start date ("snoozed"); a frequency (the
 * spec names no check: ours) when a product now has the offer's frequency that it did not have ("updated").
 */
export function retentionOutcome(offer: RetentionOffer, before: Subscription, after: Subscription, ticket: SubscriptionTicket | null): CancelOutcome {
  switch (offer.kind) {
    case 'coupon':
      return ticket?.coupons.some((c) => c.origin === CANCELLATION_FLOW_ORIGIN) ? 'offer-applied' : 'error';
    case 'snooze':
      return after.next_start !== before.next_start ? 'snoozed' : 'error';
    case 'frequency': {
      const was = new Map(before.regular_products.map((p) => [p.type, p.frequency]));
      const changed = after.regular_products.some((p) => p.frequency === offer.frequency && was.get(p.type) !== offer.frequency);
      return changed ? 'updated' : 'error';
    }
  }
}

/** Spec 001 §4: "a cancel succeeded if the subscription with that pubkey now has status canceled" (after a refetch). */
export const cancelSucceeded = (pubkey: string, after: Subscription): boolean => after.pubkey === pubkey && after.status === 'canceled';

/** The subscription home with the outcome's banner (spec 001 §2 "/account/subscription/home?status={status}&category={category}"). */
export const homeWith = (outcome: CancelOutcome, category: string): string =>
  `/account/subscription/home?${new URLSearchParams({ status: outcome, category }).toString()}`;
