import type { RequestBody, RequestQuery, ResponseBody } from '../endpoints';
import { routes, type RouteName } from '../routes';
import { createCallRoute, type ApiClientOptions, type CallInput, type CallOptions } from './call-endpoint';
import { sessionCalls } from './session-client';
import type { Category } from '../categories';
import { categoryOf } from '../categories';

type Options = CallOptions | undefined;

/** One method per call of the contract (api/endpoints.ts), answering that call's response: a call without a method fails to compile. */
type OneMethodPerCall = { [K in RouteName]: (...args: never[]) => Promise<ResponseBody<K>> };

/**
 * The typed client of the shop's API (spec 000 §7): one method per call of `api/endpoints.ts`.
 * Every method rejects with an ApiError.
 * @example
 * const api = createApiClient({ tokens: createLocalStorageTokenStore() });
 * const user = await api.getAccount();
 */
/** The call's options with the Idempotency-Key header, when there is a key. */
function withKey(options: Options | undefined, key: string | undefined): Options | undefined {
  return key === undefined ? options : { ...options, headers: { ...options?.headers, 'Idempotency-Key': key } };
}

export function createApiClient(options: ApiClientOptions, callRoute = createCallRoute(options)) {
  const call = <K extends RouteName>(name: K, input: CallInput<K>, o?: Options) => callRoute(name, routes[name], input, o);
  const methods = {
    // The session's calls and a signed-in page's first reads (./session-client.ts: the same methods, made on the same calls).
    ...sessionCalls(call),
    // Identity
    /** The raw refresh call; requests refresh stored tokens by themselves. */
    refresh: (refreshToken: string, o?: Options) => call('refresh', { body: { refresh: refreshToken } }, o),
    // Account and addresses
    patchAccount: (body: RequestBody<'patchAccount'>, o?: Options) => call('patchAccount', { body }, o),
    confirmEmailChange: (token: string, o?: Options) => call('confirmEmailChange', { body: { token } }, o),
    createAddress: (body: RequestBody<'createAddress'>, o?: Options) => call('createAddress', { body }, o),
    patchAddress: (pubkey: string, body: RequestBody<'patchAddress'>, o?: Options) => call('patchAddress', { params: { pubkey }, body }, o),
    deleteAddress: (pubkey: string, o?: Options) => call('deleteAddress', { params: { pubkey } }, o),
    linkStylist: (publicSlug: string, o?: Options) => call('linkStylist', { body: { public_slug: publicSlug } }, o),
    getStylist: (publicSlug: string, o?: Options) => call('getStylist', { params: { public_slug: publicSlug } }, o),

    // Consultation and profile
    getQuestionSets: (category?: string, o?: Options) => call('getQuestionSets', { query: { category } }, o),
    getHairProfile: (o?: Options) => call('getHairProfile', {}, o),
    /** Saves answers; `source` is "website" unless given (spec 000 §7). */
    patchHairProfile: (body: RequestBody<'patchHairProfile'>, o?: Options) =>
      // The cast: the schema's catchall index type does not admit its own consultation_status object.
      call('patchHairProfile', { body: { source: 'website', ...body } as RequestBody<'patchHairProfile'> }, o),
    getAggressors: (o?: Options) => call('getAggressors', {}, o),
    getSkeletonRecommendations: (o?: Options) => call('getSkeletonRecommendations', { query: { category: 'skincare' } }, o),
    getScoring: (category?: Category, o?: Options) => call('getScoring', { query: { category } }, o),
    getFragrances: (category: Category, o?: Options) => call('getFragrances', { query: { category } }, o),
    getIngredients: (category?: Category, o?: Options) => call('getIngredients', { query: { category } }, o),
    getIncis: (category: Category, o?: Options) => call('getIncis', { query: { category } }, o),
    getProductVariant: (product: string, o?: Options) => call('getProductVariant', { body: { product } }, o),
    getRecommendationSlug: (product: string, o?: Options) => call('getRecommendationSlug', { body: { product } }, o),
    getPrescription: (o?: Options) => call('getPrescription', {}, o),
    getFormula: (skeleton: string, o?: Options) => call('getFormula', { query: { skeleton } }, o),
    /** Any category other than skincare is asked for as haircare (spec 000 §7). */
    getProductRecommendations: (category: string, o?: Options) => call('getProductRecommendations', { query: { category: categoryOf(category) } }, o),
    /** The app itself reports through app/report-error.ts (a beacon, without loading this client); this is the same call. */
    reportClientError: (body: RequestBody<'reportClientError'>, o?: Options) => call('reportClientError', { body }, o),
    /** A card for the embedded test provider; the payment step keeps only the token (issue 14). */
    tokenizeTestCard: (card: RequestBody<'tokenizeTestCard'>['card'], o?: Options) => call('tokenizeTestCard', { body: { card } }, o),
    approveTestWallet: (email: string, o?: Options) => call('approveTestWallet', { body: { email } }, o),
    // Saved payment methods (spec 001 §7 Payment methods).
    listPaymentMethods: (paymentMode: RequestQuery<'listPaymentMethods'>['payment_mode'] = 'all', o?: Options) =>
      call('listPaymentMethods', { query: { payment_mode: paymentMode } }, o),
    createPaymentMethod: (body: RequestBody<'createPaymentMethod'>, o?: Options) => call('createPaymentMethod', { body }, o),
    selectDefaultPaymentMethod: (body: RequestBody<'selectDefaultPaymentMethod'>, o?: Options) => call('selectDefaultPaymentMethod', { body }, o),
    /** A wallet is deleted in the wallet mode (spec 001 §7 Payment methods: `?payment_mode=`). */
    deletePaymentMethod: (id: string, paymentMode?: RequestQuery<'deletePaymentMethod'>['payment_mode'], o?: Options) =>
      call('deletePaymentMethod', { params: { id }, query: paymentMode ? { payment_mode: paymentMode } : {} }, o),
    getPaymentClientToken: (body: RequestBody<'getPaymentClientToken'>, o?: Options) => call('getPaymentClientToken', { body }, o),
    /** The test provider's authentication page: the shopper approves or refuses a charge that requires it. */
    authenticateTestCharge: (id: string, approved: boolean, o?: Options) => call('authenticateTestCharge', { params: { id }, body: { approved } }, o),
    // The catalogue (spec 001 §7 Catalogue)
    getProducts: (country?: string, o?: Options) => call('getProducts', { query: country ? { country } : {} }, o),
    getCartSections: (o?: Options) => call('getCartSections', {}, o),
    joinWaitlist: (type: string, body: RequestBody<'joinWaitlist'>, o?: Options) => call('joinWaitlist', { params: { type }, body }, o),
    getFlags: (o?: Options) => call('getFlags', {}, o),
    // Carts (spec 001 §7 Cart)
    patchCart: (category: Category, body: RequestBody<'patchCart'>, o?: Options) => call('patchCart', { query: { category }, body }, o),
    createUniversalCart: (body: RequestBody<'createUniversalCart'> = {}, o?: Options) => call('createUniversalCart', { body }, o),
    patchUniversalCart: (body: RequestBody<'patchUniversalCart'>, o?: Options) => call('patchUniversalCart', { body }, o),
    // Shipment preferences (spec 001 §7): the customer's default; a cart's own (no category: the universal cart).
    getCustomerShipmentPreference: (o?: Options) => call('getCustomerShipmentPreference', {}, o),
    setCustomerShipmentPreference: (body: RequestBody<'setCustomerShipmentPreference'>, o?: Options) => call('setCustomerShipmentPreference', { body }, o),
    getCartShipmentPreference: (category?: Category, o?: Options) => call('getCartShipmentPreference', { query: category ? { category } : {} }, o),
    setCartShipmentPreference: (category: Category | undefined, body: RequestBody<'setCartShipmentPreference'>, o?: Options) =>
      call('setCartShipmentPreference', { query: category ? { category } : {}, body }, o),
    // Orders (spec 001 §7 Orders and payment). `idempotencyKey`: one per checkout attempt, sent again with each retry,
    // so a retried request never places a second order (API.md).
    placeOrder: (body: RequestBody<'placeOrder'>, idempotencyKey?: string, o?: Options) => call('placeOrder', { body }, withKey(o, idempotencyKey)),
    placeOrderV1: (body: RequestBody<'placeOrderV1'>, idempotencyKey?: string, o?: Options) => call('placeOrderV1', { body }, withKey(o, idempotencyKey)),
    placeAccessoriesOrder: (body: RequestBody<'placeAccessoriesOrder'>, idempotencyKey?: string, o?: Options) =>
      call('placeAccessoriesOrder', { body }, withKey(o, idempotencyKey)),
    listOrders: (o?: Options) => call('listOrders', {}, o),
    // Feedback (spec 002 §7): the order's pubkey names the feedback.
    patchFeedback: (pubkey: string, body: RequestBody<'patchFeedback'>, o?: Options) => call('patchFeedback', { params: { pubkey }, body }, o),
    patchSkincareFeedback: (pubkey: string, body: RequestBody<'patchSkincareFeedback'>, o?: Options) =>
      call('patchSkincareFeedback', { params: { pubkey }, body }, o),
    patchSupplementsFeedback: (pubkey: string, body: RequestBody<'patchSupplementsFeedback'>, o?: Options) =>
      call('patchSupplementsFeedback', { params: { pubkey }, body }, o),
    getOpenTextFeedback: (pubkey: string, o?: Options) => call('getOpenTextFeedback', { params: { pubkey } }, o),
    patchOpenTextFeedback: (pubkey: string, body: RequestBody<'patchOpenTextFeedback'>, o?: Options) =>
      call('patchOpenTextFeedback', { params: { pubkey }, body }, o),
    getSurvey: (pubkey: string, category?: RequestQuery<'getSurvey'>['category'], o?: Options) =>
      call('getSurvey', { params: { pubkey }, query: category ? { category } : {} }, o),
    getEndOfTheRoad: (pubkey: string, o?: Options) => call('getEndOfTheRoad', { params: { pubkey } }, o),
    // Subscriptions (spec 001 §7): the subscription's pubkey names it.
    listSubscriptions: (o?: Options) => call('listSubscriptions', {}, o),
    getSubscription: (pubkey: string, o?: Options) => call('getSubscription', { params: { pubkey } }, o),
    patchSubscription: (pubkey: string, body: RequestBody<'patchSubscription'>, o?: Options) => call('patchSubscription', { params: { pubkey }, body }, o),
    skipSubscriptionProduct: (pubkey: string, product: string, o?: Options) => call('skipSubscriptionProduct', { params: { pubkey }, body: { product } }, o),
    unskipSubscriptionProduct: (pubkey: string, product: string, o?: Options) =>
      call('unskipSubscriptionProduct', { params: { pubkey }, body: { product } }, o),
    previewSubscription: (pubkey: string, body: RequestBody<'previewSubscription'>, o?: Options) =>
      call('previewSubscription', { params: { pubkey }, body }, o),
    forecastSubscription: (pubkey: string, o?: Options) => call('forecastSubscription', { params: { pubkey } }, o),
    snoozeSubscription: (pubkey: string, days: number, o?: Options) => call('snoozeSubscription', { params: { pubkey }, body: { days } }, o),
    getSubscriptionLogReasons: (o?: Options) => call('getSubscriptionLogReasons', {}, o),
    cancelSubscription: (pubkey: string, body: RequestBody<'cancelSubscription'>, o?: Options) => call('cancelSubscription', { params: { pubkey }, body }, o),
    getSubscriptionRetention: (pubkey: string, reason?: string, o?: Options) =>
      call('getSubscriptionRetention', { params: { pubkey }, query: reason ? { reason } : {} }, o),
    acceptSubscriptionRetention: (pubkey: string, offer: string, o?: Options) =>
      call('acceptSubscriptionRetention', { params: { pubkey }, body: { offer } }, o),
    resubscribeSubscription: (pubkey: string, o?: Options) => call('resubscribeSubscription', { params: { pubkey } }, o),
    shipSubscriptionNow: (pubkey: string, version?: number, o?: Options) =>
      call('shipSubscriptionNow', { params: { pubkey }, body: version === undefined ? {} : { version } }, o),
    // Making a subscription from the account, and upsells (spec 001 §4, §5, §7): 'not_found' from getUpsell means no offer.
    createSubscription: (body: RequestBody<'createSubscription'>, o?: Options) => call('createSubscription', { body }, o),
    previewNewSubscription: (body: RequestBody<'previewNewSubscription'>, o?: Options) => call('previewNewSubscription', { body }, o),
    getUpsell: (category: 'haircare' | 'skincare', subCategory?: 'topicals' | 'supplements', o?: Options) =>
      call('getUpsell', { params: { category }, query: subCategory ? { sub_category: subCategory } : {} }, o),
    previewUpsell: (body: RequestBody<'previewUpsell'>, o?: Options) => call('previewUpsell', { body }, o),
    addProductsToSubscription: (body: RequestBody<'addProductsToSubscription'>, o?: Options) => call('addProductsToSubscription', { body }, o),
    // Gift cards (spec 001 §3, §5, §8, §9)
    createGift: (body: RequestBody<'createGift'>, o?: Options) => call('createGift', { body }, o),
    listGifts: (o?: Options) => call('listGifts', {}, o),
    getGift: (pubkey: string, o?: Options) => call('getGift', { params: { pubkey } }, o),
    redeemGift: (body: RequestBody<'redeemGift'>, o?: Options) => call('redeemGift', { body }, o),
    // Gifts with purchase (spec 001 §3, §7)
    getPromotionalGifts: (o?: Options) => call('getPromotionalGifts', {}, o),
    // Referrals (spec 001 §3, §7)
    getCouponCustomer: (o?: Options) => call('getCouponCustomer', {}, o),
    // Help centre (spec 001 §7; §9's page sizes and language, KB_PAGE_SIZES in api/schemas/knowledge-base.ts, which carries zod)
    listKbCategories: (query: RequestQuery<'listKbCategories'> = { page: 1, pageSize: 100 }, o?: Options) => call('listKbCategories', { query }, o),
    listKbArticles: (query: RequestQuery<'listKbArticles'> = { page: 1, pageSize: 250, includeLang: 'en_us' }, o?: Options) =>
      call('listKbArticles', { query }, o),
    searchKb: (term: string, o?: Options) => call('searchKb', { query: { term, scope: 'public' } }, o),
    listKbTags: (query: RequestQuery<'listKbTags'> = { page: 1, pageSize: 100 }, o?: Options) => call('listKbTags', { query }, o),
    sendKbInquiry: (body: RequestBody<'sendKbInquiry'>, o?: Options) => call('sendKbInquiry', { body }, o),
    startLiveChat: (body: RequestBody<'startLiveChat'>, o?: Options) => call('startLiveChat', { body }, o),
    postLiveChatMessage: (id: string, body: RequestBody<'postLiveChatMessage'>, o?: Options) => call('postLiveChatMessage', { params: { id }, body }, o),
    closeLiveChat: (id: string, o?: Options) => call('closeLiveChat', { params: { id } }, o),
    // Tracking (spec 001 §7, §9; the web app itself batches through app/tracking/ as a beacon)
    postBreadcrumb: (body: RequestBody<'postBreadcrumb'>, o?: Options) => call('postBreadcrumb', { body }, o),
    postTrackingEvent: (body: RequestBody<'postTrackingEvent'>, o?: Options) => call('postTrackingEvent', { body }, o),
    postTriggerEvent: (provider: string, body: RequestBody<'postTriggerEvent'>, o?: Options) =>
      call('postTriggerEvent', { params: { provider_event: `${provider}_event` }, body }, o),
    postTrackingBatch: (body: RequestBody<'postTrackingBatch'>, o?: Options) => call('postTrackingBatch', { body }, o),
  } satisfies OneMethodPerCall;
  return {
    /** Any call of the endpoint table by name (the methods below are the usual way). */
    call,
    ...methods,
  };
}

/** The client `createApiClient` returns. */
export type ApiClient = ReturnType<typeof createApiClient>;
