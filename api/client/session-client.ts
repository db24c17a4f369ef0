import type { EndpointName, RequestBody, RequestQuery, ResponseBody } from '../endpoints';
import type { Routes } from '../routes';
import { createCallRoute, type ApiClientOptions, type CallInput, type CallOptions } from './call-endpoint';

export { createCallRoute, type CallRoute } from './call-endpoint';

type Options = CallOptions | undefined;

/**
 * The routes of the session's calls (spec 000 §4.6: sign-up, sign-in, sign-out, the account and its addresses, the kept
 * referral code) and of what a signed-in page asks first (the header's cart counts, a feedback's order and the account's
 * feedback): a copy of those rows of api/routes.ts, the type holding each to its row, so that a signed-in page loads
 * these dozen routes and not the table of every call (./create-api-client.ts, about 4 KB gzipped with its methods).
 */
export const sessionRoutes = {
  signUpGuest: { method: 'POST', path: '/v1/auth/signup/guest/', auth: 'none' },
  signUp: { method: 'POST', path: '/v1/auth/signup/', auth: 'optional' },
  requestMagicLink: { method: 'POST', path: '/v1/auth/signin/', auth: 'optional' },
  verifyMagicLink: { method: 'POST', path: '/v1/auth/signin/verify/', auth: 'context' },
  signOut: { method: 'POST', path: '/v1/auth/signout/', auth: 'none' },
  getAccount: { method: 'GET', path: '/v1/account/', auth: 'required' },
  getAddresses: { method: 'GET', path: '/v1/account/addresses', auth: 'required' },
  referCouponCustomer: { method: 'POST', path: '/v1/coupon_customers/', auth: 'required' },
  getCart: { method: 'GET', path: '/v1/account/cart/', auth: 'required' },
  getUniversalCart: { method: 'GET', path: '/v2/cart/', auth: 'required' },
  getOrder: { method: 'GET', path: '/v2/orders/:pubkey/', auth: 'required' },
  getAccountFeedback: { method: 'GET', path: '/v1/account/feedback', auth: 'required' },
} as const satisfies Partial<Routes>;

export type SessionCallName = keyof typeof sessionRoutes;

/** Sends a call by its name (the routes are the caller's). */
export type SessionCall<N extends EndpointName = SessionCallName> = <K extends N>(
  name: K,
  input: CallInput<K>,
  callOptions?: CallOptions,
) => Promise<ResponseBody<K>>;

/** The methods of the session's calls and a signed-in page's first reads, the same in the full client (./create-api-client.ts). */
export function sessionCalls(call: SessionCall) {
  return {
    // Identity
    signUpGuest: (o?: Options) => call('signUpGuest', {}, o),
    signUp: (body: RequestBody<'signUp'>, o?: Options) => call('signUp', { body }, o),
    requestMagicLink: (body: RequestBody<'requestMagicLink'>, o?: Options) => call('requestMagicLink', { body }, o),
    verifyMagicLink: (token: string, o?: Options) => call('verifyMagicLink', { body: { token } }, o),
    signOut: (refreshToken?: string, o?: Options) => call('signOut', { body: refreshToken ? { refresh: refreshToken } : {} }, o),
    // Account and addresses
    getAccount: (o?: Options) => call('getAccount', {}, o),
    getAddresses: (o?: Options) => call('getAddresses', {}, o),
    // Referrals (spec 001 §3, §7)
    referCouponCustomer: (body: RequestBody<'referCouponCustomer'>, o?: Options) => call('referCouponCustomer', { body }, o),
    // Carts (spec 001 §7 Cart): read for the header's count
    getCart: (query: RequestQuery<'getCart'> = {}, o?: Options) => call('getCart', { query }, o),
    getUniversalCart: (o?: Options) => call('getUniversalCart', {}, o),
    // An order and the account's feedback (spec 002 §7)
    getOrder: (pubkey: string, o?: Options) => call('getOrder', { params: { pubkey } }, o),
    getAccountFeedback: (o?: Options) => call('getAccountFeedback', {}, o),
  };
}

/**
 * A client of the session's calls and a signed-in page's first reads alone. `callRoute` is the full client's too when
 * both are made on it (app/app-services.ts), so that they share the tokens and their refresh.
 * @example const api = createSessionApiClient({ tokens }); const user = await api.getAccount();
 */
export function createSessionApiClient(options: ApiClientOptions, callRoute = createCallRoute(options)) {
  return sessionCalls((name, input, o) => callRoute(name, sessionRoutes[name], input, o));
}

/** The client `createSessionApiClient` returns: the full client (`ApiClient`) has every one of its methods. */
export type SessionApiClient = ReturnType<typeof createSessionApiClient>;
