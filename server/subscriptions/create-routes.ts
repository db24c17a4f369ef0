import { defineOperation } from '../http/operation';
import { addProducts, previewUpsell } from './add-products';
import { createSubscription, previewNewSubscription } from './create';
import { getUpsell } from './upsell';

const PRODUCTS_400 =
  'validation_error naming each bad field: a product not sold on subscription in the category (accessories never), one listed twice, a frequency it does not offer, a quantity out of 1–4, a first delivery before tomorrow or more than 90 days ahead, an address or payment method that is not the caller’s (nothing is saved)';

/** POST /v2/subscriptions (spec 001 §4 "Create", §7). */
export const postSubscription = defineOperation(
  'createSubscription',
  {
    summary: 'Make a subscription from the account (its first box is charged on next_start)',
    tag: 'subscriptions',
    responses: {
      201: 'The subscription made',
      400: PRODUCTS_400,
      403: 'guest_account: guests sign up to subscribe',
      422: 'subscription_exists: a current subscription of that category and sub-category exists (nothing is made)',
    },
  },
  async ({ c, body, auth, services }) => c.json(await createSubscription(services, auth.user.id, auth.user.isGuest, body), 201),
);

/** POST /v2/subscriptions/preview: a subscription not made yet. */
export const postNewSubscriptionPreview = defineOperation(
  'previewNewSubscription',
  {
    summary: 'What a new subscription would charge (nothing is saved)',
    tag: 'subscriptions',
    responses: { 200: 'The first charge as a ticket, the forecast, and what each product may do', 400: PRODUCTS_400 },
  },
  async ({ c, body, auth, services }) => c.json(await previewNewSubscription(services, auth.user.id, body), 200),
);

/** GET /v1/account/upsell/{haircare|skincare} (spec 001 §4 Upsells, §8). */
export const getUpsellOffer = defineOperation(
  'getUpsell',
  {
    summary: 'The upsell offer of a category the shopper holds no subscription of',
    tag: 'subscriptions',
    responses: {
      200: 'The offer, with its transaction_id (add-products presents it) and whether the consultation is answered',
      404: 'not_found: no offer (a subscription of it exists or existed, nothing of the routine subscribes, a guest, an unknown category)',
    },
  },
  async ({ c, params, query, auth, services }) =>
    c.json(await getUpsell(services, { id: auth.user.id, isGuest: auth.user.isGuest }, params.category ?? '', query.sub_category), 200),
);

/** POST /v2/subscriptions/preview-upsell (spec 001 §7: merged into the upsell data). */
export const postUpsellPreview = defineOperation(
  'previewUpsell',
  {
    summary: 'What the subscription would charge with an offer’s products added (nothing is saved)',
    tag: 'subscriptions',
    responses: {
      200: 'The first charge as a ticket, the forecast, and what each product may do',
      400: `${PRODUCTS_400}; a product the subscription already holds`,
      404: 'not_found: a transaction_id that is not the caller’s',
    },
  },
  async ({ c, body, auth, services }) => c.json(await previewUpsell(services, auth.user.id, body), 200),
);

/** POST /v2/subscriptions/add-products (spec 001 §4 Upsells, §5, §7). */
export const postAddProducts = defineOperation(
  'addProductsToSubscription',
  {
    summary: 'Take an upsell: add its products to the subscription of its category (or a new one), charged from next_start',
    tag: 'subscriptions',
    responses: {
      200: 'The subscription as now (the same request again adds nothing and answers the same)',
      400: `${PRODUCTS_400}; an expired offer (transaction_id); a product the subscription already holds`,
      404: 'not_found: a transaction_id that is not the caller’s (nothing is saved)',
      422: 'upsell_used: the offer was already taken by another request',
    },
  },
  async ({ c, body, auth, services }) => c.json(await addProducts(services, auth.user.id, body), 200),
);

/** Making a subscription from the account, and upsells (README.md "Create and upsells"). */
export const createOperations = [postSubscription, postNewSubscriptionPreview, getUpsellOffer, postUpsellPreview, postAddProducts];
