import type { z } from 'zod';
import { tokenPair } from './schemas/common';
import { refreshRequest, signinRequest, signinResponse, signoutRequest, signupRequest, signupResponse, verifyRequest } from './schemas/identity';
import { address, addressInput, addressPatch, confirmEmailRequest, linkStylistRequest, stylist, user, userPatch } from './schemas/account';
import {
  aggressors,
  categoryQuery,
  formulaQuery,
  fragrancesQuery,
  hairProfile,
  hairProfilePatch,
  inciLists,
  keyIngredients,
  optionalCategoryQuery,
  prescription,
  productRecommendations,
  productRecommendationsQuery,
  productRequest,
  productVariant,
  profileScoring,
  questionSets,
  questionSetsQuery,
  rankedFragrances,
  recommendationSlug,
  skeletonFormula,
  skeletonRecommendations,
  skeletonRecommendationsQuery,
} from './schemas/profile';
import { buildPath, type EndpointAuth, type HttpMethod, type Route } from './http-route';
import { clientErrorReport, flags } from './schemas/system';
import {
  cardToken,
  chargeAuthentication,
  chargeOutcome,
  defaultPaymentMethod,
  newPaymentMethod,
  paymentClientToken,
  paymentClientTokenRequest,
  paymentMethod,
  paymentMethodList,
  paymentMethodsQuery,
  testCardRequest,
  walletApproval,
  walletNonce,
} from './schemas/payments';
import { cart, cartCategoryQuery, cartCreate, cartPatch, cartQuery, universalCartPatch } from './schemas/cart';
import { order, orderList, placeOrderRequest, placeOrderV1Request } from './schemas/order';
import {
  consultationSurvey,
  endOfTheRoadMessage,
  feedbackPatch,
  feedbackRecord,
  openTextFeedbackList,
  openTextFeedbackPatch,
  surveyQuery,
} from './schemas/feedback';
import { feedbackOverview } from './schemas/feedback-overview';
import {
  subscription,
  subscriptionForecast,
  subscriptionList,
  subscriptionPatch,
  subscriptionPreview,
  subscriptionPreviewRequest,
  subscriptionSkipRequest,
  subscriptionSkipResult,
  subscriptionSnoozeRequest,
  subscriptionSnoozeResult,
} from './schemas/subscription';
import {
  retentionAcceptRequest,
  retentionOffers,
  retentionQuery,
  shipNowRequest,
  shipNowResult,
  subscriptionCancelRequest,
  subscriptionLogReasons,
} from './schemas/subscription-lifecycle';
import {
  addProductsRequest,
  subscriptionCreatePreviewRequest,
  subscriptionCreateRequest,
  upsellOffer,
  upsellPreviewRequest,
  upsellQuery,
} from './schemas/subscription-upsell';
import { shipmentCartQuery, shipmentPreference, shipmentPreferenceInput } from './schemas/shipment';
import { cartSections, productList, productsQuery, waitlistEntry, waitlistRequest } from './schemas/catalogue';
import { giftCreated, giftList, giftRedeemed, giftRequest, giftSummary, redeemGiftRequest } from './schemas/gifts';
import { promotionalGifts } from './schemas/promotions';
import { couponCustomer, couponCustomerRequest } from './schemas/referrals';
import { breadcrumbRequest, trackingBatchRequest, trackingRequest, triggerRequest } from './schemas/tracking';
import {
  kbArticles,
  kbArticlesQuery,
  kbCategories,
  kbInquiryReceived,
  kbInquiryRequest,
  kbPageQuery,
  kbSearchQuery,
  kbSearchResults,
  kbTags,
} from './schemas/knowledge-base';
import { liveChatConversation, liveChatMessageRequest, liveChatStartRequest } from './schemas/livechat';

export { buildPath };
export type { EndpointAuth, HttpMethod };

