import type { ApiClient } from '#api/client';
import { createLocalStorageTokenStore } from '#api/shared';
import { reportError } from './report-error';

/** The signed-in user's and guest's tokens, in localStorage (spec 000 §4.6); tiny, so always at hand. */
export const appTokens = createLocalStorageTokenStore();

export interface AppServices {
  api: ApiClient;
}

let services: Promise<AppServices> | undefined;

/**
 * The app's single API client, loaded on first use: a first-time visitor answering the public
 * questions never calls the API, so the client stays out of their first download.
 */
export function loadAppServices(): Promise<AppServices> {
  services ??= import('../api/client/create-api-client').then(({ createApiClient }) => ({
    // Failures nobody can act on (network, 5xx, a contract mismatch) are reported (spec 000 §8).
    api: createApiClient({ tokens: appTokens, onUnhandled: (error, call) => reportError(`${call.method} ${call.endpoint}`, error) }),
  }));
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
