import type { StepFacts } from '../step-props';

/** One reason a subscriber may give (GET /v1/subscription_log_reasons): its comment is not asked, optional or required. */
export interface CancelReason {
  slug: string;
  label: string;
  kind: 'cancel' | 'snooze';
  comment: 'none' | 'optional' | 'required';
}

/** One retention offer (GET /v2/subscriptions/{id}/retention?reason=): a coupon on the next box, a snooze or a frequency. */
export interface RetentionOffer {
  id: string;
  kind: 'coupon' | 'snooze' | 'frequency';
  title: string;
  detail: string;
}

/**
 * What the cancellation's steps show that comes from outside the flow: the subscription being cancelled, the reasons
 * and the offers the server gives. The engine fills the titles' {category}, {date} and {discount} from the same facts.
 */
export interface CancelFacts extends StepFacts {
  /** The subscription's category as the shopper reads it ("haircare"). */
  category: string;
  /** Its next delivery as the shopper reads it ("December 12, 2026"), or "your next delivery date". */
  date: string;
  /** The subscriber's saving ("15%"). */
  discount: string;
  /** The log reasons, in the server's order. */
  reasons: readonly CancelReason[];
  /** The offers for the reason given, or undefined while they load (a reload on the offer step). */
  offers?: readonly RetentionOffer[];
  /** Where "Keep my subscription" leads (the subscription's page), and how to go there without reloading the page. */
  keepPath: string;
  onKeep(): void;
}
