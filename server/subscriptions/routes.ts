import { defineOperation } from '../http/operation';
import { lifecycleOperations } from './lifecycle-routes';
import { forecastSubscription, ticketOf } from './forecast';
import { productsOf } from './schedule';
import { validationError } from '../http/api-error';
import { setSkipped, snooze } from './manage';
import { listSubscriptions, ownSubscription, subscriptionView } from './subscription-view';
import { checkProductChanges, updateSubscription } from './update';

const NOT_FOUND = 'not_found: no such subscription of theirs (another shopper’s, a guest’s asking, or none)';
const NOT_CURRENT = 'subscription_not_current: the subscription is canceled (nothing changes)';
const RENEWING = 'subscription_changed: its next box is being prepared right now (nothing changes; try again)';

/** GET /v2/subscriptions (spec 001 §7): the caller's subscriptions, current first, then the newest first. */
export const getSubscriptions = defineOperation(
  'listSubscriptions',
  { summary: 'The caller’s subscriptions', tag: 'subscriptions', responses: { 200: 'Every subscription of theirs (none for a guest)' } },
  async ({ c, auth, services }) => c.json(await listSubscriptions(services.db, auth.user.id, await services.catalogue.entries()), 200),
);

/** GET /v2/subscriptions/{pubkey}: one subscription of the caller's. */
export const getSubscription = defineOperation(
  'getSubscription',
  { summary: 'One subscription of the caller’s', tag: 'subscriptions', responses: { 200: 'The subscription', 404: NOT_FOUND } },
  async ({ c, params, auth, services }) => {
    const row = await ownSubscription(services.db, auth.user.id, params.pubkey ?? '');
    return c.json(await subscriptionView(services.db, row, await services.catalogue.entries()), 200);
  },
);

/** PATCH /v2/subscriptions/{pubkey}: a product's quantity and frequency, the address, the payment method. */
export const patchSubscription = defineOperation(
  'patchSubscription',
  {
    summary: 'Change a subscription’s products, address or payment method',
    tag: 'subscriptions',
    responses: {
      200: 'The subscription as now',
      400: 'validation_error naming each bad field: a product it does not hold, a frequency the product does not offer, a quantity out of 1–4, an address or payment method that is not the caller’s (nothing is saved)',
      404: NOT_FOUND,
      409: 'subscription_changed: the version sent is not the current one (another tab changed it; nothing is saved)',
      422: NOT_CURRENT,
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await updateSubscription(services, auth.user.id, params.pubkey ?? '', body), 200),
);

const skipDocs = (what: string) => ({
  summary: `${what} one product of the next delivery`,
  tag: 'subscriptions',
  responses: {
    200: 'The subscription as now, and what each product may do (can_skip, can_unskip)',
    400: 'validation_error on product: a product the subscription does not hold, or one that may not be so now (nothing changes)',
    404: NOT_FOUND,
    409: RENEWING,
    422: NOT_CURRENT,
  },
});

/** POST /v2/subscriptions/{pubkey}/skip/ `{product}` (spec 001 §4 "Skip and unskip"). */
export const skipSubscriptionProduct = defineOperation('skipSubscriptionProduct', skipDocs('Skip'), async ({ c, body, params, auth, services }) =>
  c.json(await setSkipped(services, auth.user.id, params.pubkey ?? '', body.product, true), 200),
);

/** POST /v2/subscriptions/{pubkey}/unskip/ `{product}`. */
export const unskipSubscriptionProduct = defineOperation('unskipSubscriptionProduct', skipDocs('Put back'), async ({ c, body, params, auth, services }) =>
  c.json(await setSkipped(services, auth.user.id, params.pubkey ?? '', body.product, false), 200),
);

/** POST /v2/subscriptions/{pubkey}/forecast (spec 001 §3 "Forecast entry", §4, §5: a current subscription's). */
export const postSubscriptionForecast = defineOperation(
  'forecastSubscription',
  {
    summary: 'The next charges of a subscription, priced as its renewals will be',
    tag: 'subscriptions',
    responses: {
      200: 'AVAILABLE with the next charges (items, discount, shipping, taxes), or NOT_AVAILABLE with the reason',
      404: NOT_FOUND,
    },
  },
  async ({ c, params, auth, services }) => c.json(await forecastSubscription(services, auth.user.id, params.pubkey ?? ''), 200),
);

/** POST /v2/subscriptions/{pubkey}/preview: the forecast and ticket with other quantities or frequencies, nothing saved. */
export const postSubscriptionPreview = defineOperation(
  'previewSubscription',
  {
    summary: 'What a subscription would charge with other quantities or frequencies (nothing is saved)',
    tag: 'subscriptions',
    responses: {
      200: 'The next charge as a ticket, the forecast, and what each product may do',
      400: 'validation_error naming each bad field: a product it does not hold, a frequency the product does not offer, a quantity out of 1–4',
      404: NOT_FOUND,
    },
  },
  async ({ c, body, params, auth, services }) => {
    const pubkey = params.pubkey ?? '';
    const row = await ownSubscription(services.db, auth.user.id, pubkey);
    const entries = await services.catalogue.entries();
    const { fields, changes } = checkProductChanges(await productsOf(services.db, row.id), entries, body.regular_products);
    if (Object.keys(fields).length > 0) throw validationError(fields, 'These changes cannot be previewed.');
    const forecast = await forecastSubscription(services, auth.user.id, pubkey, changes);
    const view = await subscriptionView(services.db, row, entries);
    return c.json(
      {
        ticket: ticketOf(forecast),
        gwps: [],
        forecast,
        subscribed_products: view.regular_products.map((p) => ({ type: p.type, can_skip: p.can_skip, can_unskip: p.can_unskip })),
      },
      200,
    );
  },
);

/** POST /v2/subscriptions/{pubkey}/snooze/ `{days}` (spec 001 §5). */
export const snoozeSubscription = defineOperation(
  'snoozeSubscription',
  {
    summary: 'Snooze a subscription by days',
    tag: 'subscriptions',
    responses: {
      200: 'The new next delivery (next_start), the snooze in weeks, and the subscription',
      400: 'validation_error on days: not a whole number of days, or "Cannot snooze beyond 90 days" (nothing changes)',
      404: NOT_FOUND,
      409: RENEWING,
      422: 'subscription_not_current: "Missing subscription to snooze" (canceled, or no product left)',
    },
  },
  async ({ c, body, params, auth, services }) => c.json(await snooze(services, auth.user.id, params.pubkey ?? '', body.days), 200),
);

/** The subscription calls (spec 001 §7; API.md "Subscriptions"). */
export const subscriptionOperations = [
  getSubscriptions,
  getSubscription,
  patchSubscription,
  skipSubscriptionProduct,
  unskipSubscriptionProduct,
  postSubscriptionForecast,
  postSubscriptionPreview,
  snoozeSubscription,
  ...lifecycleOperations,
];
