import type { ApiClient, ApiClientOptions, CallRoute, SessionApiClient } from '#api/client';
import { createLocalStorageTokenStore } from '#api/shared';
import { reportError } from './report-error';

/** The signed-in user's and guest's tokens, in localStorage (spec 000 §4.6); tiny, so always at hand. */
export const appTokens = createLocalStorageTokenStore();

export interface AppServices {
  api: ApiClient;
}

/** The API client of the session's calls and a signed-in page's first reads (api/client/session-client.ts). */
export interface SessionServices {
  api: SessionApiClient;
}

const clientOptions: ApiClientOptions = {
  tokens: appTokens,
  // Failures nobody can act on (network, 5xx, a contract mismatch) are reported (spec 000 §8).
  onUnhandled: (error, call) => reportError(`${call.method} ${call.endpoint}`, error),
};

let calls: Promise<SessionServices & { callRoute: CallRoute }> | undefined;
let services: Promise<AppServices> | undefined;

/**
 * The client of the session's calls and a signed-in page's first reads, loaded on first use: what the session, the
 * header's cart count and a feedback's first screen need, without the routes and methods of every other call.
 */
export function loadSessionServices(): Promise<SessionServices> {
  return loadCalls();
}

function loadCalls(): Promise<SessionServices & { callRoute: CallRoute }> {
  calls ??= import('../api/client/session-client').then(({ createCallRoute, createSessionApiClient }) => {
    const callRoute = createCallRoute(clientOptions);
    return { callRoute, api: createSessionApiClient(clientOptions, callRoute) };
  });
  return calls;
}

/**
 * The app's API client of every call, loaded on first use: a first-time visitor answering the public questions never
 * calls the API, so the client stays out of their first download. It sends its calls as the session's client does
 * (one token keeper: one refresh for both).
 */
export function loadAppServices(): Promise<AppServices> {
  services ??= (async () => {
    const [{ callRoute }, { createApiClient }] = await Promise.all([loadCalls(), import('../api/client/create-api-client')]);
    return { api: createApiClient(clientOptions, callRoute) };
  })();
  return services;
}

type Forwarded<K extends keyof ApiClient> = (...args: Parameters<ApiClient[K]>) => ReturnType<ApiClient[K]>;
const forward =
  <K extends keyof ApiClient>(name: K): Forwarded<K> =>
  (...args) =>
    loadAppServices().then<unknown>(({ api }) => (api[name] as unknown as (...a: Parameters<ApiClient[K]>) => ReturnType<ApiClient[K]>)(...args)) as ReturnType<
      ApiClient[K]
    >;

/** The API calls pages make, each loading the client on first use. */
export const api = {
  getHairProfile: forward('getHairProfile'),
  patchHairProfile: forward('patchHairProfile'),
  getAggressors: forward('getAggressors'),
  getScoring: forward('getScoring'),
  getProductRecommendations: forward('getProductRecommendations'),
  getPrescription: forward('getPrescription'),
  getFragrances: forward('getFragrances'),
  getSkeletonRecommendations: forward('getSkeletonRecommendations'),
  linkStylist: forward('linkStylist'),
  getStylist: forward('getStylist'),
  confirmEmailChange: forward('confirmEmailChange'),
  patchAccount: forward('patchAccount'),
};
