import { z } from 'zod';

// A subscription's life after checkout (spec 001 §3 "Subscription log reasons", §4 Subscriptions, §5, §7, §8;
// server/subscriptions/README.md "Cancel, retention, resubscribe, ship now"): cancel with a reason, the offers made
// before a cancel, resubscribe, ship now. `{pubkey}` in a path is the subscription's pubkey.

/**
 * A reason a shopper gives for cancelling or snoozing (spec 001 §3 "Subscription log reasons ... shape not shown"):
 * its slug (sent back as `reason`), its label, which action it is for, and whether a comment is asked for.
 */
export const subscriptionLogReason = z.object({
  slug: z.string(),
  label: z.string(),
  kind: z.enum(['cancel', 'snooze']),
  /** none: no comment box; optional; required: the cancel is refused (400 on comment) without one. */
  comment: z.enum(['none', 'optional', 'required']),
});
export type SubscriptionLogReason = z.infer<typeof subscriptionLogReason>;
export const subscriptionLogReasons = z.array(subscriptionLogReason);

/** POST /v2/subscriptions/{pubkey}/cancel (spec 001 §7 "with a body (fields not shown)"): a cancel reason's slug and a comment. */
export const subscriptionCancelRequest = z
  .object({
    reason: z.string({ error: 'Choose a reason.' }).trim().min(1, 'Choose a reason.').max(100),
    comment: z.string().trim().max(2000, 'Keep it under 2000 characters.').optional(),
  })
  .strict();
export type SubscriptionCancelRequest = z.infer<typeof subscriptionCancelRequest>;

/** GET /v2/subscriptions/{pubkey}/retention?reason=: the offers for that cancel reason (all of them without one). */
export const retentionQuery = z.object({ reason: z.string().trim().max(100).optional() }).strict();

/**
 * An offer made before a cancel (spec 001 §4 "Retention-action check"): a coupon on the next box (`percent_off`), a
 * snooze (`days`), or a new frequency for the products that offer it (`frequency`, weeks); the others are null.
 */
export const retentionOffer = z.object({
  /** Sent back to accept it (`coupon_20`, `snooze_30`, `frequency_8`). */
  id: z.string(),
  kind: z.enum(['coupon', 'snooze', 'frequency']),
  title: z.string(),
  detail: z.string(),
  percent_off: z.number().int().nullable(),
  days: z.number().int().nullable(),
  frequency: z.number().int().nullable(),
});
export type RetentionOffer = z.infer<typeof retentionOffer>;
export const retentionOffers = z.object({ offers: z.array(retentionOffer) });
export type RetentionOffers = z.infer<typeof retentionOffers>;

/** POST /v2/subscriptions/{pubkey}/retention `{offer}`: accepts one offer by its id (answers the skip-result shape). */
export const retentionAcceptRequest = z.object({ offer: z.string({ error: 'Choose an offer.' }).trim().min(1, 'Choose an offer.').max(50) }).strict();

/**
 * POST /v2/subscriptions/{pubkey}/shipnow/ (spec 001 §7 "with ship-now data"): `version`, the subscription's as the
 * shopper saw it; a retried request with the same version answers the same order (never a second order or charge).
 */
export const shipNowRequest = z.object({ version: z.number().int().positive().optional() }).strict();

/** The order made at once (spec 001 §3 "Ship-now order: pubkey"; §5: never empty). */
export const shipNowResult = z.object({ pubkey: z.string().min(1) });
export type ShipNowResult = z.infer<typeof shipNowResult>;
