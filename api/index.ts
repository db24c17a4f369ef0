/** @module api: the HTTP contract, one zod schema per call, and the typed client. */
export { categoryOf, consultationCategories, formulaCategories, isCategory } from './categories';
export { errorBody, tokenPair, consultationStatus, category, empty } from './schemas/common';
export type { ErrorBody, TokenPair, ConsultationStatus, Category } from './schemas/common';
export {
  accountCreationOrigin,
  signupRequest,
  signupResponse,
  signinRequest,
  signinResponse,
  verifyRequest,
  refreshRequest,
  signoutRequest,
  nextPath,
} from './schemas/identity';
export type { AccountCreationOrigin, SignupRequest, SignupResponse, SigninRequest } from './schemas/identity';
export { stylist, user, userPatch, userProfileSummary, address, addressInput, addressPatch, linkStylistRequest, confirmEmailRequest } from './schemas/account';
export type { Stylist, User, UserPatch, Address, AddressInput } from './schemas/account';
export {
  hairProfile,
  hairProfilePatch,
  question,
  questionAnswer,
  questionSets,
  questionSetsQuery,
  aggressors,
  fragranceFreeReason,
  fragrancesQuery,
  fragrance,
  fragranceGroup,
  rankedFragrance,
  rankedFragrances,
  skeletonRecommendationsQuery,
  skincareTextureProduct,
  skeletonRecommendations,
  profileScore,
  profileScoring,
  recommendationSection,
  productRecommendation,
  productRecommendations,
  formulaCategory,
  formulaActive,
  formula,
  prescription,
  keyIngredients,
  inciLists,
  productVariant,
  recommendationSlug,
  skeletonFormula,
  optionalCategoryQuery,
  categoryQuery,
  productRecommendationsQuery,
  productRequest,
  formulaQuery,
} from './schemas/profile';
export type {
  HairProfile,
  HairProfilePatch,
  Question,
  Aggressors,
  FragranceFreeReason,
  Fragrance,
  RankedFragrance,
  RankedFragrances,
  SkincareTextureProduct,
  SkeletonRecommendations,
  ProfileScore,
  ProfileScoring,
  RecommendationSection,
  ProductRecommendation,
  ProductRecommendations,
  FormulaCategory,
  FormulaActive,
  Formula,
  Prescription,
  KeyIngredients,
  InciLists,
  ProductVariant,
  RecommendationSlug,
  SkeletonFormula,
} from './schemas/profile';

