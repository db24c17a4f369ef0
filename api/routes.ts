/** Every call's method, path and authentication, without schemas: what the browser client needs at run time. */
/**
 * 'optional': the bearer is sent when there is one, and a token_not_valid answer means it is dead. 'context': the
 * bearer is sent when there is one only to say who asks (the guest following its own sign-in link); token_not_valid
 * is then about the body's token, so the stored session is kept.
 */
export type EndpointAuth = 'none' | 'optional' | 'context' | 'required';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
}

/** The calls of spec 000 §7 (and API.md), keyed by the client method that makes them; api/endpoints.ts adds their schemas. */
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
  getStylist: { method: 'GET', path: '/v1/stylists/:public_slug', auth: 'optional' },
  getQuestionSets: { method: 'GET', path: '/v1/question_sets', auth: 'optional' },
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
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Fills `:name` path parameters, URL-encoded. */
export function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