// The one declaration of every call: its method, path and authentication (api/http-route.ts) and its schemas. The
// browser's client needs only the first three and no zod: api/routes.ts is generated from this table
// (`npm run api:routes`; tests/api/routes-generated.test.ts fails when it is out of date). The server implements each
// call by name (server/http/operation.ts `defineOperation('getAccount', ...)`), so no side can drift from this table.

/** What a call sends and answers: query and body as sent, the answer's body (`null`: none, 204). */
export interface CallSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
}

/** One call of the contract: the canonical path (`:name` for path parameters), its auth and its schemas. */
export type EndpointDefinition = Route & CallSchemas;

/** The calls of spec 000 §7 (and API.md), keyed by the client method that makes them. */
// getStylist and getQuestionSets are public: no bearer goes with them ('none'), as the server never read one.
export const endpoints = {
  signUpGuest: { method: 'POST', path: '/v1/auth/signup/guest/', auth: 'none', response: tokenPair },
  signUp: { method: 'POST', path: '/v1/auth/signup/', auth: 'optional', body: signupRequest, response: signupResponse },
  requestMagicLink: { method: 'POST', path: '/v1/auth/signin/', auth: 'optional', body: signinRequest, response: signinResponse },
  verifyMagicLink: { method: 'POST', path: '/v1/auth/signin/verify/', auth: 'context', body: verifyRequest, response: tokenPair },
  refresh: { method: 'POST', path: '/v1/auth/token/refresh/', auth: 'none', body: refreshRequest, response: tokenPair },
  signOut: { method: 'POST', path: '/v1/auth/signout/', auth: 'none', body: signoutRequest, response: null },
  getAccount: { method: 'GET', path: '/v1/account/', auth: 'required', response: user },
  patchAccount: { method: 'PATCH', path: '/v1/account/', auth: 'required', body: userPatch, response: user },
  confirmEmailChange: { method: 'POST', path: '/v1/account/email/confirm/', auth: 'required', body: confirmEmailRequest, response: user },
  getAddresses: { method: 'GET', path: '/v1/account/addresses', auth: 'required', response: address.array() },
  createAddress: { method: 'POST', path: '/v1/account/addresses', auth: 'required', body: addressInput, response: address },
  patchAddress: { method: 'PATCH', path: '/v1/account/addresses/:pubkey', auth: 'required', body: addressPatch, response: address },
  deleteAddress: { method: 'DELETE', path: '/v1/account/addresses/:pubkey', auth: 'required', response: null },
  linkStylist: { method: 'POST', path: '/v1/account/stylist', auth: 'required', body: linkStylistRequest, response: user },
  getStylist: { method: 'GET', path: '/v1/stylists/:public_slug', auth: 'none', response: stylist },
  getQuestionSets: { method: 'GET', path: '/v1/question_sets', auth: 'none', query: questionSetsQuery, response: questionSets },
  getHairProfile: { method: 'GET', path: '/v1/account/hair_profile/', auth: 'required', response: hairProfile },
  patchHairProfile: { method: 'PATCH', path: '/v1/account/hair_profile/', auth: 'required', body: hairProfilePatch, response: hairProfile },
  getAggressors: { method: 'GET', path: '/v1/account/hair_profile/aggressors', auth: 'required', response: aggressors },
  getSkeletonRecommendations: {
    method: 'GET',
    path: '/v1/account/hair_profile/skeleton_recommendations',
    auth: 'required',
    query: skeletonRecommendationsQuery,
    response: skeletonRecommendations,
  },
  getScoring: { method: 'GET', path: '/v1/account/hair_profile/scoring', auth: 'required', query: optionalCategoryQuery, response: profileScoring },
  getFragrances: { method: 'GET', path: '/v1/account/hair_profile/fragrances', auth: 'required', query: fragrancesQuery, response: rankedFragrances },
  getIngredients: { method: 'GET', path: '/v1/account/hair_profile/ingredients', auth: 'required', query: optionalCategoryQuery, response: keyIngredients },
  getIncis: { method: 'GET', path: '/v1/account/hair_profile/incis', auth: 'required', query: categoryQuery, response: inciLists },
  getProductVariant: { method: 'POST', path: '/v1/account/hair_profile/variant', auth: 'required', body: productRequest, response: productVariant },
  getRecommendationSlug: {
    method: 'POST',
    path: '/v1/account/hair_profile/recommendation_slug',
    auth: 'required',
    body: productRequest,
    response: recommendationSlug,
  },
  getPrescription: { method: 'GET', path: '/v1/account/hair_profile/prescription/', auth: 'required', response: prescription },
  getFormula: { method: 'GET', path: '/v1/account/hair_profile/formula', auth: 'required', query: formulaQuery, response: skeletonFormula },
  getProductRecommendations: {
    method: 'GET',
    path: '/v1/account/product_recommendations',
    auth: 'required',
    query: productRecommendationsQuery,
    response: productRecommendations,
  },
  // The web app's error reports (spec 000 §8; app/report-error.ts sends them as a beacon).
  reportClientError: { method: 'POST', path: '/v1/client_errors/', auth: 'none', body: clientErrorReport, response: null },
  // Payments (API.md; the embedded test provider's card tokeniser, issue 14).
  tokenizeTestCard: { method: 'POST', path: '/v1/payments/test/tokenize', auth: 'none', body: testCardRequest, response: cardToken },
  authenticateTestCharge: {
    method: 'POST',
    path: '/v1/payments/test/charges/:id/authenticate',
    auth: 'none',
    body: chargeAuthentication,
    response: chargeOutcome,
  },
  approveTestWallet: { method: 'POST', path: '/v1/payments/test/wallet', auth: 'none', body: walletApproval, response: walletNonce },
  // Saved payment methods (spec 001 §7 Payment methods): the customer's own.
  listPaymentMethods: { method: 'GET', path: '/v1/account/payments/', auth: 'required', query: paymentMethodsQuery, response: paymentMethodList },
  createPaymentMethod: { method: 'POST', path: '/v1/account/payments/', auth: 'required', body: newPaymentMethod, response: paymentMethod },
  selectDefaultPaymentMethod: {
    method: 'POST',
    path: '/v1/account/payments/select_as_default/',
    auth: 'required',
    body: defaultPaymentMethod,
    response: paymentMethodList,
  },
  deletePaymentMethod: { method: 'DELETE', path: '/v1/account/payments/:id/', auth: 'required', query: paymentMethodsQuery, response: null },
  getPaymentClientToken: {
    method: 'POST',
    path: '/v1/account/payments/token/',
    auth: 'required',
    body: paymentClientTokenRequest,
    response: paymentClientToken,
  },
  // The catalogue (spec 001 §7 Catalogue; API.md), public.
  getProducts: { method: 'GET', path: '/v1/products/', auth: 'none', query: productsQuery, response: productList },
  getCartSections: { method: 'GET', path: '/v1/cart_sections/', auth: 'none', response: cartSections },
  joinWaitlist: { method: 'POST', path: '/v1/products/:type/waitlist/', auth: 'none', body: waitlistRequest, response: waitlistEntry },
  // Feature flags (spec 001 §7 Flags; API.md).
  getFlags: { method: 'GET', path: '/flags', auth: 'none', response: flags },
  // Carts (spec 001 §7 Cart; issue 13): the shopper's own, signed in or guest.
  getCart: { method: 'GET', path: '/v1/account/cart/', auth: 'required', query: cartQuery, response: cart },
  patchCart: { method: 'PATCH', path: '/v1/account/cart/', auth: 'required', query: cartCategoryQuery, body: cartPatch, response: cart },
  getUniversalCart: { method: 'GET', path: '/v2/cart/', auth: 'required', response: cart },
  createUniversalCart: { method: 'POST', path: '/v2/cart/', auth: 'required', body: cartCreate, response: cart },
  patchUniversalCart: { method: 'PATCH', path: '/v2/cart/', auth: 'required', body: universalCartPatch, response: cart },
  // Shipment preferences (spec 001 §7 Shipment preferences; api/README.md): the customer's default, and one cart's own.
  getCustomerShipmentPreference: { method: 'GET', path: '/v1/customer_shipment_preference/', auth: 'required', response: shipmentPreference },
  setCustomerShipmentPreference: {
    method: 'PUT',
    path: '/v1/customer_shipment_preference/',
    auth: 'required',
    body: shipmentPreferenceInput,
    response: shipmentPreference,
  },
  getCartShipmentPreference: { method: 'GET', path: '/v1/cart_shipment_preference/', auth: 'required', query: shipmentCartQuery, response: shipmentPreference },
  setCartShipmentPreference: {
    method: 'PUT',
    path: '/v1/cart_shipment_preference/',
    auth: 'required',
    query: shipmentCartQuery,
    body: shipmentPreferenceInput,
    response: shipmentPreference,
  },
  // Orders (spec 001 §7 Orders and payment; issue 14): the shopper's own, signed in or guest.
  placeOrder: { method: 'POST', path: '/v2/orders/', auth: 'required', body: placeOrderRequest, response: order },
  placeOrderV1: { method: 'POST', path: '/v1/place_order/', auth: 'required', body: placeOrderV1Request, response: order },
  placeAccessoriesOrder: { method: 'POST', path: '/v2/cart/place-order/', auth: 'required', body: placeOrderRequest, response: order },
  listOrders: { method: 'GET', path: '/v2/orders/', auth: 'required', response: orderList },
  getOrder: { method: 'GET', path: '/v2/orders/:pubkey/', auth: 'required', response: order },
  // Feedback (spec 002 §7; API.md "Feedback"; server/feedback/README.md): on the shopper's own paid orders only.
  patchFeedback: { method: 'PATCH', path: '/v2/orders/:pubkey/feedback/', auth: 'required', body: feedbackPatch, response: feedbackRecord },
  patchSkincareFeedback: { method: 'PATCH', path: '/v2/orders/:pubkey/skincare_feedback/', auth: 'required', body: feedbackPatch, response: feedbackRecord },
  patchSupplementsFeedback: {
    method: 'PATCH',
    path: '/v2/orders/:pubkey/supplements_feedback/',
    auth: 'required',
    body: feedbackPatch,
    response: feedbackRecord,
  },
  getOpenTextFeedback: { method: 'GET', path: '/v2/orders/:pubkey/open_text_feedback/', auth: 'required', response: openTextFeedbackList },
  patchOpenTextFeedback: {
    method: 'PATCH',
    path: '/v2/orders/:pubkey/open_text_feedback/',
    auth: 'required',
    body: openTextFeedbackPatch,
    response: openTextFeedbackList,
  },
  getSurvey: { method: 'GET', path: '/v1/surveys/:pubkey', auth: 'required', query: surveyQuery, response: consultationSurvey },
  getEndOfTheRoad: { method: 'GET', path: '/v1/supplements_feedback/:pubkey/end_of_road', auth: 'required', response: endOfTheRoadMessage },
  // The account's feedback (issue 26; spec 002 §2.5 "not shown"): the caller's own orders awaiting feedback and done, per category.
  getAccountFeedback: { method: 'GET', path: '/v1/account/feedback', auth: 'required', response: feedbackOverview },
  // Subscriptions (spec 001 §7; API.md "Subscriptions"; server/subscriptions/README.md): the caller's own only.
  listSubscriptions: { method: 'GET', path: '/v2/subscriptions', auth: 'required', response: subscriptionList },
  getSubscription: { method: 'GET', path: '/v2/subscriptions/:pubkey', auth: 'required', response: subscription },
  patchSubscription: { method: 'PATCH', path: '/v2/subscriptions/:pubkey', auth: 'required', body: subscriptionPatch, response: subscription },
  skipSubscriptionProduct: {
    method: 'POST',
    path: '/v2/subscriptions/:pubkey/skip/',
    auth: 'required',
    body: subscriptionSkipRequest,
    response: subscriptionSkipResult,
  },
  unskipSubscriptionProduct: {
    method: 'POST',
    path: '/v2/subscriptions/:pubkey/unskip/',
    auth: 'required',
    body: subscriptionSkipRequest,
    response: subscriptionSkipResult,
  },
  previewSubscription: {
    method: 'POST',
    path: '/v2/subscriptions/:pubkey/preview',
    auth: 'required',
    body: subscriptionPreviewRequest,
    response: subscriptionPreview,
  },
  forecastSubscription: { method: 'POST', path: '/v2/subscriptions/:pubkey/forecast', auth: 'required', response: subscriptionForecast },
  snoozeSubscription: {
    method: 'POST',
    path: '/v2/subscriptions/:pubkey/snooze/',
    auth: 'required',
    body: subscriptionSnoozeRequest,
    response: subscriptionSnoozeResult,
  },
  // A subscription's life (issue 27 item 3; spec 001 §4, §5, §7; server/subscriptions/README.md "Cancel, retention, resubscribe, ship now").
  getSubscriptionLogReasons: { method: 'GET', path: '/v1/subscription_log_reasons', auth: 'none', response: subscriptionLogReasons },
  cancelSubscription: { method: 'POST', path: '/v2/subscriptions/:pubkey/cancel', auth: 'required', body: subscriptionCancelRequest, response: subscription },
  getSubscriptionRetention: {
    method: 'GET',
    path: '/v2/subscriptions/:pubkey/retention',
    auth: 'required',
    query: retentionQuery,
    response: retentionOffers,
  },
  acceptSubscriptionRetention: {
    method: 'POST',
    path: '/v2/subscriptions/:pubkey/retention',
    auth: 'required',
    body: retentionAcceptRequest,
    response: subscriptionSkipResult,
  },
  resubscribeSubscription: { method: 'POST', path: '/v2/subscriptions/:pubkey/resubscribe/', auth: 'required', response: subscription },
  shipSubscriptionNow: { method: 'POST', path: '/v2/subscriptions/:pubkey/shipnow/', auth: 'required', body: shipNowRequest, response: shipNowResult },
  // Making a subscription from the account, and upsells (spec 001 §4 "Create", Upsells, §5, §7; server/subscriptions/README.md "Create and upsells").
  createSubscription: { method: 'POST', path: '/v2/subscriptions', auth: 'required', body: subscriptionCreateRequest, response: subscription },
  previewNewSubscription: {
    method: 'POST',
    path: '/v2/subscriptions/preview',
    auth: 'required',
    body: subscriptionCreatePreviewRequest,
    response: subscriptionPreview,
  },
  getUpsell: { method: 'GET', path: '/v1/account/upsell/:category', auth: 'required', query: upsellQuery, response: upsellOffer },
  previewUpsell: { method: 'POST', path: '/v2/subscriptions/preview-upsell', auth: 'required', body: upsellPreviewRequest, response: subscriptionPreview },
  addProductsToSubscription: { method: 'POST', path: '/v2/subscriptions/add-products', auth: 'required', body: addProductsRequest, response: subscription },
  // Gift cards (spec 001 §3, §5, §8, §9; server/gifts/README.md)
  createGift: { method: 'POST', path: '/v1/gifts/', auth: 'required', body: giftRequest, response: giftCreated },
  listGifts: { method: 'GET', path: '/v1/gifts/', auth: 'required', response: giftList },
  getGift: { method: 'GET', path: '/v1/gifts/:pubkey', auth: 'required', response: giftSummary },
  redeemGift: { method: 'POST', path: '/v1/gifts/redeem/', auth: 'required', body: redeemGiftRequest, response: giftRedeemed },
  // Gifts with purchase (spec 001 §3, §5, §7; server/promotions/README.md)
  getPromotionalGifts: { method: 'GET', path: '/v1/promotional_gift', auth: 'optional', response: promotionalGifts },
  // Referrals (spec 001 §3 Coupon customer, Referral visitor status, §7; server/referrals/README.md)
  getCouponCustomer: { method: 'GET', path: '/v1/coupon_customers/', auth: 'required', response: couponCustomer },
  referCouponCustomer: { method: 'POST', path: '/v1/coupon_customers/', auth: 'required', body: couponCustomerRequest, response: couponCustomer },
  // Help centre (spec 001 §3 Knowledge base, §5, §7 Help centre, §9 page sizes; server/help/README.md)
  listKbCategories: { method: 'GET', path: '/v1/knowledge_base/categories', auth: 'none', query: kbPageQuery, response: kbCategories },
  listKbArticles: { method: 'GET', path: '/v1/knowledge_base/articles', auth: 'none', query: kbArticlesQuery, response: kbArticles },
  searchKb: { method: 'GET', path: '/v1/knowledge_base/search', auth: 'none', query: kbSearchQuery, response: kbSearchResults },
  listKbTags: { method: 'GET', path: '/v1/knowledge_base/tags', auth: 'none', query: kbPageQuery, response: kbTags },
  sendKbInquiry: { method: 'POST', path: '/v1/knowledge_base/inquiries', auth: 'optional', body: kbInquiryRequest, response: kbInquiryReceived },
  // Live chat (ours; server/livechat/README.md): a guest's or a customer's own conversations.
  startLiveChat: { method: 'POST', path: '/v1/livechat/conversations', auth: 'required', body: liveChatStartRequest, response: liveChatConversation },
  postLiveChatMessage: {
    method: 'POST',
    path: '/v1/livechat/conversations/:id/messages',
    auth: 'required',
    body: liveChatMessageRequest,
    response: liveChatConversation,
  },
  closeLiveChat: { method: 'POST', path: '/v1/livechat/conversations/:id/close', auth: 'required', response: liveChatConversation },
  // Tracking (spec 001 §7 Flags, tracking, §9 Tracking; server/tracking/README.md): 204, nothing in the body.
  postBreadcrumb: { method: 'POST', path: '/v1/breadcrumbs/', auth: 'optional', body: breadcrumbRequest, response: null },
  postTrackingEvent: { method: 'POST', path: '/v1/tracking', auth: 'optional', body: trackingRequest, response: null },
  postTriggerEvent: { method: 'POST', path: '/v1/trigger/:provider_event/', auth: 'optional', body: triggerRequest, response: null },
  // The web app's batch, sent as a beacon: no bearer (a beacon cannot carry one); the events are the visitor cookie's.
  postTrackingBatch: { method: 'POST', path: '/v1/tracking/batch', auth: 'none', body: trackingBatchRequest, response: null },
} as const satisfies Record<string, EndpointDefinition>;

/** Every call of the contract: its route and its schemas. */
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The schemas of a call, without its route. */
export function callSchemasOf(name: EndpointName): CallSchemas {
  const { method: _method, path: _path, auth: _auth, ...schemas } = endpoints[name] as EndpointDefinition;
  return schemas;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a call (`{ pubkey: string }` for `/v1/account/addresses/:pubkey`). */
export type PathParams<K extends EndpointName> = { [N in ParamNames<Endpoints[K]['path']>]: string };
/** What the caller sends as the body (the schema's input type), `undefined` when the call has none. */
export type RequestBody<K extends EndpointName> = Endpoints[K] extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The body after the contract's parsing (what the server, or a mock, receives). */
export type ParsedRequestBody<K extends EndpointName> = Endpoints[K] extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
export type RequestQuery<K extends EndpointName> = Endpoints[K] extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The query after the contract's parsing (what the server receives). */
export type ParsedRequestQuery<K extends EndpointName> = Endpoints[K] extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
/** What the call answers with, `undefined` for 204 calls. */
export type ResponseBody<K extends EndpointName> = Endpoints[K]['response'] extends infer S extends z.ZodType ? z.output<S> : undefined;