// The contract, declared once in `endpoints` (each call's route and schemas); `routes` is its zod-free copy for the
// browser, generated from it (npm run api:routes); the typed client (api/client); msw mocks from api/client/mocks.
export { routes } from './routes';
export type { Route, RouteName, Routes } from './routes';
export { endpoints, callSchemasOf, buildPath } from './endpoints';
export type {
  CallSchemas,
  EndpointAuth,
  EndpointDefinition,
  EndpointName,
  Endpoints,
  HttpMethod,
  ParsedRequestBody,
  ParsedRequestQuery,
  PathParams,
  RequestBody,
  RequestQuery,
  ResponseBody,
} from './endpoints';
export { serverErrorCodes } from './error-codes';
export type { ApiErrorCode, ServerErrorBody, ServerErrorCode } from './error-codes';
export {
  createApiClient,
  ApiError,
  isApiError,
  isRetryable,
  toApiError,
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  defaultTokenKeys,
  readExpiry,
  expiresWithin,
} from './client/index';
export type {
  ApiClient,
  ApiClientOptions,
  CallInput,
  CallOptions,
  ApiErrorInit,
  ClientErrorCode,
  FieldErrors,
  LocalStorageTokenStoreOptions,
  StoredTokens,
  TokenStore,
} from './client/index';
export {
  cartCreate,
  cartQuery,
  cartCategoryQuery,
  money,
  cartItemCategory,
  monogram,
  cartItemSubscription,
  cartItem,
  cart,
  cartItemUpdate,
  cartPatch,
  universalCartPatch,
  cartCurrency,
} from './schemas/cart';
export type { Cart, CartItem, CartItemCategory, CartItemKey, CartItemUpdate, CartPatch, CartQuery, UniversalCartPatch } from './schemas/cart';
export { placeOrderRequest, placeOrderV1Request, orderStatus, orderItem, order, orderList } from './schemas/order';
export type { PlaceOrderRequest, PlaceOrderV1Request, OrderStatus, OrderItem, Order, OrderList } from './schemas/order';
export { feedbackOverview, feedbackOverviewCategory, feedbackOverviewOrder } from './schemas/feedback-overview';
export {
  SNOOZE_MAX_DAYS,
  subscription,
  subscriptionAddress,
  subscriptionForecast,
  subscriptionForecastEntry,
  subscriptionList,
  subscriptionPatch,
  subscriptionProduct,
  subscriptionSkipRequest,
  subscriptionSkipResult,
  subscriptionSnoozeRequest,
  subscriptionSnoozeResult,
  subscriptionTicket,
  subscriptionPreview,
  subscriptionPreviewRequest,
} from './schemas/subscription';
export type {
  Subscription,
  SubscriptionForecast,
  SubscriptionForecastEntry,
  SubscriptionPatch,
  SubscriptionProduct,
  SubscriptionSkipResult,
  SubscriptionSnoozeResult,
  SubscriptionTicket,
  SubscriptionPreview,
} from './schemas/subscription';
export type { FeedbackOverview, FeedbackOverviewCategory, FeedbackOverviewOrder } from './schemas/feedback-overview';
export {
  retentionAcceptRequest,
  retentionOffer,
  retentionOffers,
  retentionQuery,
  shipNowRequest,
  shipNowResult,
  subscriptionCancelRequest,
  subscriptionLogReason,
  subscriptionLogReasons,
} from './schemas/subscription-lifecycle';
export type { RetentionOffer, RetentionOffers, ShipNowResult, SubscriptionCancelRequest, SubscriptionLogReason } from './schemas/subscription-lifecycle';
export {
  addProductsRequest,
  newRegularProduct,
  subscriptionCreatePreviewRequest,
  subscriptionCreateRequest,
  upsellOffer,
  upsellPreviewRequest,
  upsellProduct,
  upsellQuery,
} from './schemas/subscription-upsell';
export type {
  AddProductsRequest,
  NewRegularProduct,
  SubscriptionCreatePreviewRequest,
  SubscriptionCreateRequest,
  UpsellOffer,
  UpsellPreviewRequest,
  UpsellProduct,
} from './schemas/subscription-upsell';
export { customerSegment } from './schemas/account';
export type { CustomerSegment } from './schemas/account';
export {
  FEEDBACK_TEXT_MAX,
  feedbackCategory,
  feedbackValue,
  feedbackRecord,
  feedbackPatch,
  openTextFeedback,
  openTextFeedbackList,
  openTextFeedbackPatch,
  surveyQuery,
  consultationSurvey,
  endOfTheRoadMessage,
  feedbackFlowId,
  orderFeedbackFacts,
} from './schemas/feedback';
export type {
  FeedbackCategory,
  FeedbackValue,
  FeedbackRecord,
  FeedbackPatch,
  OpenTextFeedback,
  OpenTextFeedbackList,
  OpenTextFeedbackPatch,
  ConsultationSurvey,
  EndOfTheRoadMessage,
  FeedbackFlowId,
  OrderFeedbackFacts,
} from './schemas/feedback';
export { MAX_DELIVERY_INSTRUCTIONS, deliveryInstructions, shipmentPreference, shipmentPreferenceInput, shipmentCartQuery } from './schemas/shipment';
export type { ShipmentPreference, ShipmentPreferenceInput, ShipmentCartQuery } from './schemas/shipment';
export {
  testCard,
  testCardRequest,
  cardToken,
  chargeAuthentication,
  chargeOutcome,
  walletApproval,
  walletNonce,
  paymentMode,
  paymentMethod,
  paymentMethodList,
  newPaymentMethod,
  defaultPaymentMethod,
} from './schemas/payments';
export type { TestCard, TestCardRequest, CardToken, WalletNonce, PaymentMethod, PaymentClientToken } from './schemas/payments';
export { product, productList, productsQuery, cartSections, waitlistRequest, waitlistEntry } from './schemas/catalogue';
export type { Product, ProductList, CartSections } from './schemas/catalogue';
export { health, outboxQuery, outboxMessage, outboxMessages, clientErrorReport, flags } from './schemas/system';
export type { ClientErrorReport, FeatureFlags } from './schemas/system';
export { scrubReportText } from './report-text';
export type { Health, OutboxMessage } from './schemas/system';
export {
  GIFT_AMOUNTS,
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  giftOccasion,
  giftRequest,
  giftCreated,
  giftStatus,
  giftSummary,
  giftList,
  redeemGiftRequest,
  giftRedeemed,
} from './schemas/gifts';
export type { GiftAmount, GiftOccasion, GiftRequest, GiftCreated, GiftStatus, GiftSummary, GiftList, RedeemGiftRequest, GiftRedeemed } from './schemas/gifts';
export { GWP_VARIANTS, promotionalGift, promotionalGifts } from './schemas/promotions';
export type { GwpVariant, PromotionalGift } from './schemas/promotions';
export { couponSource, referralCodeText, couponCustomerRequest, couponCustomer } from './schemas/referrals';
export type { CouponSource, CouponCustomerRequest, CouponCustomer } from './schemas/referrals';
export {
  MARKETING_PROVIDERS,
  MAX_BATCHED_EVENTS,
  batchedEvent,
  breadcrumbRequest,
  marketingProvider,
  trackedEvent,
  trackedEvents,
  trackedEventsQuery,
  trackedUrl,
  trackingBatchRequest,
  trackingRequest,
  triggerRequest,
  variantText,
} from './schemas/tracking';
export type {
  BatchedEvent,
  BreadcrumbRequest,
  MarketingProvider,
  TrackedEvent,
  TrackingBatchRequest,
  TrackingEventName,
  TrackingRequest,
  TriggerRequest,
} from './schemas/tracking';
export type { HelpArticle, KbArticle, KbArticleVersion, KbCategory, KbInquiryReceived, KbInquiryRequest, KbSearchHit, KbTag } from './schemas/knowledge-base';
