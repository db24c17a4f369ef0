import { z } from 'zod';
import { category, tokenPair } from './schemas/common';
import { refreshRequest, signinRequest, signinResponse, signoutRequest, signupRequest, signupResponse, verifyRequest } from './schemas/identity';
import { address, addressInput, addressPatch, confirmEmailRequest, linkStylistRequest, stylist, user, userPatch } from './schemas/account';
import {
  aggressors,
  fragrancesQuery,
  hairProfile,
  hairProfilePatch,
  questionSets,
  questionSetsQuery,
  productRecommendations,
  profileScoring,
  rankedFragrances,
  skeletonRecommendations,
  skeletonRecommendationsQuery,
  keyIngredients,
  inciLists,
  productVariant,
  recommendationSlug,
  prescription,
  skeletonFormula,
} from './schemas/profile';

import { buildPath, type EndpointAuth, type HttpMethod } from './routes';

export { buildPath };
export type { EndpointAuth, HttpMethod };

/** One call of the contract: the canonical path (`:name` for path parameters) and its schemas. `response: null` means no body (204). */
export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
}

// Queries and placeholder bodies of spec 000 §7 that have no schema in api/schemas yet.
const optionalCategory = z.object({ category: category.optional() }).strict();
const requiredCategory = z.object({ category }).strict();
const productRequest = z.object({ product: z.string().min(1) }).strict();
/** TODO(server): the derived-data responses (spec 000 §3.7) have no schema yet; typed `unknown` until they do. */
const notYetSpecified = z.unknown();

/** Every call of spec 000 §7 (and API.md) the web client makes, keyed by the client method that makes it. */
export const endpoints = {
  // Identity (spec 000 §7, §4.6)
  signUpGuest: { method: 'POST', path: '/v1/auth/signup/guest/', auth: 'none', response: tokenPair },
  signUp: { method: 'POST', path: '/v1/auth/signup/', auth: 'optional', body: signupRequest, response: signupResponse },
  requestMagicLink: { method: 'POST', path: '/v1/auth/signin/', auth: 'optional', body: signinRequest, response: signinResponse },
  verifyMagicLink: { method: 'POST', path: '/v1/auth/signin/verify/', auth: 'context', body: verifyRequest, response: tokenPair },
  refresh: { method: 'POST', path: '/v1/auth/token/refresh/', auth: 'none', body: refreshRequest, response: tokenPair },
  signOut: { method: 'POST', path: '/v1/auth/signout/', auth: 'none', body: signoutRequest, response: null },
  // Account and addresses
  getAccount: { method: 'GET', path: '/v1/account/', auth: 'required', response: user },
  patchAccount: { method: 'PATCH', path: '/v1/account/', auth: 'required', body: userPatch, response: user },
  confirmEmailChange: { method: 'POST', path: '/v1/account/email/confirm/', auth: 'required', body: confirmEmailRequest, response: user },
  getAddresses: { method: 'GET', path: '/v1/account/addresses', auth: 'required', response: z.array(address) },
  createAddress: { method: 'POST', path: '/v1/account/addresses', auth: 'required', body: addressInput, response: address },
  patchAddress: { method: 'PATCH', path: '/v1/account/addresses/:pubkey', auth: 'required', body: addressPatch, response: address },
  deleteAddress: { method: 'DELETE', path: '/v1/account/addresses/:pubkey', auth: 'required', response: null },
  linkStylist: { method: 'POST', path: '/v1/account/stylist', auth: 'required', body: linkStylistRequest, response: notYetSpecified },
  getStylist: { method: 'GET', path: '/v1/stylists/:public_slug', auth: 'optional', response: stylist },
  // Consultation and profile
  getQuestionSets: { method: 'GET', path: '/v1/question_sets', auth: 'optional', query: questionSetsQuery, response: questionSets },
  getHairProfile: { method: 'GET', path: '/v1/account/hair_profile/', auth: 'required', response: hairProfile },
  patchHairProfile: { method: 'PATCH', path: '/v1/account/hair_profile/', auth: 'required', body: hairProfilePatch, response: hairProfile },
  getAggressors: { method: 'GET', path: '/v1/account/hair_profile/aggressors', auth: 'required', response: aggressors },
  // Derived data (spec 000 §3.7)
  getSkeletonRecommendations: {
    method: 'GET',
    path: '/v1/account/hair_profile/skeleton_recommendations',
    auth: 'required',
    query: skeletonRecommendationsQuery,
    response: skeletonRecommendations,
  },
  getScoring: { method: 'GET', path: '/v1/account/hair_profile/scoring', auth: 'required', query: optionalCategory, response: profileScoring },
  getFragrances: { method: 'GET', path: '/v1/account/hair_profile/fragrances', auth: 'required', query: fragrancesQuery, response: rankedFragrances },
  getIngredients: { method: 'GET', path: '/v1/account/hair_profile/ingredients', auth: 'required', query: optionalCategory, response: keyIngredients },
  getIncis: { method: 'GET', path: '/v1/account/hair_profile/incis', auth: 'required', query: requiredCategory, response: inciLists },
  getProductVariant: { method: 'POST', path: '/v1/account/hair_profile/variant', auth: 'required', body: productRequest, response: productVariant },
  getRecommendationSlug: {
    method: 'POST',
    path: '/v1/account/hair_profile/recommendation_slug',
    auth: 'required',
    body: productRequest,
    response: recommendationSlug,
  },
  getPrescription: { method: 'GET', path: '/v1/account/hair_profile/prescription/', auth: 'required', response: prescription },
  getFormula: {
    method: 'GET',
    path: '/v1/account/hair_profile/formula',
    auth: 'required',
    query: z.object({ skeleton: z.string().min(1) }).strict(),
    response: skeletonFormula,
  },
  getProductRecommendations: {
    method: 'GET',
    path: '/v1/account/product_recommendations',
    auth: 'required',
    query: requiredCategory,
    response: productRecommendations,
  },
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

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
/** What the call answers with, `undefined` for 204 calls. */
export type ResponseBody<K extends EndpointName> = Endpoints[K]['response'] extends infer S extends z.ZodType ? z.output<S> : undefined;
