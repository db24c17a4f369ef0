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
import { buildPath, routes, type EndpointAuth, type HttpMethod, type Route, type RouteName, type Routes } from './routes';
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
import { shipmentCartQuery, shipmentPreference, shipmentPreferenceInput } from './schemas/shipment';
import { cartSections, productList, productsQuery, waitlistEntry, waitlistRequest } from './schemas/catalogue';

export { buildPath };
export type { EndpointAuth, HttpMethod };

// The one declaration of every call, part 2: the schemas of each call of api/routes.ts, under the same name.

/** What a call sends and answers: query and body as sent, the answer's body (`null`: none, 204). */
export interface CallSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
}

/** One call of the contract: the canonical path (`:name` for path parameters), its auth and its schemas. */
export type EndpointDefinition = Route & CallSchemas;

/** The schemas of every call of api/routes.ts; a name missing here, or one here that is not there, fails to compile. */
export const callSchemas = {
  // Identity (spec 000 §7, §4.6)
  signUpGuest: { response: tokenPair },
  signUp: { body: signupRequest, response: signupResponse },
  requestMagicLink: { body: signinRequest, response: signinResponse },
  verifyMagicLink: { body: verifyRequest, response: tokenPair },
  refresh: { body: refreshRequest, response: tokenPair },
  signOut: { body: signoutRequest, response: null },
  // Account and addresses
  getAccount: { response: user },
  patchAccount: { body: userPatch, response: user },
  confirmEmailChange: { body: confirmEmailRequest, response: user },
  getAddresses: { response: address.array() },
  createAddress: { body: addressInput, response: address },
  patchAddress: { body: addressPatch, response: address },
  deleteAddress: { response: null },
  linkStylist: { body: linkStylistRequest, response: user },
  getStylist: { response: stylist },
  // Consultation and profile
  getQuestionSets: { query: questionSetsQuery, response: questionSets },
  getHairProfile: { response: hairProfile },
  patchHairProfile: { body: hairProfilePatch, response: hairProfile },
  getAggressors: { response: aggressors },
  // Derived data (spec 000 §3.7)
  getSkeletonRecommendations: { query: skeletonRecommendationsQuery, response: skeletonRecommendations },
  getScoring: { query: optionalCategoryQuery, response: profileScoring },
  getFragrances: { query: fragrancesQuery, response: rankedFragrances },
  getIngredients: { query: optionalCategoryQuery, response: keyIngredients },
  getIncis: { query: categoryQuery, response: inciLists },
  getProductVariant: { body: productRequest, response: productVariant },
  getRecommendationSlug: { body: productRequest, response: recommendationSlug },
  getPrescription: { response: prescription },
  getFormula: { query: formulaQuery, response: skeletonFormula },
  getProductRecommendations: { query: productRecommendationsQuery, response: productRecommendations },
  reportClientError: { body: clientErrorReport, response: null },
  tokenizeTestCard: { body: testCardRequest, response: cardToken },
  approveTestWallet: { body: walletApproval, response: walletNonce },
  listPaymentMethods: { query: paymentMethodsQuery, response: paymentMethodList },
  createPaymentMethod: { body: newPaymentMethod, response: paymentMethod },
  selectDefaultPaymentMethod: { body: defaultPaymentMethod, response: paymentMethodList },
  deletePaymentMethod: { query: paymentMethodsQuery, response: null },
  getPaymentClientToken: { body: paymentClientTokenRequest, response: paymentClientToken },
  authenticateTestCharge: { body: chargeAuthentication, response: chargeOutcome },
  getProducts: { query: productsQuery, response: productList },
  getCartSections: { response: cartSections },
  joinWaitlist: { body: waitlistRequest, response: waitlistEntry },
  getFlags: { response: flags },
  getCart: { query: cartQuery, response: cart },
  patchCart: { query: cartCategoryQuery, body: cartPatch, response: cart },
  getUniversalCart: { response: cart },
  createUniversalCart: { body: cartCreate, response: cart },
  patchUniversalCart: { body: universalCartPatch, response: cart },
  getCustomerShipmentPreference: { response: shipmentPreference },
  setCustomerShipmentPreference: { body: shipmentPreferenceInput, response: shipmentPreference },
  getCartShipmentPreference: { query: shipmentCartQuery, response: shipmentPreference },
  setCartShipmentPreference: { query: shipmentCartQuery, body: shipmentPreferenceInput, response: shipmentPreference },
  placeOrder: { body: placeOrderRequest, response: order },
  placeOrderV1: { body: placeOrderV1Request, response: order },
  placeAccessoriesOrder: { body: placeOrderRequest, response: order },
  listOrders: { response: orderList },
  getOrder: { response: order },
} as const satisfies { [K in RouteName]: CallSchemas };

type CallSchemasTable = typeof callSchemas;
/** Compiles only while both tables name the same calls (`satisfies` above rejects missing and unknown names too). */
type SameNames<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : never;
const sameNames: SameNames<Routes, CallSchemasTable> = true;
void sameNames;

type Joined<A, B> = { [P in keyof A | keyof B]: P extends keyof B ? B[P] : P extends keyof A ? A[P] : never };
/** Every call of the contract: its route and its schemas. */
export type Endpoints = { [K in RouteName]: Joined<Routes[K], CallSchemasTable[K]> };

/** Every call of spec 000 §7 (and API.md) the web client makes, keyed by the client method that makes it. */
export const endpoints: Endpoints = joinTables(routes, callSchemas);

function joinTables<R extends Record<string, object>, S extends { [K in keyof R]: object }>(left: R, right: S): { [K in keyof R]: Joined<R[K], S[K]> } {
  const joined = Object.keys(left).map((name) => [name, { ...left[name], ...right[name] }]);
  return Object.fromEntries(joined) as { [K in keyof R]: Joined<R[K], S[K]> };
}

export type EndpointName = keyof Endpoints;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a call (`{ pubkey: string }` for `/v1/account/addresses/:pubkey`). */
export type PathParams<K extends EndpointName> = { [N in ParamNames<Routes[K]['path']>]: string };
/** What the caller sends as the body (the schema's input type), `undefined` when the call has none. */
export type RequestBody<K extends EndpointName> = Endpoints[K] extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The body after the contract's parsing (what the server, or a mock, receives). */
export type ParsedRequestBody<K extends EndpointName> = Endpoints[K] extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
export type RequestQuery<K extends EndpointName> = Endpoints[K] extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The query after the contract's parsing (what the server receives). */
export type ParsedRequestQuery<K extends EndpointName> = Endpoints[K] extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
/** What the call answers with, `undefined` for 204 calls. */
export type ResponseBody<K extends EndpointName> = Endpoints[K]['response'] extends infer S extends z.ZodType ? z.output<S> : undefined;
