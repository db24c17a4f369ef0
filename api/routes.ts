// The one declaration of every call, part 1: method, path and authentication, without zod, so the browser bundle can
// carry it. api/endpoints.ts adds each call's schemas under the same name; the server implements each call by name
// (server/http/operation.ts `defineOperation('getAccount', ...)`), so neither side can drift from this table.

/**
 * Who may call, and what a bearer means:
 * - 'none': no bearer is sent, and the server ignores one.
 * - 'optional': the bearer is sent when there is one; the server checks it (401 token_not_valid when it is dead,
 *   and the client then drops the stored session).
 * - 'context': the bearer is sent when there is one only to say who asks (the guest following its own sign-in
 *   link); the operation reads it itself, and a token_not_valid answer is about the body's token, so the stored
 *   session is kept.
 * - 'required': a signed-in user's or a guest's bearer; without one, 401.
 */
export type EndpointAuth = 'none' | 'optional' | 'context' | 'required';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
}

/** The calls of spec 000 §7 (and API.md), keyed by the client method that makes them; api/endpoints.ts adds their schemas. */
// getStylist and getQuestionSets are public: no bearer goes with them ('none'), as the server never read one.
export const routes = {
  signUpGuest: { method: 'POST', path: '/v1/auth/signup/guest/', auth: 'none' },
  signUp: { method: 'POST', path: '/v1/auth/signup/', auth: 'optional' },
  requestMagicLink: { method: 'POST', path: '/v1/auth/signin/', auth: 'optional' },
  verifyMagicLink: { method: 'POST', path: '/v1/auth/signin/verify/', auth: 'context' },
  refresh: { method: 'POST', path: '/v1/auth/token/refresh/', auth: 'none' },
  signOut: { method: 'POST', path: '/v1/auth/signout/', auth: 'none' },
  getAccount: { method: 'GET', path: '/v1/account/', auth: 'required' },
  patchAccount: { method: 'PATCH', path: '/v1/account/', auth: 'required' },
  confirmEmailChange: { method: 'POST', path: '/v1/account/email/confirm/', auth: 'required' },
  getAddresses: { method: 'GET', path: '/v1/account/addresses', auth: 'required' },
  createAddress: { method: 'POST', path: '/v1/account/addresses', auth: 'required' },
  patchAddress: { method: 'PATCH', path: '/v1/account/addresses/:pubkey', auth: 'required' },
  deleteAddress: { method: 'DELETE', path: '/v1/account/addresses/:pubkey', auth: 'required' },
  linkStylist: { method: 'POST', path: '/v1/account/stylist', auth: 'required' },
  getStylist: { method: 'GET', path: '/v1/stylists/:public_slug', auth: 'none' },
  getQuestionSets: { method: 'GET', path: '/v1/question_sets', auth: 'none' },
  getHairProfile: { method: 'GET', path: '/v1/account/hair_profile/', auth: 'required' },
  patchHairProfile: { method: 'PATCH', path: '/v1/account/hair_profile/', auth: 'required' },
  getAggressors: { method: 'GET', path: '/v1/account/hair_profile/aggressors', auth: 'required' },
  getSkeletonRecommendations: { method: 'GET', path: '/v1/account/hair_profile/skeleton_recommendations', auth: 'required' },
  getScoring: { method: 'GET', path: '/v1/account/hair_profile/scoring', auth: 'required' },
  getFragrances: { method: 'GET', path: '/v1/account/hair_profile/fragrances', auth: 'required' },
  getIngredients: { method: 'GET', path: '/v1/account/hair_profile/ingredients', auth: 'required' },
  getIncis: { method: 'GET', path: '/v1/account/hair_profile/incis', auth: 'required' },
  getProductVariant: { method: 'POST', path: '/v1/account/hair_profile/variant', auth: 'required' },
  getRecommendationSlug: { method: 'POST', path: '/v1/account/hair_profile/recommendation_slug', auth: 'required' },
  getPrescription: { method: 'GET', path: '/v1/account/hair_profile/prescription/', auth: 'required' },
  getFormula: { method: 'GET', path: '/v1/account/hair_profile/formula', auth: 'required' },
  getProductRecommendations: { method: 'GET', path: '/v1/account/product_recommendations', auth: 'required' },
  // The web app's error reports (spec 000 §8; app/report-error.ts sends them as a beacon).
  reportClientError: { method: 'POST', path: '/v1/client_errors/', auth: 'none' },
  // Payments (API.md; the embedded test provider's card tokeniser, issue 14).
  tokenizeTestCard: { method: 'POST', path: '/v1/payments/test/tokenize', auth: 'none' },
  authenticateTestCharge: { method: 'POST', path: '/v1/payments/test/charges/:id/authenticate', auth: 'none' },
  approveTestWallet: { method: 'POST', path: '/v1/payments/test/wallet', auth: 'none' },
  // Saved payment methods (spec 001 §7 Payment methods): the customer's own.
  listPaymentMethods: { method: 'GET', path: '/v1/account/payments/', auth: 'required' },
  createPaymentMethod: { method: 'POST', path: '/v1/account/payments/', auth: 'required' },
  selectDefaultPaymentMethod: { method: 'POST', path: '/v1/account/payments/select_as_default/', auth: 'required' },
  deletePaymentMethod: { method: 'DELETE', path: '/v1/account/payments/:id/', auth: 'required' },
  getPaymentClientToken: { method: 'POST', path: '/v1/account/payments/token/', auth: 'required' },
  // The catalogue (spec 001 §7 Catalogue; API.md), public.
  getProducts: { method: 'GET', path: '/v1/products/', auth: 'none' },
  getCartSections: { method: 'GET', path: '/v1/cart_sections/', auth: 'none' },
  joinWaitlist: { method: 'POST', path: '/v1/products/:type/waitlist/', auth: 'none' },
  // Feature flags (spec 001 §7 Flags; API.md).
  getFlags: { method: 'GET', path: '/flags', auth: 'none' },
  // Carts (spec 001 §7 Cart; issue 13): the shopper's own, signed in or guest.
  getCart: { method: 'GET', path: '/v1/account/cart/', auth: 'required' },
  patchCart: { method: 'PATCH', path: '/v1/account/cart/', auth: 'required' },
  getUniversalCart: { method: 'GET', path: '/v2/cart/', auth: 'required' },
  createUniversalCart: { method: 'POST', path: '/v2/cart/', auth: 'required' },
  patchUniversalCart: { method: 'PATCH', path: '/v2/cart/', auth: 'required' },
  // Shipment preferences (spec 001 §7 Shipment preferences; api/README.md): the customer's default, and one cart's own.
  getCustomerShipmentPreference: { method: 'GET', path: '/v1/customer_shipment_preference/', auth: 'required' },
  setCustomerShipmentPreference: { method: 'PUT', path: '/v1/customer_shipment_preference/', auth: 'required' },
  getCartShipmentPreference: { method: 'GET', path: '/v1/cart_shipment_preference/', auth: 'required' },
  setCartShipmentPreference: { method: 'PUT', path: '/v1/cart_shipment_preference/', auth: 'required' },
  // Orders (spec 001 §7 Orders and payment; issue 14): the shopper's own, signed in or guest.
  placeOrder: { method: 'POST', path: '/v2/orders/', auth: 'required' },
  placeOrderV1: { method: 'POST', path: '/v1/place_order/', auth: 'required' },
  placeAccessoriesOrder: { method: 'POST', path: '/v2/cart/place-order/', auth: 'required' },
  listOrders: { method: 'GET', path: '/v2/orders/', auth: 'required' },
  getOrder: { method: 'GET', path: '/v2/orders/:pubkey/', auth: 'required' },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Fills `:name` path parameters, URL-encoded. */
export function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
