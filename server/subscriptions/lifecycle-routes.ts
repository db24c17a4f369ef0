import { defineOperation } from '../http/operation';
import { cancelSubscription } from './cancel';
import { getSubscriptionLogReasons } from './log-reasons';
import { resubscribe } from './resubscribe';
import { acceptRetentionOffer, retentionOffers } from './retention';
import { shipNow } from './ship-now';

// A subscription's life after checkout (issue 27 item 3; spec 001 §4, §5, §7; README.md "Cancel, retention,
// resubscribe, ship now"). Only the owner: another account, a guest and an unknown pubkey get 404.

const NOT_FOUND = 'not_found: no such subscription of theirs (another shopper’s, a guest’s asking, or none)';
const RENEWING = 'subscription_changed: its next box is being charged right now (nothing changes; try again in a few minutes)';

/** POST /v2/subscriptions/{pubkey}/cancel `{reason, comment?}` (spec 001 §4 "Cancel", §7). */
export const postSubscriptionCancel = defineOperation(
  'cancelSubscription',
  {
    summary: 'Cancel a subscription, with a reason',
    tag: 'subscriptions',
    responses: {
      200: 'The subscription, canceled (canceled_at set)',
      400: 'validation_error on reason (not a cancel reason of GET /v1/subscription_log_reasons) or comment (the reason asks for one); nothing is saved',
      404: NOT_FOUND,
      409: RENEWING,
      422: 'subscription_not_current: already canceled',
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await cancelSubscription(services, auth.user.id, params.pubkey ?? '', body), 200),
);

/** GET /v2/subscriptions/{pubkey}/retention?reason= (spec 001 §4 "Retention-action check", §5). */
export const getSubscriptionRetention = defineOperation(
  'getSubscriptionRetention',
  {
    summary: 'The offers made before a subscription is canceled',
    tag: 'subscriptions',
    responses: {
      200: 'The offers for that reason (all of them without one)',
      400: 'validation_error on reason: not a cancel reason',
      404: NOT_FOUND,
      422: 'subscription_not_current: canceled',
    },
  },
  async ({ c, query, params, auth, services }) => c.json({ offers: await retentionOffers(services, auth.user.id, params.pubkey ?? '', query.reason) }, 200),
);

/** POST /v2/subscriptions/{pubkey}/retention `{offer}`: accepts an offer. */
export const postSubscriptionRetention = defineOperation(
  'acceptSubscriptionRetention',
  {
    summary: 'Accept an offer instead of cancelling',
    tag: 'subscriptions',
    responses: {
      200: 'The subscription as now, its forecast and next ticket (a coupon offer: a line of property offer from the cancellation flow)',
      400: 'validation_error on offer: not one of its offers now (nothing changes)',
      404: NOT_FOUND,
      409: RENEWING,
      422: 'subscription_not_current: canceled',
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await acceptRetentionOffer(services, auth.user.id, params.pubkey ?? '', body.offer), 200),
);

/** POST /v2/subscriptions/{pubkey}/resubscribe/ (spec 001 §4). */
export const postSubscriptionResubscribe = defineOperation(
  'resubscribeSubscription',
  {
    summary: 'Make a canceled subscription active again',
    tag: 'subscriptions',
    responses: {
      200: 'The subscription, active, its products due the next day',
      404: NOT_FOUND,
      422: 'subscription_exists: it is active, or another current one holds its category; no_payment_method: no live method to charge',
    },
  },
  async ({ c, params, auth, services }) => c.json(await resubscribe(services, auth.user.id, params.pubkey ?? ''), 200),
);

/** POST /v2/subscriptions/{pubkey}/shipnow/ `{version?}` (spec 001 §3 "Ship-now order", §5, §8). */
export const postSubscriptionShipNow = defineOperation(
  'shipSubscriptionNow',
  {
    summary: 'Order and charge the next delivery now',
    tag: 'subscriptions',
    responses: {
      200: 'The order (its pubkey); a retry with the same version answers the same order',
      402: 'card_declined or payment_refused: nothing moves',
      404: NOT_FOUND,
      409: 'subscription_changed: another version, or a renewal being charged right now',
      422: 'subscription_not_current (canceled or on hold), no_payment_method, nothing_to_ship',
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await shipNow(services, auth.user.id, params.pubkey ?? '', body.version), 200),
);

/** The calls of a subscription's life. */
export const lifecycleOperations = [
  getSubscriptionLogReasons,
  postSubscriptionCancel,
  getSubscriptionRetention,
  postSubscriptionRetention,
  postSubscriptionResubscribe,
  postSubscriptionShipNow,
];
